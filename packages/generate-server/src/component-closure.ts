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
    const found = new Set<string>();
    refsIn(schema, found);
    refs = [...found];
    if (Object.isFrozen(schema)) refsOf.set(schema, refs);
  }
  return refs;
}

const PREFIX = '#/components/schemas/';

/** The name in a `#/components/schemas/<name>[/...]` string (a `$ref`, a discriminator's mapping). */
function refName(text: string): string | undefined {
  if (!text.startsWith(PREFIX)) return undefined;
  const end = text.indexOf('/', PREFIX.length);
  const name = end === -1 ? text.slice(PREFIX.length) : text.slice(PREFIX.length, end);
  return name.length > 0 ? name : undefined;
}

function addRef(text: string, found: Set<string>): void {
  const name = refName(text);
  if (name !== undefined) found.add(name);
}

/**
 * Each component name in a schema: every key or string that starts with `#/components/schemas/`, by a
 * walk of its objects (the JSON text of each component, 7 MB on the 600-resource spec, was most of a
 * cold run's closure: its descriptions are long and a walk does not read them).
 */
function refsIn(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') addRef(value, found);
  else if (typeof value === 'object' && value !== null) refsInObject(value, found);
}

/**
 * `refsIn` of an object or array: its members read here, a call made only for a string or an object
 * (most members of a schema are strings, numbers and booleans: a call for each was most of the walk).
 */
function refsInObject(value: object, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') addRef(item, found);
      else if (typeof item === 'object' && item !== null) refsInObject(item, found);
    }
    return;
  }
  for (const key in value) {
    // a key seldom starts with `#`: checked here before the call
    if (key.charCodeAt(0) === 35) addRef(key, found);
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'string') {
      if (item.charCodeAt(0) === 35) addRef(item, found);
    } else if (typeof item === 'object' && item !== null) refsInObject(item, found);
  }
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
 * With `keep` (watch mode), the closure is kept, and the next call checks it rather than walking
 * every component's refs again (keptClosure).
 */
export function componentClosure(
  all: Record<string, JsonSchema>,
  names: readonly string[],
  keep = true,
): (readonly [string, JsonSchema])[] {
  const kept = keep ? keptClosure(all, names) : undefined;
  if (kept !== undefined) return kept;
  const found = new Set<string>();
  const missing: string[] = [];
  const queue = [...names];
  // An index, not queue.shift(): the queue holds every $ref found (tens of thousands on a large spec).
  for (let next = 0; next < queue.length; next++) {
    const name = queue[next]!;
    if (found.has(name)) continue;
    if (!Object.hasOwn(all, name)) {
      missing.push(name);
      continue;
    }
    found.add(name);
    for (const ref of componentRefs(all[name]!)) if (!found.has(ref)) queue.push(ref);
  }
  const entries = sortedNames([...found]).map((name) => [name, all[name]!] as const);
  // Kept for the next call (watch mode); a one-shot run keeps nothing of its document.
  last = keep ? { names, missing, entries } : undefined;
  return entries;
}

/**
 * `componentClosure` of a one-shot run, whose components are walked by the literal table of
 * `schemas.ts` anyway: `visit` walks a reached component and adds the keys and strings starting with
 * `#` it meets to `refs` (shared-literals.ts, `internAhead`), instead of a walk of its own (about 50 ms
 * on the 600-resource spec). A frozen object the visit met before is not walked again: its refs were
 * added then, and a closure is a union, so the same names are found.
 */
export function componentClosureVisiting(
  all: Record<string, JsonSchema>,
  names: readonly string[],
  visit: (schema: JsonSchema, refs: string[]) => void,
): (readonly [string, JsonSchema])[] {
  const found = new Set<string>();
  // Each name queued once (a record's refs name the record itself, and the shared schemas, many times).
  const queued = new Set(names);
  const queue = [...queued];
  const refs: string[] = [];
  for (let next = 0; next < queue.length; next++) {
    const name = queue[next]!;
    if (!Object.hasOwn(all, name)) continue;
    found.add(name);
    refs.length = 0;
    visit(all[name]!, refs);
    for (let i = 0; i < refs.length; i++) {
      const ref = refName(refs[i]!);
      if (ref !== undefined && !queued.has(ref)) {
        queued.add(ref);
        queue.push(ref);
      }
    }
  }
  last = undefined;
  return sortedNames([...found]).map((name) => [name, all[name]!] as const);
}

/** The last closure: where it started, the names it found no component for, and its entries. */
let last: { names: readonly string[]; missing: string[]; entries: (readonly [string, JsonSchema])[] } | undefined;

/**
 * The last closure again, with each entry's current schema, while it would be found the same way:
 * the same names to start from, every component of it still there and referring to the same names
 * (a watch edit seldom changes a schema's refs), and none of the missing names there now.
 */
function keptClosure(
  all: Record<string, JsonSchema>,
  names: readonly string[],
): (readonly [string, JsonSchema])[] | undefined {
  if (last === undefined || !sameStrings(last.names, names)) return undefined;
  for (const name of last.missing) if (Object.hasOwn(all, name)) return undefined;
  const entries = last.entries.slice();
  for (let i = 0; i < entries.length; i++) {
    const [name, schema] = entries[i]!;
    const now = Object.hasOwn(all, name) ? all[name] : undefined;
    if (now === schema) continue;
    if (now === undefined || !sameStrings(componentRefs(now), componentRefs(schema))) return undefined;
    entries[i] = [name, now];
  }
  last = { names, missing: last.missing, entries };
  return entries;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
