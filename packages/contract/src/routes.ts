/**
 * The decided routes of the service at one version, once, for the OpenAPI document, the
 * generated server and the runtime:
 *
 * - credential login, logout and the current session (production has them; the spec does not show them);
 * - the sign-in endpoints the spec lists (TOTP login, OIDC initiate and callback) that exist at the
 *   version by the versioning rules;
 * - the commands under {@link COMMANDS_PATH};
 * - list and get of every queryable read resource that exists at the version, under its read path.
 *
 * Each route carries every status it can answer with the body (responses.ts, messages.ts).
 */
import { statusMap } from './status-map.ts';
import { type Command, type Endpoint, type Resource, type Spec, stableIdentity } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { endpointsAt, readResourcesAt } from './availability.ts';
import { MESSAGES, OIDC_MESSAGES, READ_MESSAGES } from './messages.ts';
import { deepFreeze } from './openapi/deep-freeze.ts';
import { collectionPath, recordPath } from './read-path.ts';
import {
  BODY_ERRORS,
  PREFIX_ERRORS,
  RATE_LIMIT,
  SESSION_ERRORS,
  json,
  message,
  responses,
  type Responses,
} from './responses.ts';
import type { RequestBodyContract, RouteContract } from './route-types.ts';
import {
  COMMANDS_PATH,
  PATH_PREFIX,
  RATE_LIMIT_HEADERS,
  RETRY_AFTER,
  SET_COOKIE,
  fastifyPath,
  withinPrefix,
} from './wire.ts';

/** Component schema names the routes' bodies refer to. */
export const SCHEMA_NAMES = {
  loginRequest: naming.componentSchema(naming.structureType('LoginRequest')),
  credentialLoginRequest: 'CredentialLoginRequest',
  loginResponse: naming.componentSchema(naming.structureType('LoginResponse')),
  sessionInfo: 'SessionInfo',
  commandRequest: (command: string) => `${command}Request`,
  commandResponse: (command: string) => `${command}Response`,
  /** A record as `$select` answers it: the record's properties, none required (docs/openapi.md). */
  partialRecord: (resource: string) => `${naming.componentSchema(naming.recordType(resource))}Partial`,
  record: (resource: string) => naming.componentSchema(naming.recordType(resource)),
} as const;

type Draft = Omit<
  RouteContract,
  | 'fastifyPath'
  | 'prefixedPath'
  | 'responses'
  | 'endpoint'
  | 'command'
  | 'resource'
  | 'query'
  | 'permission'
  | 'rateLimited'
> &
  Partial<Pick<RouteContract, 'endpoint' | 'command' | 'resource' | 'query' | 'permission' | 'rateLimited'>> & {
    own: Responses;
    /** The route sets or clears cookies (session, OIDC binding) on some of its answers. */
    cookies?: boolean;
  };

/** The headers a response of the route may carry beyond its own: cookies, the rate limit's. */
function withHeaders(responses: Responses, d: Draft, rateLimited: boolean): Responses {
  const out: Responses = statusMap();
  for (const [status, r] of Object.entries(responses)) {
    const extra = [
      ...(d.cookies && !r.startsSession ? [SET_COOKIE] : []),
      ...(rateLimited ? RATE_LIMIT_HEADERS : []),
      ...(rateLimited && status === '429' ? [RETRY_AFTER] : []),
    ];
    out[status] = extra.length > 0 ? { ...r, headers: [...(r.headers ?? []), ...extra] } : r;
  }
  return out;
}

function finish(d: Draft): RouteContract {
  const { own, cookies: _cookies, ...rest } = d;
  const rateLimited = d.rateLimited ?? false;
  return {
    ...rest,
    fastifyPath: fastifyPath(d.path),
    prefixedPath: fastifyPath(withinPrefix(d.path)),
    endpoint: d.endpoint ?? null,
    command: d.command ?? null,
    resource: d.resource ?? null,
    query: d.query ?? [],
    permission: d.permission ?? null,
    rateLimited,
    // The route's own answers lead; what every route can meet on the way in follows.
    responses: withHeaders(
      responses(own, PREFIX_ERRORS, d.method === 'POST' ? BODY_ERRORS : {}, rateLimited ? RATE_LIMIT : {}),
      d,
      rateLimited,
    ),
  };
}

