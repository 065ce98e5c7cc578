/**
 * `POST /{languageCode}/{companyNumber}/login` (path from REFERENCE.md; the spec does not show it).
 * Wrong user and wrong password give the same 403 "User login failed" after the same scrypt work.
 * A user who requires MFA gets `{SessionId: null, MfaToken}`; the token's purpose is `login` when a
 * device is registered and `enrol` when not (docs/decisions/server.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newMfaToken, storageKey } from '@specgen/runtime-auth';
import { createMfaToken, findDevice, findUserByUsername } from '@specgen/runtime-store';
import { attemptKey } from '../attempts.ts';
import type { AuthRouteContext } from '../auth-context.ts';
import { loginResponse, MESSAGES, sendMessage, sendObject } from '../replies.ts';

interface LoginBody {
  Username: string;
  Password: string;
  ForceRelogin?: boolean;
}

/** The default `login` handler (skeleton/defaults.ts). */
export function loginHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest<{ Body: LoginBody }>, reply: FastifyReply) => {
    const { Username: username, Password: password, ForceRelogin: forceRelogin = false } = request.body;
    const key = attemptKey.password(username);
    const attempts = await ctx.attempts.check(key);
    if (attempts.blocked) return sendMessage(reply, 429, MESSAGES.tooManyAttempts);
    const user = await findUserByUsername(ctx.store, username);
    const passwordOk = await ctx.passwords.verify(user?.passwordHash ?? null, password);
    if (!user || !passwordOk || user.authMode !== 'password') {
      await ctx.attempts.failed(key);
      return sendMessage(reply, 403, MESSAGES.loginFailed);
    }
    if (attempts.failures > 0) await ctx.attempts.succeeded(key);
    if (user.mfaRequired) {
      const token = newMfaToken();
      const hasDevice = (await findDevice(ctx.store, user.id)) !== undefined;
      const now = ctx.now();
      await createMfaToken(ctx.store, {
        key: storageKey(token),
        userId: user.id,
        purpose: hasDevice ? 'login' : 'enrol',
        expiresAt: now + ctx.mfaTokenValidityMs,
        forceRelogin,
        now,
      });
      return sendObject(reply, 200, loginResponse(null, token));
    }
    const sessionId = await ctx.sessions.start(user.id, request, reply, { forceRelogin });
    return sendObject(reply, 200, loginResponse(sessionId, null));
  };
}
