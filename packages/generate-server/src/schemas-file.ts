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

export function schemasOfRoute(
  route: RouteContract,
  payloads: Record<string, JsonSchema>,
  keep = true,
): RouteSchemaSet {
  // A one-shot run keeps nothing: its sets are not frozen either, so the table for one call does not
  // know their 13,000 objects by identity (each is met once).
  if (route.body?.payload || !keep) return routeSchemas(route, payloads);
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
export interface SchemasSample {
  schemaRows: { operationId: string; schemas: string }[];
  sharedSchemas: string;
  components: string;
}

export function schemasSample(rows: { operationId: string; schemas: string }[], shared: SharedLiterals): SchemasSample {
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

/** Stand for the constants and `components` in the rendered template; their fragments go where they are. */
const DECLARATIONS_SLOT = '__specgen_server_declarations_slot__';
const COMPONENTS_SLOT = '__specgen_server_components_slot__';

/** What `schemasTs` renders the template with: slots for the constants and `components`. */
export const SLOTS = { sharedSchemas: DECLARATIONS_SLOT, components: COMPONENTS_SLOT };

/**
 * schemas.ts as fragments (generate-core chunks.ts): the file rendered (header, normalized) with
 * slots for the constants and `components` (`slotted`, which generator.ts keeps while the route rows
 * are the same), cut at the slots around their fragments (shared-literals.ts): each constant's
 * declaration and each component's text, which are the literal table's kept texts, so a watch edit
 * changes a few of them and the 8 MB file is not joined, normalized or compared whole. Normalizing
 * the text with the slots gives the same bytes around them as normalizing the whole: the fragments
 * hold no raw CR, and the file does not end with them. `whole` renders the file as one text with
 * both joined, for a template that does not hold each slot exactly once, in this order (an override
 * that leaves one out, or a spec string equal to one).
 */
export function schemasTs(
  declarations: readonly string[],
  components: readonly string[],
  slotted: () => GeneratedFile,
  whole: (extra: object) => GeneratedFile,
): GeneratedFile {
  const rendered = slotted();
  const [head = '', rest = ''] = rendered.contents.split(DECLARATIONS_SLOT, 3);
  const [middle = '', tail = ''] = rest.split(COMPONENTS_SLOT, 3);
  // concat, not a spread: it copies the 13,000 fragments' array in one go.
  const chunks = [head].concat(declarations, middle, components, tail);
  const once = (text: string, slot: string) =>
    text.indexOf(slot) !== -1 && text.indexOf(slot) === text.lastIndexOf(slot);
  const inOrder = rendered.contents.indexOf(DECLARATIONS_SLOT) < rendered.contents.indexOf(COMPONENTS_SLOT);
  const fits = once(rendered.contents, DECLARATIONS_SLOT) && once(rendered.contents, COMPONENTS_SLOT) && inOrder;
  if (!fits || !endsNormalized(chunks))
    return whole({ sharedSchemas: declarations.join(''), components: components.join('') });
  return chunkedFile(rendered.path, chunks);
}