function fixedSignIn(): Draft[] {
  const loginResponse = SCHEMA_NAMES.loginResponse;
  return [
    {
      operationId: 'login',
      kind: 'sign-in',
      method: 'POST',
      path: `${PATH_PREFIX}/login`,
      since: null,
      access: 'anonymous',
      rateLimited: true,
      cookies: true,
      body: { schema: SCHEMA_NAMES.credentialLoginRequest, payload: 'loginRequest', required: true },
      own: {
        200: json('Signed in, or SessionId null and an MfaToken when a second factor is required.', loginResponse, {
          startsSession: true,
        }),
        400: message('Username or Password missing, empty or too long.'),
        403: message('Unknown user or wrong password (one answer for both).', [MESSAGES.loginFailed]),
        429: message('Too many failed logins for this username.', [MESSAGES.tooManyAttempts]),
      },
    },
    {
      operationId: 'logout',
      kind: 'sign-in',
      method: 'POST',
      path: `${PATH_PREFIX}/logout`,
      since: null,
      access: 'session',
      body: null,
      cookies: true,
      own: { 204: { description: 'Session ended.', body: { kind: 'empty' } }, ...SESSION_ERRORS },
    },
    {
      operationId: 'getSession',
      kind: 'sign-in',
      method: 'GET',
      path: `${PATH_PREFIX}/session`,
      since: null,
      access: 'session',
      body: null,
      own: { 200: json('The session.', SCHEMA_NAMES.sessionInfo), ...SESSION_ERRORS },
    },
  ];
}

const oidc = (...keys: Array<keyof typeof OIDC_MESSAGES>) => keys.map((k) => OIDC_MESSAGES[k]);

/** What the runtime answers for each sign-in endpoint the spec lists, beyond its success. */
const ENDPOINT_ERRORS: Record<string, Responses> = {
  totpLogin: {
    400: message('MfaToken or Code missing or malformed.'),
    401: message('Wrong or already used code (the MfaToken stays usable).', [MESSAGES.totpFailed]),
    410: message('Unknown, used or expired MfaToken.', [MESSAGES.totpFailed]),
    429: message('The last allowed wrong code for this MfaToken, or too many failures for the user.', [
      MESSAGES.totpFailed,
    ]),
  },
  oidcInitiate: {
    400: message(
      'redirectUrl missing or not the registered address, or a body with Username or Password.',
      oidc('redirectUrlMissing', 'redirectUrlMismatch', 'invalidBody', 'stateMissingFromUrl'),
    ),
    503: message(
      'OIDC sign-in is not configured (no issuer), or the identity provider cannot be reached.',
      oidc('notConfigured', 'providerUnavailable'),
    ),
  },
  oidcCallback: {
    400: message(
      'code or state missing, or no pending flow of this browser with this state.',
      oidc('codeOrStateMissing', 'invalidState'),
    ),
    401: message(
      'Code exchange or ID token validation failed, or no user is linked to the e-mail.',
      oidc('authenticationFailed', 'userNotLinked'),
    ),
    403: message('The linked user does not sign in with OIDC.', oidc('accessDenied')),
    410: message('The sign-in flow expired.', oidc('flowExpired')),
    429: message('Too many failed callbacks from this client address.', oidc('tooManyAttempts')),
  },
};

