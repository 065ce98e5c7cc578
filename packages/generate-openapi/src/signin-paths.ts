/**
 * Sign-in operations: the endpoints the spec's Sign-in table lists (OIDC initiate and
 * callback, TOTP login), plus credential login and logout that production has and the spec
 * does not show. OIDC appears only from the version that introduced it.
 */
import { availableAt, type Endpoint, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { PATH_PARAMS, SESSION_SECURITY, jsonBody, jsonResponse, sessionStartHeaders } from './common.ts';
import { decision } from './decisions.ts';
import { errorResponses, jsonStringResponse } from './errors.ts';
import { ref, type JsonSchema } from './schema-types.ts';
import type { SchemaRegistry } from './schemas.ts';

export type PathItems = Record<string, Record<string, JsonSchema>>;

/** Whether an endpoint exists at `version`: its own `since`, and versioning rules like "OIDC from 25.8". */
export function endpointAvailable(spec: Spec, endpoint: Endpoint, version: string | null): boolean {
  if (version === null) return true;
  if (!availableAt(endpoint.since, version)) return false;
  return spec.versioning.every((rule) => rule.rule !== 'endpointsFrom' || !endpoint.path.includes(rule.pathContains) || availableAt(rule.version, version));
}

function structureRef(registry: SchemaRegistry, name: string | null): JsonSchema | null {
  const s = name ? registry.spec.structures.find((x) => x.name === name || x.label === name) : undefined;
  return s ? ref(registry.structure(s)) : null;
}

function endpointOperation(registry: SchemaRegistry, e: Endpoint): JsonSchema {
  const query = e.query.map((q) => ({
    name: q.name,
    in: 'query',
    required: q.required,
    schema: /url/i.test(q.name) ? { type: 'string', format: 'uri' } : { type: 'string', minLength: 1 },
  }));
  const body = structureRef(registry, e.body);
  const successBody = e.success.contentType === 'text/plain' ? { type: 'string' } : (structureRef(registry, e.success.body) ?? { type: 'object' });
  const startsSession = e.success.contentType === 'application/json' && /LoginResponse|authentication success/i.test(`${e.success.body} ${e.success.text}`);
  const success = {
    description: e.success.text,
    ...(startsSession ? { headers: sessionStartHeaders() } : {}),
    content: { [e.success.contentType]: { schema: successBody } },
  };
  return {
    operationId: naming.endpointMethod(e.id),
    tags: ['Sign-in'],
    summary: `${e.method} ${e.path.replace(/^\/\{languageCode\}\/\{companyNumber\}\//, '')}`,
    description: e.request,
    ...(e.since ? { 'x-since': e.since } : {}),
    security: [],
    parameters: [...PATH_PARAMS, ...query],
    ...(body ? { requestBody: jsonBody(body) } : {}),
    responses: { [String(e.success.status)]: success, ...errorResponses(registry.spec, e.id) },
  };
}

function credentialLogin(registry: SchemaRegistry): JsonSchema {
  const login = structureRef(registry, 'LoginRequest') ?? { type: 'object' };
  const response = structureRef(registry, 'LoginResponse') ?? { type: 'object' };
  return {
    operationId: 'login',
    tags: ['Sign-in'],
    summary: 'POST login (credentials)',
    description: 'Username and password login. ForceRelogin true ends the other sessions of the user. A user who requires multi-factor authentication gets SessionId null and an MfaToken for POST login/totp.',
    'x-decision': decision(registry.spec, 'credentialLogin'),
    security: [],
    parameters: [...PATH_PARAMS],
    requestBody: jsonBody({ allOf: [login, { required: ['Username', 'Password'] }] }),
    responses: {
      '200': jsonResponse('Signed in, or SessionId null and an MfaToken when a second factor is required.', response, sessionStartHeaders()),
      '400': jsonStringResponse('Malformed body.'),
      '403': jsonStringResponse('Unknown user or wrong password (one answer for both).', ['User login failed']),
      '429': { ...jsonStringResponse('Too many attempts.', ['Too many attempts']), 'x-decision': decision(registry.spec, 'throttling') },
    },
  };
}

function logout(registry: SchemaRegistry): JsonSchema {
  return {
    operationId: 'logout',
    tags: ['Sign-in'],
    summary: 'POST logout',
    description: 'Ends the current session on the server and clears the session cookie.',
    'x-decision': decision(registry.spec, 'logout'),
    security: SESSION_SECURITY,
    parameters: [...PATH_PARAMS],
    responses: {
      '204': { description: 'Session ended.' },
      '401': jsonStringResponse('No valid session.', ['Session is missing or invalid']),
      '403': jsonStringResponse('The session was suspended by another login.', ['Session suspended']),
    },
  };
}

function currentSession(registry: SchemaRegistry): JsonSchema {
  const name = registry.add('SessionInfo', {
    type: 'object',
    description: 'The session the request presents.',
    properties: {
      SessionId: { type: 'string', format: 'uuid' },
      Username: { type: 'string' },
      Permissions: { type: 'array', items: { type: 'string' }, description: 'Permission names of the read-resources table.' },
      $id: { type: 'string', description: 'Serialization reference marker.' },
    },
    required: ['SessionId', 'Username', 'Permissions'],
  });
  return {
    operationId: 'getSession',
    tags: ['Sign-in'],
    summary: 'GET session',
    description: 'The current session: 401 without one, 403 "Session suspended" after a ForceRelogin elsewhere.',
    'x-decision': decision(registry.spec, 'session'),
    security: SESSION_SECURITY,
    parameters: [...PATH_PARAMS],
    responses: {
      '200': jsonResponse('The session.', ref(name)),
      '401': jsonStringResponse('No valid session.', ['Session is missing or invalid']),
      '403': jsonStringResponse('The session was suspended by another login.', ['Session suspended']),
    },
  };
}

export function signInPaths(registry: SchemaRegistry): PathItems {
  const paths: PathItems = {
    '/{languageCode}/{companyNumber}/login': { post: credentialLogin(registry) },
    '/{languageCode}/{companyNumber}/logout': { post: logout(registry) },
    '/{languageCode}/{companyNumber}/session': { get: currentSession(registry) },
  };
  for (const e of registry.spec.endpoints) {
    if (!endpointAvailable(registry.spec, e, registry.version)) continue;
    const item = (paths[e.path] ??= {});
    item[e.method.toLowerCase()] = endpointOperation(registry, e);
  }
  return paths;
}
