/**
 * The `responses` of an operation, from the route's statuses (routes.ts: what the server
 * answers) and the spec's error tables (their conditions and literal bodies): every status the
 * server can answer appears with its body schema, a JSON string error body with the exact texts
 * as examples.
 */
import type { JsonSchema } from '../json-schema.ts';
import { ref } from '../json-schema.ts';
import type { ResponseContract, RouteContract } from '../route-types.ts';
import { RETRY_AFTER, SESSION_HEADER, SET_COOKIE } from '../wire.ts';
import { sessionStartHeaders } from './common.ts';
import { decision } from './decisions.ts';
import { errorResponses, jsonStringResponse } from './errors.ts';
import type { SchemaRegistry } from './schemas.ts';
import { sharedResponseRef } from './shared-responses.ts';
import { statusMap } from '../status-map.ts';

/** What each named response header means. */
const HEADER_DOCS: Record<string, JsonSchema> = {
  [SESSION_HEADER]: { description: 'The session id.', schema: { type: 'string' } },
  [SET_COOKIE]: {
    description: "Sets or clears the session cookie or the OIDC flow's binding cookie (HttpOnly).",
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per client address in the current window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  [RETRY_AFTER]: { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
};

function headersOf(response: ResponseContract): Record<string, JsonSchema> | undefined {
  const named = Object.fromEntries(
    (response.headers ?? []).map((h) => [h, HEADER_DOCS[h] ?? { description: h, schema: { type: 'string' } }]),
  );
  const all = { ...named, ...(response.startsSession ? sessionStartHeaders() : {}) };
  return Object.keys(all).length > 0 ? all : undefined;
}

/** The response object of a route-table answer, led by the spec's error-table entry of its status, if any. */
export function responseObject(
  registry: SchemaRegistry,
  response: ResponseContract,
  fromSpec: JsonSchema | undefined,
): JsonSchema {
  const body = response.body;
  const headers = headersOf(response);
  const extra = {
    ...(headers ? { headers } : {}),
    ...(response.decision ? { 'x-decision': decision(registry.spec, response.decision) } : {}),
  };
  switch (body.kind) {
    case 'message': {
      // The spec's condition text leads where the spec names the status; the server's own reasons follow.
      const specText = typeof fromSpec?.description === 'string' ? (fromSpec.description as string) : '';
      const specExamples = examplesOf(fromSpec);
      const description =
        specText && specText !== response.description ? `${specText} ${response.description}` : response.description;
      return { ...jsonStringResponse(description, [...specExamples, ...body.examples]), ...extra };
    }
    case 'json': {
      const schema = body.array ? { type: 'array', items: ref(body.schema) } : ref(body.schema);
      return { description: response.description, ...extra, content: { 'application/json': { schema } } };
    }
    case 'text':
      return { description: response.description, ...extra, content: { 'text/plain': { schema: { type: 'string' } } } };
    case 'empty':
      return { description: response.description, ...extra };
  }
}

function examplesOf(response: JsonSchema | undefined): string[] {
  const media = (response?.content as Record<string, JsonSchema> | undefined)?.['application/json'];
  if (!media) return [];
  if (typeof media.example === 'string') return [media.example];
  const examples = media.examples as Record<string, { value: string }> | undefined;
  return examples ? Object.values(examples).map((e) => e.value) : [];
}

/** Responses of the route's operation, keyed by status, ascending. */
export function operationResponses(registry: SchemaRegistry, route: RouteContract): Record<string, JsonSchema> {
  const target = route.endpoint ?? route.command;
  const fromSpec = target ? errorResponses(registry.spec, target) : {};
  const out = statusMap<JsonSchema>();
  const answers = route.responses;
  for (const status in answers) {
    const response = answers[status] as ResponseContract;
    const spec = fromSpec[status];
    out[status] =
      (spec === undefined ? sharedResponseRef(route, status, response) : undefined) ??
      responseObject(registry, response, spec);
  }
  // A status the spec's tables state that the route table lacks is still documented, as the spec words it.
  for (const status in fromSpec) out[status] ??= fromSpec[status] as JsonSchema;
  // Three-digit statuses are array index keys, which an object lists in ascending order as they are.
  for (const status in out) if (!STATUS.test(status)) return sortedByStatus(out);
  return out;
}

const STATUS = /^[1-5][0-9]{2}$/;

function sortedByStatus(out: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const sorted = statusMap<JsonSchema>();
  for (const [status, response] of Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)))
    sorted[status] = response;
  return sorted;
}