function endpointBody(spec: Spec, e: Endpoint): RequestBodyContract | null {
  if (!e.body) return null;
  const structure = spec.structures.find((s) => s.name === e.body || s.label === e.body);
  const schema = naming.componentSchema(naming.structureType(structure?.name ?? e.body));
  const payload = e.id === 'totpLogin' ? 'totpLoginRequest' : null;
  // The OIDC initiate body may be absent (it then counts as an empty LoginRequest).
  return { schema, payload, required: e.id !== 'oidcInitiate' };
}

function endpointRoute(spec: Spec, e: Endpoint): Draft {
  const structure = e.success.body
    ? spec.structures.find((s) => s.name === e.success.body || s.label === e.success.body)
    : undefined;
  const startsSession =
    e.success.contentType === 'application/json' &&
    /LoginResponse|authentication success/i.test(`${e.success.body} ${e.success.text}`);
  const success =
    e.success.contentType === 'text/plain'
      ? { description: e.success.text, body: { kind: 'text' as const } }
      : json(
          e.success.text,
          structure ? naming.componentSchema(naming.structureType(structure.name)) : SCHEMA_NAMES.loginResponse,
          startsSession ? { startsSession } : {},
        );
  return {
    operationId: naming.endpointMethod(e.id),
    kind: 'sign-in',
    method: e.method === 'GET' ? 'GET' : 'POST',
    path: e.path,
    since: e.since,
    access: 'anonymous',
    endpoint: e.id,
    query: e.query.map((q) => ({ name: q.name, required: q.required })),
    body: endpointBody(spec, e),
    rateLimited: e.id === 'totpLogin',
    // Sign-in endpoints set the session cookie, the OIDC ones also the flow's binding cookie.
    cookies: true,
    own: { [e.success.status]: success, ...(ENDPOINT_ERRORS[e.id] ?? {}) },
  };
}

function commandRoute(c: Command): Draft {
  const set = /^Set/.test(c.name);
  const payload = set ? 'setDeviceRequest' : 'getDeviceSecretRequest';
  const schema = c.response
    ? naming.componentSchema(naming.structureType(c.response))
    : SCHEMA_NAMES.commandResponse(c.name);
  const success = json(c.returns || 'Done.', schema, {
    ...(set ? { startsSession: true } : {}),
    ...(c.responseHeaders.length > 0 ? { headers: c.responseHeaders } : {}),
  });
  const invalid = set
    ? [MESSAGES.invalidMfaToken(c.name), MESSAGES.invalidCode(c.name)]
    : [MESSAGES.invalidMfaToken(c.name)];
  return {
    operationId: naming.commandMethod(c.name),
    kind: 'command',
    method: 'POST',
    path: `${COMMANDS_PATH}/${c.name}`,
    since: null,
    access: set ? 'anonymous' : 'optional-session',
    command: c.name,
    body: { schema: SCHEMA_NAMES.commandRequest(c.name), payload, required: set },
    rateLimited: true,
    cookies: set,
    own: {
      200: success,
      400: message(`Validation failed for command ${c.name}.`, invalid),
      ...(set
        ? { 429: message('Too many wrong codes for this MfaToken.', [MESSAGES.tooManyAttempts]) }
        : {
            401: message('No valid session and no MfaToken.', [MESSAGES.noSession, MESSAGES.sessionExpired]),
            403: SESSION_ERRORS[403]!,
          }),
    },
  };
}

/**
 * What every read route of a kind answers alike, whatever its resource (before the path
 * parameters' 400 is merged in): the OpenAPI document states each once, under
 * `components/responses` (openapi/shared-responses.ts).
 */
export const READ_ANSWERS = deepFreeze({
  unauthorized: message('No valid session.', [
    READ_MESSAGES.sessionRequired,
    MESSAGES.noSession,
    MESSAGES.sessionExpired,
  ]),
  listBadRequest: message(
    'A malformed query option, an unknown field or a literal out of range, with the position in the option.',
  ),
  getBadRequest: message('A malformed Id or query option.'),
});

/**
 * The list and get routes of a read resource, finished (as `finish` would make them, key for key and
 * in the same order, without a draft to copy: a large spec has 1,200 of them): no cookies, no rate
 * limit, so no headers to add; their answers are their own and the path parameters' 400.
 */
