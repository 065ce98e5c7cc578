/**
 * Completing the sign-in: the authorization response is checked (state, `iss` per RFC 9207),
 * the code is exchanged with the PKCE verifier, and the ID token is validated by openid-client
 * per OpenID Connect Core §3.1.3.7: `iss` equals the issuer, `aud` contains the client id,
 * the signature verifies with the issuer's JWKS under an expected asymmetric `alg` (never
 * `none`), `exp` is in the future, `iat` is present, `sub` is present and `nonce` matches.
 * The e-mail comes from the ID token, or from UserInfo (whose `sub` must match) when absent.
 */
import * as client from 'openid-client';
import { OIDC_ERRORS, OidcError } from './errors.ts';
import { providerConfiguration, redirectUriOf, type RelyingPartySettings } from './provider.ts';

export interface CallbackParameters {
  code: string;
  state: string;
  /** RFC 9207 issuer identifier of the authorization response, when the client forwarded it. */
  iss?: string | null;
}

/** The one-use secrets kept server-side between initiate and callback. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider's `email_verified` claim; null when it states nothing. */
  emailVerified: boolean | null;
}

export async function completeAuthorization(
  settings: RelyingPartySettings,
  params: CallbackParameters,
  pending: PendingAuthorization,
): Promise<VerifiedIdentity> {
  const config = await providerConfiguration(settings);
  return completeAuthorizationWith(config, settings, params, pending);
}

export async function completeAuthorizationWith(
  config: client.Configuration,
  settings: RelyingPartySettings,
  params: CallbackParameters,
  pending: PendingAuthorization,
): Promise<VerifiedIdentity> {
  const currentUrl = authorizationResponseUrl(config, settings, params);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (cause) {
    const isProviderError = cause instanceof client.AuthorizationResponseError;
    throw new OidcError(
      isProviderError ? OIDC_ERRORS.providerError : OIDC_ERRORS.tokenRejected,
      `${isProviderError ? 'identity provider returned an error' : 'code exchange or ID token validation failed'}: ${describe(cause)}`,
      { cause },
    );
  }
  const claims = tokens.claims();
  if (!claims) throw new OidcError(OIDC_ERRORS.tokenRejected, 'the token response has no ID token');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let emailVerified = typeof claims.email_verified === 'boolean' ? claims.email_verified : null;
  if (email === null && config.serverMetadata().userinfo_endpoint) {
    const info = await userInfo(config, tokens.access_token, claims.sub);
    email = typeof info.email === 'string' ? info.email : null;
    emailVerified = typeof info.email_verified === 'boolean' ? info.email_verified : null;
  }
  return { issuer: claims.iss, subject: claims.sub, email, emailVerified };
}

async function userInfo(config: client.Configuration, accessToken: string, sub: string) {
  try {
    return await client.fetchUserInfo(config, accessToken, sub);
  } catch (cause) {
    throw new OidcError(OIDC_ERRORS.tokenRejected, `UserInfo request failed: ${describe(cause)}`, { cause });
  }
}

/**
 * The URL the provider redirected to. The spec's callback carries only code and state; when
 * the provider advertises RFC 9207 and the client did not forward `iss`, the configured issuer
 * is assumed: with exactly one configured provider there is no mix-up to detect.
 */
function authorizationResponseUrl(
  config: client.Configuration,
  settings: RelyingPartySettings,
  p: CallbackParameters,
): URL {
  const url = new URL(redirectUriOf(settings));
  url.searchParams.set('code', p.code);
  url.searchParams.set('state', p.state);
  const metadata = config.serverMetadata();
  const iss = p.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : null);
  if (iss) url.searchParams.set('iss', iss);
  return url;
}

/** `CODE: message: reason`, the evidence oauth4webapi attaches (never token contents). */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  const cause = (e as { cause?: unknown }).cause;
  const reason =
    cause instanceof Error && cause.message !== e.message
      ? `: ${cause.message}`
      : typeof (cause as { error?: unknown })?.error === 'string'
        ? `: ${(cause as { error: string }).error}`
        : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${e.message}${reason}`;
}
