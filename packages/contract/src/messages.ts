/**
 * Error bodies. Every error answers a JSON string (production style); these are the exact
 * strings, kept once so the runtime sends them and the document shows them as examples.
 * The OIDC texts name the failed rule without revealing secrets (docs/decisions/oidc.md).
 */
import { SESSION_HEADER } from './wire.ts';

export const MESSAGES = {
  loginFailed: 'User login failed',
  totpFailed: 'Login failed',
  tooManyAttempts: 'Too many attempts',
  noSession: 'Session is missing or invalid',
  sessionExpired: 'Session expired',
  sessionSuspended: 'Session suspended',
  invalidMfaToken: (command: string) => `Validation failed for command ${command}: Invalid or expired MfaToken.`,
  invalidCode: (command: string) => `Validation failed for command ${command}: Invalid code.`,
} as const;

/** Bodies of the OIDC error responses (the spec leaves them "not shown"). */
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

/** Bodies of the read resources. */
export const READ_MESSAGES = {
  sessionRequired: `A valid session is required (header ${SESSION_HEADER} or the session cookie).`,
  permissionRequired: (permission: string, resource: string) =>
    `The permission "${permission}" is required to read ${resource}.`,
  notFound: (resource: string, id: string) => `${resource} ${id} was not found`,
  badId: (reason: string) => `Id: ${reason}`,
} as const;

/** Bodies of failures every route can meet (path parameters, body parsing), sent by the server core. */
export const REQUEST_MESSAGES = {
  languageCode: 'languageCode must be a two-letter ISO 639-1 code, e.g. en',
  companyNumber: 'companyNumber must look like 001.1',
  invalidRequest: (detail: string) => `Invalid request: ${detail}`,
  malformedJson: 'Malformed JSON body',
  emptyJson: 'The JSON body must not be empty',
  bodyTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported Content-Type: send application/json',
  internal: 'Internal server error',
  noRoute: (method: string, path: string) => `No route ${method} ${path}`,
} as const;
