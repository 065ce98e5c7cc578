/**
 * `POST .../login/totp` {MfaToken, Code}: 410 "Login failed" for a wrong, used or expired token;
 * 401 "Login failed" for a wrong or already used code (the token stays usable); the
 * `maxCodeFailures`-th wrong code ends the token with 429 (also "Login failed"). Success starts a session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { openDevice, storageKey, verifyTotp } from '@specgen/runtime-auth';
import { findDevice, findMfaToken, recordMfaFailure, redeemMfaToken } from '@specgen/runtime-store';
import { attemptKey } from '../attempts.ts';
import type { AuthRouteContext } from '../auth-context.ts';
import { loginResponse, MESSAGES, sendMessage, sendObject } from '../replies.ts';

interface TotpBody {
  MfaToken: string;
  Code: number;
}

/** The default `totpLogin` handler (skeleton/defaults.ts). */
export function totpLoginHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest<{ Body: TotpBody }>, reply: FastifyReply) => {
    const key = storageKey(request.body.MfaToken);
    const now = ctx.now();
    const token = await findMfaToken(ctx.store, key);
    if (token && token.failedAttempts >= ctx.settings.maxCodeFailures)
      return sendMessage(reply, 429, MESSAGES.totpFailed);
    if (!token || token.purpose !== 'login' || token.consumedAt !== null || token.expiresAt <= now)
      return sendMessage(reply, 410, MESSAGES.totpFailed);
    const device = await findDevice(ctx.store, token.userId);
    if (!device) return sendMessage(reply, 410, MESSAGES.totpFailed);
    const attempts = await ctx.attempts.check(attemptKey.totp(token.userId));
    if (attempts.blocked) return sendMessage(reply, 429, MESSAGES.totpFailed);

    const step = verifyTotp(
      openDevice(ctx.config.secretsKey, device.encryptedSecret, token.userId),
      request.body.Code,
      now,
    );
    const redeemed = step === null ? null : await redeemMfaToken(ctx.store, key, token.userId, step, now);
    if (redeemed?.ok) {
      if (attempts.failures > 0) await ctx.attempts.succeeded(attemptKey.totp(token.userId));
      const sessionId = await ctx.sessions.start(token.userId, request, reply, {
        forceRelogin: redeemed.token.forceRelogin,
      });
      return sendObject(reply, 200, loginResponse(sessionId, null));
    }
    if (redeemed?.reason === 'tokenGone') return sendMessage(reply, 410, MESSAGES.totpFailed);
    // A wrong code, or a right code that was used already (RFC 6238 §5.2).
    await ctx.attempts.failed(attemptKey.totp(token.userId));
    const failures = await recordMfaFailure(ctx.store, key, ctx.settings.maxCodeFailures, now);
    if (failures === null) return sendMessage(reply, 410, MESSAGES.totpFailed);
    if (failures >= ctx.settings.maxCodeFailures) return sendMessage(reply, 429, MESSAGES.totpFailed);
    return sendMessage(reply, 401, MESSAGES.totpFailed);
  };
}
