/**
 * The resolution of a resource whose section only moved, made from its resolution in the previous
 * parse instead of resolving it again and sharing the result with the previous IR (share.ts), which
 * walks every object of the resource: on a row added near the top of a large spec, hundreds of
 * resources move.
 *
 * Why it equals a fresh resolution (resolve-resources.ts, `apply`): the section's extraction is the
 * previous one moved by `delta` lines (parse-memo.ts); the caller checks that the reference targets
 * are known as before and that the facts from other sections equal the previous ones but for their
 * positions (`sameFactsButPositions`). So the fresh resolution is the previous one with the
 * resource's own positions moved by `delta`, and the facts' objects (an enumeration from "Enumerated
 * statuses", `obsolete` from the versioning rules, whose sections may have moved by another amount or
 * not at all) replaced by the new facts'. What did not change stays the previous object, as sharing
 * would keep it; the result is recorded for share.ts, which hands it over as a twin of the previous
 * entry (`markMoved`) without walking it.
 */
import { type EnumValue, type Enumeration, type Field, type Resource, type Source, sameJson } from '@specgen/ir';
import type { FieldFacts, ResourceFacts } from './resource-facts.ts';
import { recordRelocation, shareInside } from './share.ts';
import { fieldWith, movedSource } from './shift.ts';

/** The extracted resource a resolution was made from, and that extraction moved (parse-memo.ts). */
interface MovedExtract {
  from: Resource;
  to: Resource;
}

/**
 * `previous` (a resolution of the previous parse) moved by `delta` lines, with `facts` applied;
 * `previous` if nothing changed. A field `previous` holds as it was extracted (no facts, `known`
 * unchanged) is the moved extraction's field, not another copy of it.
 */
export function relocatedResource(
  previous: Resource,
  delta: number,
  facts: ResourceFacts,
  extract?: MovedExtract,
): Resource {
  const move = (s: Source): Source => movedSource(s, delta);
  let changed = false;
  const extracted = extract && extract.from.fields.length === previous.fields.length ? extract : undefined;
  const fields = previous.fields.map((f, i) => {
    const fieldFacts = facts.fields.get(f.name);
    const next =
      fieldFacts === undefined && extracted && delta !== 0 && extracted.from.fields[i] === f
        ? (extracted.to.fields[i] as Field)
        : relocatedField(f, delta, fieldFacts, move);
    if (next !== f) changed = true;
    return next;
  });
  if (delta === 0 && !changed) return previous;
  const relocated: Resource = {
    ...previous,
    fields: changed ? fields : previous.fields,
    source: delta === 0 ? previous.source : move(previous.source),
  };
  recordRelocation(relocated, previous);
  return relocated;
}

function relocatedField(f: Field, delta: number, facts: FieldFacts | undefined, move: (s: Source) => Source): Field {
  if (delta === 0 && !facts) return f;
  const enumeration = facts?.enumeration
    ? (sharedEnumeration(f.enumeration, facts.enumeration) ??
      (shareInside(f.enumeration, facts.enumeration) as Enumeration))
    : f.enumeration && delta !== 0
      ? movedEnumeration(f.enumeration, move)
      : f.enumeration;
  const obsolete = facts?.obsolete
    ? (shareInside(f.obsolete, facts.obsolete) as Field['obsolete'])
    : f.obsolete && delta !== 0
      ? { ...f.obsolete, source: move(f.obsolete.source) }
      : f.obsolete;
  if (delta === 0 && enumeration === f.enumeration && obsolete === f.obsolete) return f;
  return fieldWith(f, enumeration, obsolete, delta === 0 ? f.source : move(f.source));
}

/**
 * What `shareInside(prev, next)` gives for an enumeration fact that equals the previous one but for
 * positions (relocated() checked the facts: "Enumerated statuses" moved), without its walk: a value
 * or source equal to the previous one is the previous object, another is the new one. Undefined when
 * the two differ in more than positions: the walk decides then.
 */
function sharedEnumeration(prev: Enumeration | null, next: Enumeration): Enumeration | undefined {
  if (
    !prev ||
    prev.kind !== next.kind ||
    prev.bitmask !== next.bitmask ||
    prev.origin !== next.origin ||
    prev.values.length !== next.values.length
  )
    return undefined;
  const values: EnumValue[] = [];
  let sameValues = true;
  for (let i = 0; i < next.values.length; i++) {
    const [p, v] = [prev.values[i] as EnumValue, next.values[i] as EnumValue];
    if (p !== v && (p.kind !== v.kind || p.value !== v.value || p.name !== v.name)) return undefined;
    if (p === v || sameSource(p.source, v.source)) values.push(p);
    else {
      sameValues = false;
      values.push(v);
    }
  }
  const source = sameSource(prev.source, next.source) ? prev.source : next.source;
  if (sameValues && source === prev.source) return prev;
  const { kind, bitmask, origin } = next;
  return { kind, bitmask, origin, values: sameValues ? prev.values : values, source };
}

/** The parser writes every source as `{ file, line, column }` (shift.ts). */
function sameSource(a: Source, b: Source): boolean {
  return a === b || (a.line === b.line && a.column === b.column && a.file === b.file);
}

function movedEnumeration(e: Enumeration, move: (s: Source) => Source): Enumeration {
  const values = e.values.map(
    (v): EnumValue => ({ kind: v.kind, value: v.value, name: v.name, source: move(v.source) }),
  );
  return { ...e, values, source: move(e.source) };
}

/** Whether `a` and `b` (facts of two parses) are equal but for `source` positions, at any depth. */
export function sameFactsButPositions(a: ResourceFacts, b: ResourceFacts): boolean {
  if (!equalButSources(a.row, b.row) || a.fields.size !== b.fields.size) return false;
  for (const [name, x] of a.fields) {
    const y = b.fields.get(name);
    if (!y || !equalButSources(x, y)) return false;
  }
  return true;
}

/** Deep equality, property order included, that skips every `source` property. */
function equalButSources(x: unknown, y: unknown): boolean {
  return sameJson(x, y, 'source');
}
