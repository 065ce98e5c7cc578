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
import type { EnumValue, Enumeration, Field, Resource, Source } from '@specgen/ir';
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
  const before = previous.fields;
  let fields: Field[] | null = null;
  if (delta !== 0) {
    // Every field moves: the moved extraction's own where the previous resolution held the extracted
    // one, else a moved copy. The fields with facts are replaced below.
    const from = extract && extract.from.fields.length === before.length ? extract.from.fields : undefined;
    const to = extract?.to.fields;
    fields = before.map((f, i) => {
      const kept = from !== undefined && from[i] === f ? to?.[i] : undefined;
      return kept ?? relocatedField(f, delta, undefined, move);
    });
  }
  // The few fields with facts, by their index (resource-facts.ts), not a lookup of every field by name.
  for (const fieldFacts of facts.fields.values()) {
    const f = before[fieldFacts.at] as Field;
    const next = relocatedField(f, delta, fieldFacts, move);
    if (next === f) continue;
    fields ??= before.slice();
    fields[fieldFacts.at] = next;
  }
  if (delta === 0 && fields === null) return previous;
  const relocated: Resource = {
    ...previous,
    fields: fields ?? before,
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
  // every value the new one (its statuses line moved): then `next` is the answer, if its source moved too
  let allNew = next.values.length > 0;
  for (let i = 0; i < next.values.length; i++) {
    const [p, v] = [prev.values[i] as EnumValue, next.values[i] as EnumValue];
    if (p !== v && (p.kind !== v.kind || p.value !== v.value || p.name !== v.name)) return undefined;
    if (p === v || sameSource(p.source, v.source)) {
      values.push(p);
      allNew = false;
    } else {
      sameValues = false;
      values.push(v);
    }
  }
  const source = sameSource(prev.source, next.source) ? prev.source : next.source;
  if (sameValues && source === prev.source) return prev;
  if (allNew && source === next.source) return next;
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

/**
 * Whether `a` and `b` (facts of two parses) are equal but for `source` positions: what a deep
 * comparison skipping every `source` tells of them (property order aside, which no resolution reads),
 * written out for the three facts a field can have (600 status enumerations on a row edit).
 */
export function sameFactsButPositions(a: ResourceFacts, b: ResourceFacts): boolean {
  if (!sameRow(a.row, b.row) || a.fields.size !== b.fields.size) return false;
  for (const [name, x] of a.fields) {
    const y = b.fields.get(name);
    if (
      !y ||
      x.at !== y.at ||
      x.maxLength !== y.maxLength ||
      !sameObsoleteButSource(x.obsolete, y.obsolete) ||
      !sameEnumerationButPositions(x.enumeration, y.enumeration)
    )
      return false;
  }
  return true;
}

function sameRow(a: ResourceFacts['row'], b: ResourceFacts['row']): boolean {
  return a === b || (!!a && !!b && a.area === b.area && a.path === b.path && a.permission === b.permission);
}

function sameObsoleteButSource(a: FieldFacts['obsolete'], b: FieldFacts['obsolete']): boolean {
  return a === b || (!!a && !!b && a.since === b.since && a.replacedBy === b.replacedBy);
}

function sameEnumerationButPositions(a: Enumeration | undefined, b: Enumeration | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.kind !== b.kind || a.bitmask !== b.bitmask || a.origin !== b.origin) return false;
  if (a.values.length !== b.values.length) return false;
  for (let i = 0; i < a.values.length; i++) {
    const [v, w] = [a.values[i] as EnumValue, b.values[i] as EnumValue];
    if (v !== w && (v.kind !== w.kind || v.value !== w.value || v.name !== w.name)) return false;
  }
  return true;
}
