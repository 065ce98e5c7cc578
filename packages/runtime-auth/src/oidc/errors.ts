/**
 * Error codes of the OIDC relying party. Every failed check throws an `OidcError` whose `code`
 * says which rule failed and whose `cause` carries the evidence (expected vs received, or the
 * underlying openid-client error), in the spirit of oauth4webapi.
 */
export const OIDC_ERRORS = {
  /** The provider's discovery document could not be fetched or is invalid (configuration). */
  discoveryFailed: 'OIDC_DISCOVERY_FAILED',
  /** The settings cannot work (for example a redirect address with a query string). */
  invalidConfiguration: 'OIDC_INVALID_CONFIGURATION',
  /** The built authorization URL lacks `state` (configuration problem; spec: initiate 400). */
  stateMissingFromUrl: 'OIDC_STATE_MISSING_FROM_URL',
  /** A PKCE verifier outside RFC 7636 §4.1 (43-128 characters of [A-Za-z0-9-._~]). */
  invalidVerifier: 'OIDC_INVALID_VERIFIER',
  /** The provider answered the callback with `error=` (for example access_denied). */
  providerError: 'OIDC_PROVIDER_ERROR',
  /** The code exchange or ID token validation failed (issuer, audience, signature, expiry, nonce, sub). */
  tokenRejected: 'OIDC_TOKEN_REJECTED',
  /** The ID token carries no usable e-mail. */
  emailMissing: 'OIDC_EMAIL_MISSING',
} as const;

export type OidcErrorCode = (typeof OIDC_ERRORS)[keyof typeof OIDC_ERRORS];

export class OidcError extends Error {
  readonly code: OidcErrorCode;
  constructor(code: OidcErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
    this.code = code;
  }
}

export function isOidcError(e: unknown, code?: OidcErrorCode): e is OidcError {
  return e instanceof OidcError && (code === undefined || e.code === code);
}
