/**
 * `GET .../login/oidc/callback?code=&state=`: the spec's callback rules in order — attempt
 * limit (429), code and state present (400), the browser's pending flow with this state taken
 * atomically (400 otherwise), flow age (410), code exchange and ID token validation (401),
 * the linked user (401) in OIDC mode (403), then a new session: LoginResponse with SessionId
 * and MfaToken null. The service's own TOTP step is not used here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OidcError } from '@specgen/runtime-auth/oidc';
import type { ServerContext } from '../server-context.ts';
import { recordFailedAttempt, tooManyAttempts, type AttemptLimit } from './attempts.ts';
import { clearBindingCookie, hashBinding, readBindingCookie } from './binding-cookie.ts';
import { takeFlow } from './flows.ts';
import type { OidcMessage } from './messages.ts';
import { sendOidcError, singleQueryValue } from './reply.ts';
import type { OidcRuntimeSettings } from './settings.ts';
import { resolveOidcUser } from './user-link.ts';

export function callbackHandler(ctx: ServerContext, s: OidcRuntimeSettings) {
  const limit: AttemptLimit = { max: s.maxFailedAttempts, windowMs: s.attemptWindowMs };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = Date.now();
    if (await tooManyAttempts(ctx.store, request.ip, limit, now)) return sendOidcError(reply, 429, 'tooManyAttempts');
    const fail = async (status: number, message: OidcMessage) => {
      await recordFailedAttempt(ctx.store, request.ip, limit, now);
      return sendOidcError(reply, status, message);
    };

    const code = singleQueryValue(request.query, 'code');
    const state = singleQueryValue(request.query, 'state');
    if (!code || !state || code === 'repeated' || state === 'repeated') return fail(400, 'codeOrStateMissing');
    const binding = readBindingCookie(request, s.cookieSecure);
    if (!binding) return fail(400, 'invalidState');
    const flow = await takeFlow(ctx.store, hashBinding(binding), state, now);
    if (!flow) return fail(400, 'invalidState');
    clearBindingCookie(reply, s.cookieSecure);
    if (now - flow.createdAt > s.flowLifetimeMs) return fail(410, 'flowExpired');
    if (!s.relyingParty) return fail(401, 'authenticationFailed');

    const iss = singleQueryValue(request.query, 'iss');
    // openid-client is loaded by the first sign-in through OIDC, not when the server starts.
    const { completeAuthorization } = await import('@specgen/runtime-auth/oidc');
    let identity: Awaited<ReturnType<typeof completeAuthorization>>;
    try {
      identity = await completeAuthorization(
        s.relyingParty,
        { code, state, iss: iss === 'repeated' ? null : iss },
        { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
      );
    } catch (err) {
      const e = err as OidcError;
      request.log.warn({ code: e.code, reason: e.message }, 'OIDC callback rejected');
      return fail(401, 'authenticationFailed');
    }

    const resolution = await resolveOidcUser(ctx.store, identity);
    if (!resolution.ok) return fail(resolution.status, resolution.reason);
    const forceRelogin = (JSON.parse(flow.loginRequest) as { ForceRelogin?: unknown }).ForceRelogin === true;
    const sessionId = await ctx.startSession(resolution.user.id, request, reply, { forceRelogin });
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ $id: '1', SessionId: sessionId, MfaToken: null });
  };
}