function readRoutes(spec: Spec, r: Resource): RouteContract[] {
  const denied: Responses = {
    401: READ_ANSWERS.unauthorized,
    403: message(`The session lacks the permission "${r.permission ?? 'required'}", or the session was suspended.`, [
      ...(r.permission ? [READ_MESSAGES.permissionRequired(r.permission, r.name)] : []),
      MESSAGES.sessionSuspended,
    ]),
  };
  const partial = SCHEMA_NAMES.partialRecord(r.name);
  const route = (operationId: string, kind: 'list' | 'get', path: string, own: Responses): RouteContract => ({
    since: r.introduced,
    access: 'permission',
    permission: r.permission ?? null,
    resource: r.name,
    body: null,
    method: 'GET',
    operationId,
    kind,
    path,
    fastifyPath: fastifyPath(path),
    prefixedPath: fastifyPath(withinPrefix(path)),
    endpoint: null,
    command: null,
    query: [],
    rateLimited: false,
    responses: responses(own, PREFIX_ERRORS),
  });
  return [
    route(naming.listOperation(r.name), 'list', collectionPath(spec, r), {
      200: {
        description: 'The records, a bare JSON array (only the fields $select names, when given).',
        body: { kind: 'json', schema: partial, array: true },
      },
      400: READ_ANSWERS.listBadRequest,
      ...denied,
    }),
    route(naming.getOperation(r.name), 'get', recordPath(spec, r), {
      200: json('The record (only the fields $select names, when given).', partial),
      400: READ_ANSWERS.getBadRequest,
      ...denied,
      404: message('No record with this Id.', [READ_MESSAGES.notFound(r.name, '123')]),
    }),
  ];
}

const cache = new WeakMap<Spec, Map<string | null, readonly RouteContract[]>>();

/**
 * Every route of the service at `version` (null = everything the spec names), in a stable order.
 * Computed once per spec object and version; the result is shared, so callers must not change it.
 */
export function routes(spec: Spec, version: string | null): readonly RouteContract[] {
  let byVersion = cache.get(spec);
  if (!byVersion) {
    byVersion = new Map();
    cache.set(spec, byVersion);
  }
  let list = byVersion.get(version);
  if (!list) {
    list = Object.freeze(buildRoutes(spec, version));
    byVersion.set(version, list);
  }
  return list;
}

/**
 * The finished read routes of each resource object, by read path prefix: they depend on nothing
 * else, so an unchanged resource (the same IR object, as the incremental parser keeps it) gives
 * the same route objects, and whatever is built from a route can be kept by its identity.
 */
const readRouteMemo = new WeakMap<Resource, { prefix: string; routes: readonly RouteContract[] }>();

function finishedReadRoutes(spec: Spec, r: Resource): readonly RouteContract[] {
  // by position-free identity (@specgen/ir identity.ts): routes carry no positions
  const kept = readRouteMemo.get(stableIdentity(r));
  if (kept && kept.prefix === spec.readPathPrefix) return kept.routes;
  const built = readRoutes(spec, r);
  readRouteMemo.set(stableIdentity(r), { prefix: spec.readPathPrefix, routes: built });
  return built;
}

function buildRoutes(spec: Spec, version: string | null): RouteContract[] {
  const drafts: Draft[] = [
    ...fixedSignIn(),
    ...endpointsAt(spec, version).map((e) => endpointRoute(spec, e)),
    ...spec.commands.map(commandRoute),
  ];
  return [...drafts.map(finish), ...readResourcesAt(spec, version).flatMap((r) => finishedReadRoutes(spec, r))];
}

/** The route with this operation id, if the service has it at `version`. */
export function findRoute(spec: Spec, version: string | null, operationId: string): RouteContract | undefined {
  return routes(spec, version).find((r) => r.operationId === operationId);
}
