/**
 * Resolution of resources without mutation. An extracted resource (as its section alone gives it)
 * stays untouched; what other sections add to it (its read-table row, `known` on reference types,
 * an enumeration from "Enumerated statuses", `Obsolete since` from the versioning rules, a maximum
 * length from the limits) is collected as `ResourceFacts` and applied by `resolvedResource`, which
 * copies only the objects it changes. With a `ResolveMemo`, an extracted resource resolved with
 * the same facts as in the previous parse gives the same object as then (see parse-spec.ts).
 */
import { type Field, type Resource, sameJson } from '@specgen/ir';
import { relocatedResource, sameFactsButPositions } from './relocate.ts';
import type { ResolvedEntry, ResolveMemo } from './resolve-memo.ts';
import type { FieldFacts, ResourceFacts } from './resource-facts.ts';

/** `extracted` with the facts and the `known` flags applied; the same object as last time when nothing differs. */
export function resolvedResource(
  extracted: Resource,
  facts: ResourceFacts,
  known: ReadonlySet<string>,
  memo?: ResolveMemo,
): Resource {
  if (!memo) return apply(extracted, facts, known);
  const hit = memo.resources.get(extracted);
  // The same set of names (resolve.ts reuses it) gives the same flags without looking them up; an
  // extraction that only moved names the targets of the one it moved from (the same type objects).
  const before = hit ?? movedFromEntry(extracted, memo);
  const knownTargets = before?.known === known ? before.knownTargets : knownOf(extracted, known, memo);
  if (hit && hit.knownTargets === knownTargets && sameFacts(hit.facts, facts)) {
    hit.known = known;
    return hit.resolved;
  }
  const resolved = relocated(extracted, facts, knownTargets, hit, memo) ?? apply(extracted, facts, known);
  memo.resources.set(extracted, { facts, known, knownTargets, resolved });
  memo.origins.set(resolved, extracted);
  return resolved;
}

/** The memo's entry of the extraction `extracted` was moved from in this parse (parse-memo.ts), if any. */
function movedFromEntry(extracted: Resource, memo: ResolveMemo): ResolvedEntry | undefined {
  const moved = memo.moved.get(extracted);
  return moved && memo.resources.get(moved.previous);
}

/**
 * The resolution of a resource whose section only moved (or whose facts moved: an enumeration whose
 * "Enumerated statuses" section moved), made from the previous resolution by moving its positions
 * (relocate.ts); undefined when anything but positions may differ.
 */
function relocated(
  extracted: Resource,
  facts: ResourceFacts,
  knownTargets: string,
  hit: ResolvedEntry | undefined,
  memo: ResolveMemo,
): Resource | undefined {
  const moved = hit ? undefined : memo.moved.get(extracted);
  memo.moved.delete(extracted);
  const base = hit ?? (moved && memo.resources.get(moved.previous));
  if (!base || base.knownTargets !== knownTargets || !sameFactsButPositions(base.facts, facts)) return undefined;
  const resolved = relocatedResource(
    base.resolved,
    moved?.delta ?? 0,
    facts,
    moved && { from: moved.previous, to: extracted },
  );
  if (resolved !== base.resolved) memo.relocations++;
  // The versions a resource names do not depend on positions.
  const versions = memo.resourceVersions.get(base.resolved);
  if (versions) memo.resourceVersions.set(resolved, versions);
  return resolved;
}

/**
 * After structural sharing replaced a resolution by an equal object (the previous parse's, or a copy
 * sharing its unchanged parts), the memo hands out that object from now on, so the next parse finds
 * it identical instead of comparing it again.
 */
export function adoptShared(resolved: Resource, shared: Resource, memo: ResolveMemo): void {
  const extracted = memo.origins.get(resolved);
  const entry = extracted && memo.resources.get(extracted);
  if (!entry || entry.resolved !== resolved) return;
  entry.resolved = shared;
  memo.origins.set(shared, extracted);
}

function apply(r: Resource, facts: ResourceFacts, known: ReadonlySet<string>): Resource {
  const fields = r.fields.map((f) => resolvedField(f, undefined, known));
  // The fields with facts by their index (resource-facts.ts), not a lookup of every field by name.
  for (const fieldFacts of facts.fields.values())
    fields[fieldFacts.at] = resolvedField(r.fields[fieldFacts.at] as Field, fieldFacts, known);
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

/** Which reference targets of the resource's fields are known (`y`/`n` per reference field). */
function knownOf(r: Resource, known: ReadonlySet<string>, memo: ResolveMemo): string {
  let targets = memo.refTargets.get(r);
  if (!targets) {
    targets = r.fields.flatMap((f) => (f.type.base.kind === 'ref' ? [f.type.base.target] : []));
    memo.refTargets.set(r, targets);
  }
  let bits = '';
  for (const target of targets) bits += known.has(target) ? 'y' : 'n';
  return bits;
}

function sameFacts(a: ResourceFacts, b: ResourceFacts): boolean {
  if (
    a.row !== b.row &&
    (!a.row ||
      !b.row ||
      a.row.area !== b.row.area ||
      a.row.path !== b.row.path ||
      a.row.permission !== b.row.permission)
  )
    return false;
  if (a.fields.size !== b.fields.size) return false;
  for (const [name, x] of a.fields) {
    const y = b.fields.get(name);
    if (
      !y ||
      x.maxLength !== y.maxLength ||
      !sameValue(x.enumeration, y.enumeration) ||
      !sameValue(x.obsolete, y.obsolete)
    )
      return false;
  }
  return true;
}

/**
 * Facts hold values from other sections: an enumeration's `values` is the same array while
 * "Enumerated statuses" is unchanged (its extraction is kept, parse-memo.ts), else compared in
 * depth, positions included. (Not as JSON texts: a row added above "Enumerated statuses" moves every
 * status line, and printing both sides of 600 enumerations took longer than the rest of resolving.)
 */
function sameValue(x: object | undefined, y: object | undefined): boolean {
  return x === y || (x !== undefined && y !== undefined && sameJson(x, y));
}
