/**
 * A watch edit's document as the last one patched: the read resources' parts are the same objects
 * but for the edited resource (resource-memo.ts), so rather than replaying 600 parts into a new
 * component map and making the paths and schemas objects again key by key, the build keeps the
 * last build's names and values and sets only the edited resources' keys.
 *
 * Patched only when that gives what a whole build would: the same spec context and read resources
 * (by name, in order), the same component and path names before them (structures, sign-in and
 * command routes: built every time, as before), and each part built again setting the same
 * component names in the same order, on paths only its own operations use, with the same tags. A
 * part is built against the names the last build had set before it (`presentBefore`), so it finds
 * present or absent what a whole build would show it. A resource that another part looked up is
 * built again with that part. Anything else: the whole build, as before.
 */
import { stableIdentity } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import type { RouteContract } from '../route-types.ts';
import { resourcesByName } from './registry-journal.ts';
import {
  contextOf,
  keepPart,
  lastPart,
  type ResourcePart,
  resourceMemoStats,
  resourceOperations,
} from './resource-memo.ts';
import type { SchemaRegistry } from './schemas.ts';

/** The consecutive read routes (list and get) of one resource: `all[start..end)`. */
export interface ReadGroup {
  name: string;
  all: readonly RouteContract[];
  start: number;
  end: number;
}

const routesOf = (group: ReadGroup) => group.all.slice(group.start, group.end);

/** A name map of a document (`paths`, `components.schemas`) as its names and values, in order. */
export interface MapEntries {
  names: readonly string[];
  values: readonly unknown[];
}

const entriesOf = new WeakMap<object, MapEntries>();

/**
 * The names and values of a name map of a memoized document, or undefined (a one-shot build, or
 * not such a map): the names are the same array as the last document's while they are the same.
 */
export function mapEntries(map: object): MapEntries | undefined {
  return entriesOf.get(map);
}

interface GroupRecord {
  name: string;
  identity: object;
  part: ResourcePart;
  routes: readonly RouteContract[];
  /** The index in `pathNames` of each route's path item, if only that operation is on its path. */
  pathSlots: number[] | null;
  tags: string;
}

interface LastBuild {
  context: string;
  groups: GroupRecord[];
  /** Every resource of the spec by name: its stable identity. */
  identities: Map<string, object>;
  /** The group of each read resource, by its name. */
  groupOf: Map<string, number>;
  /** The groups whose part looked up a resource, by its name. */
  lookedUpBy: Map<string, number[]>;
  /** The group that set a name first, and last. */
  first: Map<string, number>;
  lastSetter: Map<string, number>;
  prefixComponents: number;
  schemaNames: string[];
  schemaValues: JsonSchema[];
  schemaIndex: Map<string, number>;
  prefixPaths: number;
  pathNames: string[];
  pathValues: Record<string, JsonSchema>[];
  groupAreas: Set<string>;
}

let last: LastBuild | null = null;

/** How many memoized builds were patched, and how many were built whole (tests check the patch is taken). */
export const documentPatchStats = { patched: 0, whole: 0 };

const tagsOf = (part: ResourcePart) =>
  part.operations.map((o) => ((o.operation.tags as string[] | undefined) ?? []).join('\u0000')).join('\u0001');

function sameSets(a: ResourcePart, b: ResourcePart): boolean {
  const x = a.journal.sets;
  const y = b.journal.sets;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i]?.[0] !== y[i]?.[0]) return false;
  return true;
}

