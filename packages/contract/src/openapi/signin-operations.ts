/**
 * Sign-in operations: the endpoints the spec's Sign-in table lists (OIDC initiate and
 * callback, TOTP login), plus credential login, logout and the current session that production
 * has and the spec does not show. Which of them exist at a version, and what they answer, is
 * the route table's (routes.ts); this adds what the document says about each.
 */
import type { Endpoint } from '@specgen/ir';
import { ref, type JsonSchema } from '../json-schema.ts';
import { signInSchemas } from '../payloads.ts';
import type { RouteContract } from '../route-types.ts';
import { SCHEMA_NAMES } from '../routes.ts';
import { PATH_PREFIX } from '../wire.ts';
import { PATH_PARAMS, SESSION_SECURITY, jsonBody } from './common.ts';
import { decision } from './decisions.ts';
import type { SchemaRegistry } from './schemas.ts';

function endpointOperation(registry: SchemaRegistry, route: RouteContract, e: Endpoint): JsonSchema {
  const query = route.query.map((q) => ({
    name: q.name,
    in: 'query',
    required: q.required,
    schema: /url/i.test(q.name) ? { type: 'string', format: 'uri' } : { type: 'string', minLength: 1 },
  }));
  let body: JsonSchema | null = route.body ? ref(route.body.schema) : null;
  // The initiate takes a LoginRequest without Username and Password (the server refuses them with 400).
  if (body && route.endpoint === 'oidcInitiate')
    body = { allOf: [body, { not: { anyOf: [{ required: ['Username'] }, { required: ['Password'] }] } }] };
  return {
    operationId: route.operationId,
    tags: ['Sign-in'],
    summary: `${e.method} ${e.path.slice(PATH_PREFIX.length + 1)}`,
    description: e.request,
    ...(e.since ? { 'x-since': e.since } : {}),
    security: [],
    parameters: [...PATH_PARAMS, ...query],
    ...(body ? { requestBody: jsonBody(body, undefined, route.body!.required) } : {}),
  };
}

function credentialLogin(registry: SchemaRegistry): JsonSchema {
  const name = registry.add(SCHEMA_NAMES.credentialLoginRequest, {
    ...signInSchemas(registry.spec).loginRequest,
    title: 'LoginRequest (credentials)',
    description:
      'The LoginRequest of a credential login: Username and Password required, with the lengths the server accepts.',
  });
  return {
    operationId: 'login',
    tags: ['Sign-in'],
    summary: 'POST login (credentials)',
    description:
      'Username and password login. ForceRelogin true ends the other sessions of the user. A user who requires multi-factor authentication gets SessionId null and an MfaToken for POST login/totp.',
    'x-decision': decision(registry.spec, 'credentialLogin'),
    security: [],
    parameters: [...PATH_PARAMS],
    requestBody: jsonBody(ref(name)),
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
  };
}

function currentSession(registry: SchemaRegistry): JsonSchema {
  registry.add(SCHEMA_NAMES.sessionInfo, {
    type: 'object',
    description: 'The session the request presents.',
    properties: {
      SessionId: { type: 'string', format: 'uuid' },
      Username: { type: 'string' },
      Permissions: {
        type: 'array',
        items: { type: 'string' },
        description: 'Permission names of the read-resources table.',
      },
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
  };
}

/** The operation (without responses) of a sign-in route. */
export function signInOperation(registry: SchemaRegistry, route: RouteContract): JsonSchema {
  const e = route.endpoint ? registry.spec.endpoints.find((x) => x.id === route.endpoint) : undefined;
  if (e) return endpointOperation(registry, route, e);
  if (route.operationId === 'login') return credentialLogin(registry);
  if (route.operationId === 'logout') return logout(registry);
  if (route.operationId === 'getSession') return currentSession(registry);
  throw new Error(`no document operation for sign-in route ${route.operationId}`);
}
