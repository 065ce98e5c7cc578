/**
 * Resolution of resources without mutation. An extracted resource (as its section alone gives it)
 * stays untouched; what other sections add to it (its read-table row, `known` on reference types,
 * an enumeration from "Enumerated statuses", `Obsolete since` from the versioning rules, a maximum
 * length from the limits) is collected as `ResourceFacts` and applied by `resolvedResource`, which
 * copies only the objects it changes. With a `ResolvedMemo`, an extracted resource resolved with
 * the same facts as in the previous parse gives the same object as then (see parse-spec.ts).
 */
import type { Enumeration, Field, Resource } from '@specgen/ir';

/** What one field gets from other sections; absent properties keep the extracted value. */
export interface FieldFacts {
  enumeration?: Enumeration;
  obsolete?: NonNullable<Field['obsolete']>;
  maxLength?: number;
}

export interface ResourceFacts {
  row: { area: string | null; path: string; permission: string | null } | null;
  /** By field name. */
  fields: Map<string, FieldFacts>;
}

export function emptyFacts(): ResourceFacts {
  return { row: null, fields: new Map() };
}

export function factsOf(all: Map<string, ResourceFacts>, resource: string): ResourceFacts {
  let facts = all.get(resource);
  if (!facts) all.set(resource, (facts = emptyFacts()));
  return facts;
}

/** Remembers, per extracted resource, the facts it was last resolved with and the result. */
export type ResolvedMemo = WeakMap<Resource, { key: string; resolved: Resource }>;

/** `extracted` with the facts and the `known` flags applied; the same object as last time when nothing differs. */
export function resolvedResource(extracted: Resource, facts: ResourceFacts, known: ReadonlySet<string>, memo?: ResolvedMemo): Resource {
  const key = memo ? factsKey(extracted, facts, known) : '';
  const hit = memo?.get(extracted);
  if (hit && hit.key === key) return hit.resolved;
  const resolved = apply(extracted, facts, known);
  memo?.set(extracted, { key, resolved });
  return resolved;
}

function apply(r: Resource, facts: ResourceFacts, known: ReadonlySet<string>): Resource {
  const fields = r.fields.map((f) => resolvedField(f, facts.fields.get(f.name), known));
  const row = facts.row;
  return { ...r, ...(row ? { area: row.area, path: row.path, permission: row.permission } : {}), fields };
}

function resolvedField(f: Field, facts: FieldFacts | undefined, known: ReadonlySet<string>): Field {
  const base = f.type.base;
  const isKnown = base.kind === 'ref' && known.has(base.target);
  const typeChanges = base.kind === 'ref' && base.known !== isKnown;
  if (!typeChanges && !facts) return f;
  const out: Field = { ...f };
  if (typeChanges) out.type = { ...f.type, base: { ...base, known: isKnown } as typeof base };
  if (facts?.enumeration) out.enumeration = facts.enumeration;
  if (facts?.obsolete) out.obsolete = facts.obsolete;
  if (facts?.maxLength !== undefined) out.maxLength = facts.maxLength;
  return out;
}

/** The reference targets of an extracted resource's fields, in field order. */
const refTargets = new WeakMap<Resource, string[]>();

/** Everything `apply` reads besides the extracted resource itself, as a string. */
function factsKey(r: Resource, facts: ResourceFacts, known: ReadonlySet<string>): string {
  let key = facts.row ? `${facts.row.area}\u0001${facts.row.path}\u0001${facts.row.permission}` : '-';
  let targets = refTargets.get(r);
  if (!targets) refTargets.set(r, (targets = r.fields.flatMap((f) => (f.type.base.kind === 'ref' ? [f.type.base.target] : []))));
  for (const target of targets) key += known.has(target) ? '\u0002y' : '\u0002n';
  if (facts.fields.size > 0) key += `\u0003${JSON.stringify([...facts.fields])}`;
  return key;
}
