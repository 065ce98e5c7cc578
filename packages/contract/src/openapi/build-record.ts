/**
 * What a whole memoized document build leaves for the next one to patch (document-patch.ts): each
 * read resource's part and the paths it alone owns, which part set each component name first and
 * last, the paths and schemas objects as names and values (also given to readers of the document:
 * `mapEntries`), the resources each part looked up and the tags of its operations.
 */
import { stableIdentity } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import type { RouteContract } from '../route-types.ts';
import { resourcesByName } from './registry-journal.ts';
import { contextOf, type ResourcePart } from './resource-memo.ts';
import type { SchemaRegistry } from './schemas.ts';

/** The consecutive read routes (list and get) of one resource: `all[start..end)`. */
export interface ReadGroup {
  name: string;
  all: readonly RouteContract[];
  start: number;
  end: number;
}

export const routesOf = (group: ReadGroup) => group.all.slice(group.start, group.end);

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

export interface GroupRecord {
  name: string;
  identity: object;
  part: ResourcePart;
  routes: readonly RouteContract[];
  /** The index in `pathNames` of each route's path item, if only that operation is on its path. */
  pathSlots: number[] | null;
  tags: string;
}

export interface LastBuild {
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

/** What the last whole memoized build recorded (a patch updates it in place), or null. */
export function lastBuild(): LastBuild | null {
  return last;
}

/** How many memoized builds were patched, and how many were built whole (tests check the patch is taken). */
export const documentPatchStats = { patched: 0, whole: 0 };

export const tagsOf = (part: ResourcePart) =>
  part.operations.map((o) => ((o.operation.tags as string[] | undefined) ?? []).join('\u0000')).join('\u0001');

export function lookups(groups: readonly GroupRecord[]): Map<string, number[]> {
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

export function objectOf<T>(names: readonly string[], values: readonly T[]): Record<string, T> {
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
