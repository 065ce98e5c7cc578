/**
 * The part of the document that one read resource's routes make (its two operations and the
 * component schemas they add: record, partial record, enums, query option schemas, referenced
 * types), kept between builds by the identity of the resource's IR object. The incremental parser
 * hands over the same object for a resource whose section did not change, so a watch edit of one
 * field rebuilds one resource and replays the rest; the replayed schemas are the same objects as
 * before, which lets the OpenAPI and server targets keep their texts by identity too.
 *
 * A part is replayed only when it would come out the same if built again:
 * - the same resource object, service version, read path prefix and decision context (the spec's
 *   unknowns and the resources field gaps name: everything else of the spec the build reads);
 * - the same resources behind every name it looked up (a field referencing another resource);
 * - the component names it found present, or absent, are so again at its turn (registry journal).
 * Otherwise it is built again and the memo updated. Parts are deep-frozen: the document is shared.
 * (A frozen object's children are frozen: only this module freezes document objects, always deeply.)
 */
import { type Resource, type Spec, stableIdentity } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import type { RouteContract } from '../route-types.ts';
import { decisionContext } from './decisions.ts';
import { resourcesByName, type RegistryJournal } from './registry-journal.ts';
import type { SchemaRegistry } from './schemas.ts';
import { deepFreeze } from './deep-freeze.ts';

/** The operation of one route, in the order of the routes given. */
export interface BuiltOperation {
  operation: JsonSchema;
  /** A path item holding only this operation (used as is when its path has no other). */
  item: Record<string, JsonSchema>;
}

export interface ResourcePart {
  context: string;
  routes: string;
  operations: BuiltOperation[];
  journal: RegistryJournal;
}

/** Contexts kept per resource: one per service version and spec context in use. */
const CONTEXTS_PER_RESOURCE = 4;
const parts = new WeakMap<Resource, Map<string, ResourcePart>>();
const contexts = new WeakMap<Spec, Map<string | null, string>>();

/** How many parts were built rather than replayed (tests check the memo really hits). */
export const resourceMemoStats = { built: 0, replayed: 0, moved: 0 };

/**
 * A resource moved by lines added or removed above it is a new IR object (positions are part of
 * its identity) with the same contents otherwise, and nothing of the document depends on positions.
 * The parts used by the last build are kept so that such a resource finds its part by a key of its
 * contents without `source` positions, computed only for the parts no longer in the spec and the
 * resources they may have become (a build without new resource objects computes none).
 */
interface Used {
  resource: Resource;
  part: ResourcePart;
}
let previousBuild: Used[] = [];
const builds = new WeakMap<SchemaRegistry, { used: Used[]; moved: Map<string, ResourcePart> | null }>();

const positionFree = (resource: Resource) =>
  JSON.stringify(resource, (key, value: unknown) => (key === 'source' ? undefined : value));

function buildOf(registry: SchemaRegistry) {
  let state = builds.get(registry);
  if (!state) {
    state = { used: [], moved: null };
    builds.set(registry, state);
  }
  return state;
}

function movedPart(registry: SchemaRegistry, resource: Resource, context: string): ResourcePart | undefined {
  const state = buildOf(registry);
  if (state.moved === null) {
    // A resource the parser saw only move finds its part by `stableIdentity` (in `parts`): only the
    // rest, whose contents changed or whose twin was not recorded, is keyed by contents.
    const live = new Set(registry.spec.resources.map((r) => stableIdentity(r)));
    state.moved = new Map();
    for (const { resource: old, part } of previousBuild)
      if (!live.has(stableIdentity(old)) && part.context === context) state.moved.set(positionFree(old), part);
  }
  return state.moved.size === 0 ? undefined : state.moved.get(positionFree(resource));
}

/**
 * The part a patched build (document-patch.ts) takes over unchanged from the last build, counted
 * and remembered as a replayed one.
 */
