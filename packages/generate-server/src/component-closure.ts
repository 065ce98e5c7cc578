/**
 * The component schemas the server's routes refer to, and the ones those refer to (the closure
 * over `$ref`), sorted by name: the `components` of the generated `src/schemas.ts`.
 */
import { type JsonSchema, type RouteContract, referencedComponents } from '@specgen/contract';

/** The component names a schema refers to, each once, kept for frozen schemas (the contract's parts). */
const refsOf = new WeakMap<object, string[]>();

function componentRefs(schema: JsonSchema): string[] {
  let refs = refsOf.get(schema);
  if (refs === undefined) {
    // Each once: a record names the same enum or partial many times (43,000 refs, 7,800 distinct,
    // on the 600-resource spec), and the closure below visits every ref on every watch edit.
    refs = [...new Set(refsIn(JSON.stringify(schema)))];
    if (Object.isFrozen(schema)) refsOf.set(schema, refs);
  }
  return refs;
}

const REF = '"#/components/schemas/';

/** Each `"#/components/schemas/<name>` in a JSON text, the name up to the next `"` or `/` (a scan, no regex). */
function refsIn(text: string): string[] {
  const refs: string[] = [];
  for (let at = text.indexOf(REF); at !== -1; at = text.indexOf(REF, at)) {
    const start = at + REF.length;
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 34 && text.charCodeAt(end) !== 47) end++;
    if (end > start) refs.push(text.slice(start, end));
    at = end;
  }
  return refs;
}

/** The component names each route's responses refer to, by the route object (kept while the contract keeps it). */
const routeRefs = new WeakMap<RouteContract, readonly string[]>();

/** The component names the routes' responses refer to (repeated, unsorted: where the closure starts). */
export function routesComponents(routes: readonly RouteContract[]): string[] {
  const names: string[] = [];
  for (const route of routes) {
    let refs = routeRefs.get(route);
    if (refs === undefined) {
      refs = referencedComponents([route]);
      routeRefs.set(route, refs);
    }
    for (const name of refs) names.push(name);
  }
  return names;
}

/** `localeCompare` without arguments, as a collator made once (the same order, without a lookup per call). */
const byName = new Intl.Collator().compare;

/**
 * The component schemas `names` refer to, and the ones those refer to, sorted by name, as entries
 * (a Set and an array: an object of some 9,000 keys built on every watch edit cost more than the rest).
 */
export function componentClosure(
  all: Record<string, JsonSchema>,
  names: readonly string[],
): (readonly [string, JsonSchema])[] {
  const found = new Set<string>();
  const queue = [...names];
  // An index, not queue.shift(): the queue holds every $ref found (tens of thousands on a large spec).
  for (let next = 0; next < queue.length; next++) {
    const name = queue[next]!;
    if (found.has(name) || !Object.hasOwn(all, name)) continue;
    found.add(name);
    for (const ref of componentRefs(all[name]!)) if (!found.has(ref)) queue.push(ref);
  }
  return sortedNames([...found]).map((name) => [name, all[name]!] as const);
}

/** The last names sorted and their order (a watch edit seldom adds or removes a component). */
let lastNames: string[] = [];
let lastSorted: string[] = [];

function sortedNames(names: string[]): string[] {
  if (names.length !== lastNames.length || names.some((n, i) => n !== lastNames[i])) {
    lastNames = names;
    lastSorted = [...names].sort(byName);
  }
  return lastSorted;
}
