/**
 * The statuses of the routes and their bodies, as the server answers them. Each route's own
 * answers (routes.ts) are merged with what every route can meet on the way in: a malformed
 * `languageCode`/`companyNumber` (400), a JSON body that does not parse or validate (400), is
 * too large (413) or is not JSON (415), and the per-address limit of the sign-in routes (429).
 */
import { deepFreeze } from './openapi/deep-freeze.ts';
import { statusMap } from './status-map.ts';
import { MESSAGES, REQUEST_MESSAGES } from './messages.ts';
import type { ResponseContract } from './route-types.ts';

export type Responses = Record<string, ResponseContract>;

/** A JSON-string answer with the exact bodies the server sends. */
export function message(description: string, examples: readonly string[] = []): ResponseContract {
  return { description, body: { kind: 'message', examples } };
}

/** A JSON answer described by the component schema `schema`. */
export function json(description: string, schema: string, extra: Partial<ResponseContract> = {}): ResponseContract {
  return { description, body: { kind: 'json', schema }, ...extra };
}

/**
 * Merges of two frozen answers, one object each: every read route of a large spec merges the same
 * 400 of its kind with the path parameters' (1,200 times), and the OpenAPI document then knows the
 * shared answer by identity (openapi/shared-responses.ts) rather than by comparing it.
 */
const frozenMerges = new WeakMap<ResponseContract, WeakMap<ResponseContract, ResponseContract>>();

/** Two answers of the same status become one: descriptions joined, bodies of the first kind, examples merged. */
function merge(a: ResponseContract, b: ResponseContract): ResponseContract {
  if (!Object.isFrozen(a) || !Object.isFrozen(b)) return newMerge(a, b);
  let withA = frozenMerges.get(a);
  if (withA === undefined) {
    withA = new WeakMap();
    frozenMerges.set(a, withA);
  }
  let merged = withA.get(b);
  if (merged === undefined) {
    merged = newMerge(a, b);
    withA.set(b, merged);
  }
  return merged;
}

function newMerge(a: ResponseContract, b: ResponseContract): ResponseContract {
  const description = a.description === b.description ? a.description : `${a.description} ${b.description}`;
  if (a.body.kind === 'message' && b.body.kind === 'message') {
    return {
      ...a,
      description,
      body: { kind: 'message', examples: [...new Set([...a.body.examples, ...b.body.examples])] },
    };
  }
  return { ...a, description };
}

/** Responses keyed by status, later entries merged into earlier ones, keys ascending. */
export function responses(...groups: Array<Record<number, ResponseContract>>): Responses {
  // `for...in` and the Map's keys rather than `Object.entries` and `[...map]`: no pair arrays made
  // (every read route of a large spec comes here; a one-shot run's code is mostly not optimized yet).
  const byStatus = new Map<number, ResponseContract>();
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as Record<string, ResponseContract>;
    for (const status in group) {
      const response = group[status] as ResponseContract;
      const code = Number(status);
      const before = byStatus.get(code);
      byStatus.set(code, before ? merge(before, response) : response);
    }
  }
  const codes = ascending(Array.from(byStatus.keys()));
  const out = statusMap<ResponseContract>();
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] as number;
    out[String(code)] = byStatus.get(code) as ResponseContract;
  }
  return out;
}

/** Sorted in place by insertion: a route has a few statuses (`sort` allocates its work arrays at every call). */
function ascending(codes: number[]): number[] {
  for (let i = 1; i < codes.length; i++) {
    const code = codes[i] as number;
    let j = i - 1;
    for (; j >= 0 && (codes[j] as number) > code; j--) codes[j + 1] = codes[j] as number;
    codes[j + 1] = code;
  }
  return codes;
}

/** Every route: the path parameters are checked before anything else. */
export const PREFIX_ERRORS: Record<number, ResponseContract> = deepFreeze({
  400: message('A malformed languageCode or companyNumber path parameter.', [
    REQUEST_MESSAGES.languageCode,
    REQUEST_MESSAGES.companyNumber,
  ]),
});

/** Every POST: Fastify parses (and, where the route has a payload schema, validates) the body first. */
export const BODY_ERRORS: Record<number, ResponseContract> = {
  400: message('A body that is not valid JSON or does not match the request schema.', [REQUEST_MESSAGES.malformedJson]),
  413: message("The body exceeds the server's body limit.", [REQUEST_MESSAGES.bodyTooLarge]),
  415: message('A body that is not application/json.', [REQUEST_MESSAGES.unsupportedMediaType]),
};

/** Sign-in routes and commands: requests per client address per minute. */
export const RATE_LIMIT: Record<number, ResponseContract> = {
  429: {
    ...message('Too many requests from this client address.', [MESSAGES.tooManyAttempts]),
    decision: 'throttling',
  },
};

/** A session is required: none or an expired one (401), or one ended by another login (403). */
export const SESSION_ERRORS: Record<number, ResponseContract> = {
  401: message('No valid session (missing, unknown or expired).', [MESSAGES.noSession, MESSAGES.sessionExpired]),
  403: message('The session was suspended by a ForceRelogin elsewhere.', [MESSAGES.sessionSuspended]),
};
