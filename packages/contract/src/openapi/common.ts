/** Pieces every operation shares: path parameters, security, the session response header. */
import type { Spec } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import { SESSION_COOKIE, SESSION_HEADER } from '../wire.ts';
import { PATH_PARAMETERS } from '../wire-facts/index.ts';
import { decision } from './decisions.ts';
import { deepFreeze } from './deep-freeze.ts';

export const paramRef = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` });

// The constants below are in every operation: deep-frozen, so that a reader may know them by
// identity (generate-server's literal table of `schemas.ts`) and no one can change them for all.
export const PATH_PARAMS = deepFreeze([paramRef('languageCode'), paramRef('companyNumber')]);

/** Reads and commands: the session in the header, or in the cookie. */
export const SESSION_SECURITY = deepFreeze([{ sessionHeader: [] }, { sessionCookie: [] }]);

/** The `$ref`s of the shared query parameters of every list operation. */
export const QUERY_PARAMETER_REFS = deepFreeze({
  filter: paramRef('filter'),
  top: paramRef('top'),
  skip: paramRef('skip'),
});

/** The `Id` path parameter of every get operation. */
export const ID_PATH_PARAMETER: JsonSchema = deepFreeze({
  name: 'Id',
  in: 'path',
  required: true,
  description: 'Business key (Int64).',
  schema: { type: 'string', pattern: '^-?[0-9]+$', format: 'int64' },
});

export function commonParameters(): Record<string, JsonSchema> {
  const parameter = (p: (typeof PATH_PARAMETERS)[number]): JsonSchema => ({
    name: p.name,
    in: 'path',
    required: true,
    description: p.description,
    schema: { type: 'string', pattern: p.pattern },
    example: p.example,
  });
  return Object.fromEntries(PATH_PARAMETERS.map((p) => [p.name, parameter(p)]));
}

export function securitySchemes(spec: Spec): Record<string, JsonSchema> {
  return {
    sessionHeader: {
      type: 'apiKey',
      in: 'header',
      name: SESSION_HEADER,
      description: 'The SessionId (GUID) returned by a login, sent on every later request.',
      'x-decision': decision(spec, 'session'),
    },
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: `HttpOnly session cookie set by a successful login (for browsers); named __Host-${SESSION_COOKIE} when the service runs with Secure cookies (https).`,
      'x-decision': decision(spec, 'session'),
    },
  };
}

/** Headers of a response that starts a session. */
export function sessionStartHeaders(): Record<string, JsonSchema> {
  return {
    [SESSION_HEADER]: {
      description: 'The new session id (absent while a second factor is required).',
      schema: { type: 'string', format: 'uuid' },
    },
    'Set-Cookie': {
      description: `Session cookie ${SESSION_COOKIE} (HttpOnly, SameSite=Lax); auth cookies may be set.`,
      schema: { type: 'string' },
    },
  };
}

export function jsonBody(schema: JsonSchema, description?: string, required = true): JsonSchema {
  return { ...(description ? { description } : {}), required, content: { 'application/json': { schema } } };
}

export function jsonResponse(
  description: string,
  schema: JsonSchema,
  headers?: Record<string, JsonSchema>,
): JsonSchema {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
}
