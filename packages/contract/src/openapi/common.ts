/** Pieces every operation shares: path parameters, security, the session response header. */
import type { Spec } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import { SESSION_COOKIE, SESSION_HEADER } from '../wire.ts';
import { decision } from './decisions.ts';

export const paramRef = (name: string): JsonSchema => ({ $ref: `#/components/parameters/${name}` });

export const PATH_PARAMS = [paramRef('languageCode'), paramRef('companyNumber')];

/** Reads and commands: the session in the header, or in the cookie. */
export const SESSION_SECURITY = [{ sessionHeader: [] }, { sessionCookie: [] }];

export function commonParameters(): Record<string, JsonSchema> {
  return {
    languageCode: {
      name: 'languageCode',
      in: 'path',
      required: true,
      description: 'Two-letter ISO 639-1 language code.',
      schema: { type: 'string', pattern: '^[a-z]{2}$' },
      example: 'en',
    },
    companyNumber: {
      name: 'companyNumber',
      in: 'path',
      required: true,
      description: 'Company number, e.g. 001.1.',
      schema: { type: 'string', pattern: '^[0-9A-Za-z.]+$' },
      example: '001.1',
    },
  };
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
    [SESSION_HEADER]: { description: 'The new session id (absent while a second factor is required).', schema: { type: 'string', format: 'uuid' } },
    'Set-Cookie': { description: `Session cookie ${SESSION_COOKIE} (HttpOnly, SameSite=Lax); auth cookies may be set.`, schema: { type: 'string' } },
  };
}

export function jsonBody(schema: JsonSchema, description?: string, required = true): JsonSchema {
  return { ...(description ? { description } : {}), required, content: { 'application/json': { schema } } };
}

export function jsonResponse(description: string, schema: JsonSchema, headers?: Record<string, JsonSchema>): JsonSchema {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
}
