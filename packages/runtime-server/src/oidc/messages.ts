/**
 * Bodies of the OIDC error responses. The spec leaves them "not shown"; the production service
 * answers errors with a JSON string, so each is a JSON string naming the failed rule without
 * revealing secrets (see docs/decisions/oidc.md).
 */
export const OIDC_MESSAGES = {
  redirectUrlMissing: 'redirectUrl is required',
  redirectUrlMismatch: 'redirectUrl does not match the registered redirect address',
  invalidBody: 'Body must be a JSON LoginRequest without Username and Password',
  stateMissingFromUrl: 'The authorization URL lacks state (OIDC configuration problem)',
  notConfigured: 'OIDC sign-in is not configured',
  providerUnavailable: 'The identity provider is unavailable',
  codeOrStateMissing: 'code and state are required',
  invalidState: 'Invalid state or missing PKCE verifier (stale or wrong session)',
  flowExpired: 'OIDC sign-in flow expired',
  authenticationFailed: 'OIDC authentication failed',
  userNotLinked: 'No user is linked to this OIDC e-mail',
  accessDenied: 'Access denied by policy',
  tooManyAttempts: 'Too many attempts',
} as const;

export type OidcMessage = keyof typeof OIDC_MESSAGES;
