/**
 * The generated `src/schemas.ts` of the server package: each route's schema set (kept between runs
 * by route), the literal table that writes repeated schemas once, the sample the syntax check
 * parses, and the file as fragments around `components` (generate-core chunks.ts).
 */
import { routeSchemas, type JsonSchema, type RouteContract, type RouteSchemaSet } from '@specgen/contract';
import { chunkedFile, endsNormalized, type GeneratedFile } from '@specgen/generate-core';
import { createLiteralTable, sharedLiterals, type SharedLiterals } from './shared-literals.ts';

/**
 * Between runs: the literal table of `schemas.ts` (shared-literals.ts) and each read route's schema
 * set, by the route object (the contract keeps a resource's routes while the resource's IR object
 * is the same). A route with a request payload is not kept: its schema is the run's payload.
 */
export const literalTable = createLiteralTable();
const routeSchemaMemo = new WeakMap<RouteContract, RouteSchemaSet>();

export function schemasOfRoute(route: RouteContract, payloads: Record<string, JsonSchema>): RouteSchemaSet {
  if (route.body?.payload) return routeSchemas(route, payloads);
  let set = routeSchemaMemo.get(route);
  if (set === undefined) {
    set = deepFreeze(routeSchemas(route, payloads));
    routeSchemaMemo.set(route, set);
  }
  return set;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The data of schemas.ts cut to a few rows (one of each shape of expression), two constants and a small `components`. */
export function schemasSample(rows: { operationId: string; schemas: string }[], shared: SharedLiterals): object {
  const picked = [
    rows[0],
    rows.find((r) => /^s[0-9a-z]+(_\d+)?$/.test(r.schemas)),
    rows.find((r) => r.schemas.includes('\n')),
    rows.find((r) => r.schemas.startsWith('{') && !r.schemas.includes('\n')),
    rows.at(-1),
  ];
  const component = { Sample: { type: 'object', properties: { Id: { type: 'string' } }, required: ['Id'] } };
  return {
    schemaRows: [...new Set(picked.filter((r) => r !== undefined))],
    sharedSchemas: shared.firstDeclarations(2),
    components: sharedLiterals([component]).expression(component, 0),
  };
}

/** Stands for `components` in the rendered template; the fragments go where it is. */
const COMPONENTS_SLOT = '__specgen_server_components_slot__';

/**
 * schemas.ts as fragments (generate-core chunks.ts): the file rendered (header, normalized) with a
 * slot for `components`, cut at the slot around the components' fragments (shared-literals.ts),
 * which are the literal table's kept texts: a watch edit changes a few of them, and the 7 MB object
 * is not joined, normalized or compared whole. Normalizing the text with the slot gives the same
 * bytes around it as normalizing the whole: the components' JSON texts hold no raw CR and end with
 * `}` or `]`. `whole` renders the file as one text with `components` joined, for a template that
 * does not hold the slot exactly once (an override that leaves it out, or a spec string equal to it).
 */
export function schemasTs(components: string[], whole: (extra: object) => GeneratedFile): GeneratedFile {
  const rendered = whole({ components: COMPONENTS_SLOT });
  const around = rendered.contents.split(COMPONENTS_SLOT);
  const chunks = [around[0]!, ...components, around[1]!];
  if (around.length !== 2 || !endsNormalized(chunks)) return whole({ components: components.join('') });
  return chunkedFile(rendered.path, chunks);
}
