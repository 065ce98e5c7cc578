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
import { sameJson, stableIdentity } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import type { RouteContract } from '../route-types.ts';
import {
  type GroupRecord,
  type LastBuild,
  lastBuild,
  lookups,
  objectOf,
  type ReadGroup,
  routesOf,
  tagsOf,
  documentPatchStats,
} from './build-record.ts';
import { deepFreeze } from './deep-freeze.ts';
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

/**
 * The last build's value when `now` (built again: the structures, the sign-in and command routes,
 * the error message) is the same; else `now`, frozen, so that the next build can keep it and the
 * texts, which keep only frozen entries by identity, need not write it again.
 */
function kept<T>(now: T, last: T | undefined): T {
  return last !== undefined && Object.isFrozen(last) && sameJson(now, last) ? last : deepFreeze(now);
}

function sameSets(a: ResourcePart, b: ResourcePart): boolean {
  const x = a.journal.sets;
  const y = b.journal.sets;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i]?.[0] !== y[i]?.[0]) return false;
  return true;
}

/** The resources {@link groupsToBuild} found changed (their identities are updated after a patch). */
let changedNames: string[] = [];

/** The groups whose parts must be built again (the resources that changed and their readers), or undefined. */

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
  const was = lastBuild();
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
    schemaValues[i] = kept(schema, was.schemaValues[i]);
    i++;
  }
  for (const [g, part] of fresh)
    for (const [name, schema] of part.journal.sets)
      if (was.lastSetter.get(name) === g) schemaValues[was.schemaIndex.get(name) as number] = schema;
  schemaValues[errorSlot] = kept(error.schema, was.schemaValues[errorSlot]);
  const pathValues = was.pathValues.slice();
  for (let p = 0; p < was.prefixPaths; p++)
    pathValues[p] = kept(paths[was.pathNames[p] as string] as Record<string, JsonSchema>, was.pathValues[p]);
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
