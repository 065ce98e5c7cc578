/**
 * Building the authorization request (OpenID Connect Core §3.1.2.1) for the Authorization
 * Code flow with PKCE S256, a fresh `state` (CSRF, RFC 9700 §2.1) and a fresh `nonce`
 * (replay of ID tokens, Core §3.1.2.1). PKCE and nonce are sent even when the provider does
 * not advertise PKCE support: a provider that ignores them cannot weaken the checks.
 */
import * as client from 'openid-client';
import { OIDC_ERRORS, OidcError } from './errors.ts';
import { createPkcePair, PKCE_METHOD } from './pkce.ts';
import { effectiveScopes, providerConfiguration, redirectUriOf, type RelyingPartySettings } from './provider.ts';

export interface AuthorizationRequest {
  /** Where the user agent is sent. */
  url: string;
  /** Secrets to keep server-side for exactly one callback. */
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationRequestOptions {
  /** Fixed values (tests, RFC vectors); fresh random values otherwise. */
  state?: string;
  nonce?: string;
  codeVerifier?: string;
}

export async function buildAuthorizationRequest(
  settings: RelyingPartySettings,
  options: AuthorizationRequestOptions = {},
): Promise<AuthorizationRequest> {
  const config = await providerConfiguration(settings);
  return authorizationRequestFor(config, settings, options);
}

/** Same as `buildAuthorizationRequest`, for an already discovered configuration. */
export async function authorizationRequestFor(
  config: client.Configuration,
  settings: RelyingPartySettings,
  options: AuthorizationRequestOptions = {},
): Promise<AuthorizationRequest> {
  const pkce = await createPkcePair(options.codeVerifier);
  const state = options.state ?? client.randomState();
  const nonce = options.nonce ?? client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUriOf(settings),
    response_type: 'code',
    scope: effectiveScopes(settings.scopes).join(' '),
    state,
    nonce,
    code_challenge: pkce.challenge,
    code_challenge_method: PKCE_METHOD,
  });
  assertHasState(url);
  return { url: url.href, state, nonce, codeVerifier: pkce.verifier };
}

/** Spec, OIDC initiate errors: "The generated authorization URL lacks state (configuration problem)". */
export function assertHasState(url: URL): void {
  const state = url.searchParams.get('state');
  if (!state) {
    throw new OidcError(OIDC_ERRORS.stateMissingFromUrl, 'the authorization URL has no state parameter', {
      cause: { url: url.href },
    });
  }
}
