/**
 * `POST .../login/oidc?redirectUrl=<url>`: checks the redirect address (exact match with the
 * registered one, RFC 9700 §2.1: no open redirect), builds the authorization request, keeps
 * state, nonce, PKCE verifier and the LoginRequest server-side for one use, bound to a fresh
 * HttpOnly cookie, and answers the authorization URL as text/plain.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorizationRequestOptions } from '@specgen/runtime-auth/oidc';
import type { ServerContext } from '../server-context.ts';
import { hashBinding, newBindingValue, readBindingCookie, setBindingCookie } from './binding-cookie.ts';
import { createFlow, discardFlows, purgeFlows } from './flows.ts';
import { sendOidcError, singleQueryValue } from './reply.ts';
import type { OidcRuntimeSettings } from './settings.ts';

/** Fixed request values for tests (for example an empty state to reach the configuration error). */
export type AuthorizationOverrides = () => AuthorizationRequestOptions;

export function initiateHandler(ctx: ServerContext, s: OidcRuntimeSettings, overrides: AuthorizationOverrides) {
  /** Housekeeping of spent flows runs now and then, not on every initiate. */
  let lastPurge = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const redirectUrl = singleQueryValue(request.query, 'redirectUrl');
    if (redirectUrl === null || redirectUrl === '') return sendOidcError(reply, 400, 'redirectUrlMissing');
    if (redirectUrl !== s.redirectUrl) return sendOidcError(reply, 400, 'redirectUrlMismatch');
    const loginRequest = parseLoginRequest(request.body);
    if (loginRequest === null) return sendOidcError(reply, 400, 'invalidBody');
    if (!s.relyingParty) return sendOidcError(reply, 503, 'notConfigured');

    // openid-client is loaded by the first sign-in through OIDC, not when the server starts.
    const { buildAuthorizationRequest, isOidcError, OIDC_ERRORS } = await import('@specgen/runtime-auth/oidc');
    let auth: Awaited<ReturnType<typeof buildAuthorizationRequest>>;
    try {
      auth = await buildAuthorizationRequest(s.relyingParty, overrides());
    } catch (err) {
      if (isOidcError(err, OIDC_ERRORS.stateMissingFromUrl)) return sendOidcError(reply, 400, 'stateMissingFromUrl');
      request.log.error({ err }, 'OIDC initiate failed');
      return sendOidcError(
        reply,
        503,
        isOidcError(err, OIDC_ERRORS.discoveryFailed) ? 'providerUnavailable' : 'notConfigured',
      );
    }

    const now = Date.now();
    const previous = readBindingCookie(request, s.cookieSecure);
    if (previous) await discardFlows(ctx.store, hashBinding(previous), now);
    if (now - lastPurge > s.flowLifetimeMs / 10) {
      lastPurge = now;
      await purgeFlows(ctx.store, now - 2 * s.flowLifetimeMs);
    }
    const binding = newBindingValue();
    await createFlow(ctx.store, {
      bindingHash: hashBinding(binding),
      state: auth.state,
      nonce: auth.nonce,
      codeVerifier: auth.codeVerifier,
      loginRequest: JSON.stringify(loginRequest),
      redirectUrl,
      createdAt: now,
    });
    setBindingCookie(reply, binding, s.cookieSecure, Math.ceil(s.flowLifetimeMs / 1000));
    return reply.code(200).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(auth.url);
  };
}

/**
 * The LoginRequest of an OIDC initiate: a JSON object (an absent body counts as `{}`) without
 * Username and Password; ForceRelogin, when present, a boolean. Other fields are kept as sent
 * (the spec says further fields are not shown).
 */
export function parseLoginRequest(body: unknown): Record<string, unknown> | null {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  if (record.Username !== undefined || record.Password !== undefined) return null;
  if (record.ForceRelogin !== undefined && typeof record.ForceRelogin !== 'boolean') return null;
  return record;
}