function lookups(groups: readonly GroupRecord[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  groups.forEach((group, g) => {
    for (const name of group.part.journal.resources.keys()) {
      const list = out.get(name);
      if (list) list.push(g);
      else out.set(name, [g]);
    }
  });
  return out;
}

function objectOf<T>(names: readonly string[], values: readonly T[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (let i = 0; i < names.length; i++) out[names[i] as string] = values[i] as T;
  entriesOf.set(out, { names, values });
  return out;
}

/** Forgets the last build (a one-shot build, or one this module cannot patch next time). */
export function forgetBuild(): void {
  last = null;
}

/**
 * Records a whole memoized build for the next one: `parts` are the groups' parts in order,
 * `prefixComponents` / `prefixPaths` how many components and paths came before the read routes.
 * Registers the maps' entries (see {@link mapEntries}).
 */
export function recordBuild(
  registry: SchemaRegistry,
  groups: readonly ReadGroup[],
  parts: readonly ResourcePart[],
  prefixComponents: number,
  prefixPaths: number,
  paths: Record<string, Record<string, JsonSchema>>,
  schemas: Record<string, JsonSchema>,
): void {
  const spec = registry.spec;
  const byName = resourcesByName(spec);
  last = null;
  if (parts.length !== groups.length || byName.size !== spec.resources.length) return;
  const schemaNames = Object.keys(schemas);
  const schemaValues = schemaNames.map((n) => schemas[n] as JsonSchema);
  const pathNames = Object.keys(paths);
  const pathValues = pathNames.map((n) => paths[n] as Record<string, JsonSchema>);
  entriesOf.set(schemas, { names: schemaNames, values: schemaValues });
  entriesOf.set(paths, { names: pathNames, values: pathValues });
  const pathIndex = new Map(pathNames.map((n, i) => [n, i]));
  const first = new Map<string, number>();
  const lastSetter = new Map<string, number>();
  const groupAreas = new Set<string>();
  const records: GroupRecord[] = [];
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as ReadGroup;
    const { name } = group;
    const routes = routesOf(group);
    const part = parts[g] as ResourcePart;
    const resource = byName.get(name);
    if (!resource) return;
    for (const [set] of part.journal.sets) {
      if (!first.has(set)) first.set(set, g);
      lastSetter.set(set, g);
    }
    let pathSlots: number[] | null = [];
    for (const [j, route] of routes.entries()) {
      const slot = pathIndex.get(route.path);
      if (slot === undefined || pathValues[slot] !== part.operations[j]?.item) pathSlots = null;
      else pathSlots?.push(slot);
    }
    for (const o of part.operations)
      for (const tag of (o.operation.tags as string[] | undefined) ?? []) groupAreas.add(tag);
    records.push({ name, identity: stableIdentity(resource), part, routes, pathSlots, tags: tagsOf(part) });
  }
  documentPatchStats.whole++;
  last = {
    context: contextOf(spec, registry.version),
    groups: records,
    identities: new Map([...byName].map(([name, r]) => [name, stableIdentity(r)])),
    groupOf: new Map(records.map((r, g) => [r.name, g])),
    lookedUpBy: lookups(records),
    first,
    lastSetter,
    prefixComponents,
    schemaNames,
    schemaValues,
    schemaIndex: new Map(schemaNames.map((n, i) => [n, i])),
    prefixPaths,
    pathNames,
    pathValues,
    groupAreas,
  };
}

/** The groups whose parts must be built again (the resources that changed and their readers), or undefined. */
/** The resources {@link groupsToBuild} found changed (their identities are updated after a patch). */
let changedNames: string[] = [];

function groupsToBuild(
  registry: SchemaRegistry,
  was: LastBuild,
  groups: readonly ReadGroup[],
): Set<number> | undefined {
  const spec = registry.spec;
  const byName = resourcesByName(spec);
  if (byName.size !== spec.resources.length || byName.size !== was.identities.size) return undefined;
  if (groups.length !== was.groups.length || contextOf(spec, registry.version) !== was.context) return undefined;
  const changed: string[] = [];
  for (const [name, resource] of byName) {
    const identity = was.identities.get(name);
    if (identity === undefined) return undefined;
    if (identity !== stableIdentity(resource)) changed.push(name);
  }
  changedNames = changed;
  const again = new Set<number>();
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as ReadGroup;
    const record = was.groups[g] as GroupRecord;
    if (group.name !== record.name || group.end - group.start !== record.routes.length) return undefined;
    for (let j = 0; j < record.routes.length; j++) if (group.all[group.start + j] !== record.routes[j]) again.add(g);
  }
  for (const name of changed) {
    const g = was.groupOf.get(name);
    if (g !== undefined) again.add(g);
    for (const reader of was.lookedUpBy.get(name) ?? []) again.add(reader);
  }
  return again;
}

/** Whether the names of `map` start with `names[0..count)`, and it has no more. */
function sameStart(map: Iterable<string>, names: readonly string[], count: number): boolean {
  let i = 0;
  for (const name of map) {
    if (i >= count || names[i] !== name) return false;
    i++;
  }
  return i === count;
}

/**
 * The paths and schemas objects of this build and its read resources' tags, patched from the last
 * build (see the module's comment), or undefined: build the whole document. `registry` holds the
 * structures and the routes before the read routes, and `paths` their path items; `errorSchema`
 * is the `ErrorMessage` component, set last.
 */
