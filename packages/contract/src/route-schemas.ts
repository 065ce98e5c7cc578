/**
 * The JSON Schemas of each route: the request body the server validates with (the payload schema
 * of payloads.ts; a body the handler checks itself has none), and each status's response body: a
 * JSON string (with the exact messages as examples), a component of the OpenAPI document (`$ref`,
 * `#/components/schemas/<name>`), text, or nothing. The generated server's `schemas.ts` prints
 * them; the route table the server builds at run time (tests, SPEC_IR) takes them from here.
 */
import type { JsonSchema } from './json-schema.ts';
import type { SignInSchemas } from './payloads.ts';
import type { ResponseBody, RouteContract } from './route-types.ts';

export interface RouteSchemaSet {
  body?: JsonSchema;
  response: Record<string, JsonSchema>;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function responseSchema(body: ResponseBody): JsonSchema {
  switch (body.kind) {
    case 'message':
      return body.examples.length > 0 ? { type: 'string', examples: [...body.examples] } : { type: 'string' };
    case 'json':
      return body.array ? { type: 'array', items: ref(body.schema) } : ref(body.schema);
    case 'text':
      return { type: 'string', contentMediaType: 'text/plain' };
    case 'empty':
      return { type: 'null' };
  }
}

export function routeSchemas(
  route: RouteContract,
  payloads: SignInSchemas | Record<string, JsonSchema>,
): RouteSchemaSet {
  const body = route.body?.payload ? (payloads as Record<string, JsonSchema>)[route.body.payload] : undefined;
  const response = Object.fromEntries(
    Object.entries(route.responses).map(([status, r]) => [status, responseSchema(r.body)]),
  );
  return { ...(body ? { body } : {}), response };
}

/** Component names the routes' responses refer to, sorted. */
export function referencedComponents(routes: readonly RouteContract[]): string[] {
  const names = new Set<string>();
  for (const route of routes)
    for (const r of Object.values(route.responses)) if (r.body.kind === 'json') names.add(r.body.schema);
  return [...names].sort();
}