export function keepPart(registry: SchemaRegistry, resource: Resource, part: ResourcePart): void {
  resourceMemoStats.replayed++;
  buildOf(registry).used.push({ resource, part });
}

/** The part the last call of {@link resourceOperations} for `registry` used or built. */
export function lastPart(registry: SchemaRegistry): ResourcePart | undefined {
  return buildOf(registry).used.at(-1)?.part;
}

/** Ends a document build: its parts are the ones a moved resource may find next time. */
export function finishBuild(registry: SchemaRegistry): void {
  const state = builds.get(registry);
  if (state) previousBuild = state.used;
}

export function contextOf(spec: Spec, version: string | null): string {
  let byVersion = contexts.get(spec);
  if (!byVersion) {
    byVersion = new Map();
    contexts.set(spec, byVersion);
  }
  let context = byVersion.get(version);
  if (context === undefined) {
    context = JSON.stringify([version, spec.readPathPrefix, decisionContext(spec)]);
    byVersion.set(version, context);
  }
  return context;
}

const routesKey = (routes: readonly RouteContract[]) =>
  routes.map((r) => `${r.method} ${r.path} ${r.operationId} ${r.kind}`).join('\n');

function operationsOf(
  routes: readonly RouteContract[],
  operation: (route: RouteContract) => JsonSchema,
): BuiltOperation[] {
  return routes.map((route) => {
    const op = operation(route);
    return { operation: op, item: { [route.method.toLowerCase()]: op } };
  });
}

function build(
  registry: SchemaRegistry,
  routes: readonly RouteContract[],
  operation: (route: RouteContract) => JsonSchema,
): { operations: BuiltOperation[]; journal: RegistryJournal } {
  const { value, journal } = registry.record(() => operationsOf(routes, operation));
  return { operations: value, journal };
}

/**
 * The operations of `routes` (the consecutive read routes of the resource `name`), built with
 * `operation` against `registry`, or replayed from the memo with the same effect on `registry`.
 * `memo: false` (a one-shot run): built, not looked up, kept or frozen.
 */
export function resourceOperations(
  registry: SchemaRegistry,
  name: string,
  routes: readonly RouteContract[],
  operation: (route: RouteContract) => JsonSchema,
  options: { memo: boolean } = { memo: true },
): BuiltOperation[] {
  if (!options.memo) return operationsOf(routes, operation);
  const spec = registry.spec;
  const resource = resourcesByName(spec).get(name);
  // Two resources of one name share a record; such a spec is built without the memo.
  if (!resource || resourcesByName(spec).size !== spec.resources.length)
    return build(registry, routes, operation).operations;
  const context = contextOf(spec, registry.version);
  // by position-free identity (@specgen/ir identity.ts): a resource the parser saw only move finds its part
  let byContext = parts.get(stableIdentity(resource));
  if (!byContext) {
    byContext = new Map();
    parts.set(stableIdentity(resource), byContext);
  }
  const key = routesKey(routes);
  const used = buildOf(registry).used;
  const kept = byContext.get(context);
  const part = kept ?? movedPart(registry, resource, context);
  if (part && part.routes === key && registry.canReplay(part.journal)) {
    registry.replay(part.journal);
    if (kept) resourceMemoStats.replayed++;
    else {
      byContext.set(context, part);
      resourceMemoStats.moved++;
    }
    used.push({ resource, part });
    return part.operations;
  }
  const built = build(registry, routes, operation);
  // The resource itself is the memo's key (by identity, or by contents when it moved).
  built.journal.resources.delete(name);
  deepFreeze(built.operations.map((o) => o.item));
  deepFreeze(built.journal.sets);
  const fresh = { context, routes: key, ...built };
  byContext.delete(context);
  byContext.set(context, fresh);
  if (byContext.size > CONTEXTS_PER_RESOURCE) byContext.delete(byContext.keys().next().value!);
  resourceMemoStats.built++;
  used.push({ resource, part: fresh });
  return built.operations;
}