export function patchedMaps(
  registry: SchemaRegistry,
  paths: Record<string, Record<string, JsonSchema>>,
  groups: readonly ReadGroup[],
  operation: (route: RouteContract) => JsonSchema,
  error: { name: string; schema: JsonSchema },
):
  | { paths: Record<string, Record<string, JsonSchema>>; schemas: Record<string, JsonSchema>; areas: Set<string> }
  | undefined {
  const was = last;
  if (was === null) return undefined;
  if (!sameStart(registry.components.keys(), was.schemaNames, was.prefixComponents)) return undefined;
  const prefixPathNames = Object.keys(paths);
  if (!sameStart(prefixPathNames, was.pathNames, was.prefixPaths)) return undefined;
  const errorSlot = was.schemaIndex.get(error.name);
  if (errorSlot === undefined) return undefined;
  const again = groupsToBuild(registry, was, groups);
  if (again === undefined) return undefined;
  const byName = resourcesByName(registry.spec);
  const stats = { ...resourceMemoStats };
  const fresh = new Map<number, ResourcePart>();
  try {
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] as ReadGroup;
      const record = was.groups[g] as GroupRecord;
      const resource = byName.get(group.name);
      if (!resource) throw new Unpatchable();
      if (!again.has(g)) {
        keepPart(registry, resource, record.part);
        continue;
      }
      if (record.pathSlots === null) throw new Unpatchable();
      registry.presentBefore = (name) => {
        const f = was.first.get(name);
        return f !== undefined && f < g;
      };
      const routes = routesOf(group);
      resourceOperations(registry, group.name, routes, operation);
      const part = lastPart(registry);
      if (
        part === undefined ||
        !sameSets(part, record.part) ||
        part.operations.length !== record.part.operations.length ||
        tagsOf(part) !== record.tags ||
        routes.some((r, j) => r.path !== record.routes[j]?.path)
      )
        throw new Unpatchable();
      fresh.set(g, part);
    }
  } catch (e) {
    if (!(e instanceof Unpatchable)) throw e;
    Object.assign(resourceMemoStats, stats);
    return undefined;
  } finally {
    registry.presentBefore = null;
  }
  // The patch: the new values of the names the rebuilt parts set last, and of their path items.
  const schemaValues = was.schemaValues.slice();
  let i = 0;
  for (const [, schema] of registry.components) {
    if (i >= was.prefixComponents) break;
    schemaValues[i++] = schema;
  }
  for (const [g, part] of fresh)
    for (const [name, schema] of part.journal.sets)
      if (was.lastSetter.get(name) === g) schemaValues[was.schemaIndex.get(name) as number] = schema;
  schemaValues[errorSlot] = error.schema;
  const pathValues = was.pathValues.slice();
  for (let p = 0; p < was.prefixPaths; p++)
    pathValues[p] = paths[was.pathNames[p] as string] as Record<string, JsonSchema>;
  let readersChanged = false;
  for (const [g, part] of fresh) {
    const record = was.groups[g] as GroupRecord;
    const slots = record.pathSlots as number[];
    for (const [j, slot] of slots.entries()) pathValues[slot] = part.operations[j]?.item as Record<string, JsonSchema>;
    const group = groups[g] as ReadGroup;
    const before = [...record.part.journal.resources.keys()].join('\n');
    if ([...part.journal.resources.keys()].join('\n') !== before) readersChanged = true;
    was.groups[g] = {
      ...record,
      identity: stableIdentity(byName.get(group.name) as object),
      part,
      routes: routesOf(group),
    };
  }
  for (const name of changedNames) was.identities.set(name, stableIdentity(byName.get(name) as object));
  if (readersChanged) was.lookedUpBy = lookups(was.groups);
  was.schemaValues = schemaValues;
  was.pathValues = pathValues;
  documentPatchStats.patched++;
  const areas = new Set<string>();
  for (const name of prefixPathNames) {
    const item = paths[name] as Record<string, JsonSchema>;
    for (const method in item) for (const tag of (item[method]?.tags as string[] | undefined) ?? []) areas.add(tag);
  }
  for (const tag of was.groupAreas) areas.add(tag);
  return {
    paths: objectOf(was.pathNames, pathValues),
    schemas: objectOf(was.schemaNames, schemaValues),
    areas,
  };
}

class Unpatchable extends Error {}
