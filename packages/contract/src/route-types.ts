/**
 * The shape of one decided route: what the OpenAPI document describes as an operation and what
 * the server registers as a Fastify route. `routes(spec, version)` (routes.ts) returns them.
 */

/** What a route does: a sign-in step (incl. session and logout), a command, or a read. */
export type RouteKind = 'sign-in' | 'command' | 'list' | 'get';

/**
 * Who may call it: anyone; anyone, with a session when the body has no token
 * (GetMultiFactorDeviceSecret); a session; a session holding `permission` (read resources;
 * a resource without a permission needs only a session).
 */
export type RouteAccess = 'anonymous' | 'optional-session' | 'session' | 'permission';

/** The runtime's validation schema of a request body (see payloads.ts). */
export type PayloadName = 'loginRequest' | 'totpLoginRequest' | 'getDeviceSecretRequest' | 'setDeviceRequest';

export interface RequestBodyContract {
  /** Component schema of the document that describes the body. */
  schema: string;
  /** The runtime validation schema (payloads.ts), or null when the handler checks the body itself. */
  payload: PayloadName | null;
  required: boolean;
}

export type ResponseBody =
  /** A JSON string; `examples` are exact bodies the server sends. */
  | { kind: 'message'; examples: readonly string[] }
  /** A JSON value described by a component schema (an array of it when `array`). */
  | { kind: 'json'; schema: string; array?: boolean }
  | { kind: 'text' }
  | { kind: 'empty' };

export interface ResponseContract {
  description: string;
  body: ResponseBody;
  /** Sets the session header and cookie (a login that signed the user in). */
  startsSession?: boolean;
  /** Further response headers the spec names (e.g. the session id header of a command). */
  headers?: readonly string[];
  /** Name of the decision (openapi/decisions.ts) behind a status the spec does not state. */
  decision?: 'throttling';
}

export interface QueryParamContract {
  name: string;
  required: boolean;
}

export interface RouteContract {
  /** Operation id in the document; the handler name of the generated server. */
  operationId: string;
  kind: RouteKind;
  method: 'GET' | 'POST';
  /** OpenAPI path template, e.g. `/{languageCode}/{companyNumber}/login/totp`. */
  path: string;
  /** The same path as Fastify registers it, e.g. `/:languageCode/:companyNumber/login/totp`. */
  fastifyPath: string;
  /** The Fastify path inside the `/:languageCode/:companyNumber` prefix, e.g. `/login/totp`. */
  prefixedPath: string;
  /** Service version the route appeared in; null when always there. */
  since: string | null;
  access: RouteAccess;
  /** Permission a read resource needs (access `permission`). */
  permission: string | null;
  /** The IR endpoint id (sign-in endpoints the spec lists), command name or resource name behind the route. */
  endpoint: string | null;
  command: string | null;
  resource: string | null;
  /** Query parameters of a sign-in endpoint (read options are described by the document). */
  query: QueryParamContract[];
  body: RequestBodyContract | null;
  /** Every status the route can answer, keyed by the status code as text, ascending. */
  responses: Record<string, ResponseContract>;
  /** Per-address request limit of @fastify/rate-limit applies (sign-in and commands). */
  rateLimited: boolean;
}
