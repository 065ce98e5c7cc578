/**
 * Names on the wire that every side must spell the same way: the session header and cookie,
 * the path prefix every route lives under, the commands prefix, and the two spellings of a
 * path (OpenAPI `{name}` templates and Fastify `:name` parameters).
 */

/** Request and response header carrying the session id (production name). */
export const SESSION_HEADER = 'X-Service-SessionId';
/** The session cookie set at login for browsers. */
export const SESSION_COOKIE = 'ServiceSessionId';

/** `__Host-` prefix when the cookie is Secure (it then also requires Path=/ and no Domain). */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Every service route starts with the language code and the company number. */
export const PATH_PREFIX = '/{languageCode}/{companyNumber}';
/** The same prefix as a Fastify route prefix. */
export const FASTIFY_PREFIX = '/:languageCode/:companyNumber';

/** Commands inside the prefix: production's `/api/v1/{Module}/{Namespace}/{Command}` pattern. */
export const COMMANDS_PREFIX = '/api/v1/Common/Commands';
/** The commands prefix as a full OpenAPI path. */
export const COMMANDS_PATH = `${PATH_PREFIX}${COMMANDS_PREFIX}`;

/** `/{languageCode}/{companyNumber}/x/{Id}` -> `/:languageCode/:companyNumber/x/:Id`. */
export function fastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/** The part of an OpenAPI path after {@link PATH_PREFIX}, e.g. `/login/totp`; the path itself when it lacks the prefix. */
export function withinPrefix(openApiPath: string): string {
  return openApiPath.startsWith(`${PATH_PREFIX}/`) ? openApiPath.slice(PATH_PREFIX.length) : openApiPath;
}

/** Headers of @fastify/rate-limit on the rate-limited routes (`Retry-After` with a 429 only). */
export const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;
export const RETRY_AFTER = 'Retry-After';
export const SET_COOKIE = 'Set-Cookie';
