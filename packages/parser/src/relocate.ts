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
 * would keep it; the `source` objects replaced are recorded for share.ts, which hands the result
 * over as a twin of the previous entry (`markMoved`) without walking it.
 */
import {
  type EnumValue,
  type Enumeration,
  type Field,
  type MovedPositions,
  type Resource,
  type Source,
  sameJson,
} from '@specgen/ir';
import type { FieldFacts, ResourceFacts } from './resource-facts.ts';
import { recordRelocation, type SourcePairs, shareInside } from './share.ts';
import { fieldWith, movedSource } from './shift.ts';

/** The extracted resource a resolution was made from, and that extraction moved (parse-memo.ts). */
interface MovedExtract {
  from: Resource;
  to: Resource;
}

/**
 * The `source` objects a relocation replaced, written into lists kept from call to call and copied
 * at their size for the record: lists grown by `push` for each resource left their smaller copies
 * behind (about 100 sources a resource, 600 resources moved by a row added at the top of the
 * synthetic spec). The sources of the moved extraction's fields (`extractedField`), nearly all of
 * them, are only counted: each is its previous source moved by the relocation's `delta` (shift.ts),
 * so when every other pair moved alike, the record says so (`shift`) instead of listing them.
 */
class ReplacedSources implements SourcePairs {
  readonly from: object[] = [];
  readonly to: object[] = [];
  size = 0;
  /** Sources of the moved extraction's fields replaced and not written into the lists... */
  counted = 0;
  /** ... the indexes of those fields, up to `extractedSize`. */
  readonly extracted: number[] = [];
  extractedSize = 0;
  /** Whether every pair so far kept its file and column and moved by `lines`. */
  alike = true;
  lines = 0;
  started = false;

  reset(): void {
    this.size = 0;
    this.counted = 0;
    this.extractedSize = 0;
    this.alike = true;
    this.started = false;
  }

  add(a: object, b: object): void {
    this.from[this.size] = a;
    this.to[this.size] = b;
    this.size++;
    const was = a as Source;
    const next = b as Source;
    if (next.file !== was.file || next.column !== was.column) this.alike = false;
    else this.moved(next.line - was.line);
  }

  /** One more pair (or several) moved by `lines`. */
  moved(lines: number): void {
    if (!this.started) {
      this.started = true;
      this.lines = lines;
    } else if (lines !== this.lines) this.alike = false;
  }
}

const replaced = new ReplacedSources();

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
  replaced.reset();
  const move = (s: Source): Source => {
    const moved = movedSource(s, delta);
    replaced.add(s, moved);
    return moved;
  };
  let changed = false;
  // the places `previous` holds a source: the resource's and its fields'
  let sources = 1;
  const extracted = extract && extract.from.fields.length === previous.fields.length ? extract : undefined;
  const fields = previous.fields.map((f, i) => {
    sources += sourcesOf(f);
    const fieldFacts = facts.fields.get(f.name);
    const next =
      fieldFacts === undefined && extracted && delta !== 0 && extracted.from.fields[i] === f
        ? extractedField(f, extracted.to.fields[i] as Field, delta, i)
        : relocatedField(f, delta, fieldFacts, move, replaced);
    if (next !== f) changed = true;
    return next;
  });
  if (delta === 0 && !changed) return previous;
  const relocated: Resource = {
    ...previous,
    fields: changed ? fields : previous.fields,
    source: delta === 0 ? previous.source : move(previous.source),
  };
  recordRelocation(relocated, previous, replacedPositions(previous.fields, fields, sources));
  return relocated;
}

/**
 * What the relocation replaced, for the record: when it replaced every one of the `sources` places
 * alike, how many and by how many lines; else the pairs (the counted ones written out).
 */
function replacedPositions(previous: readonly Field[], fields: readonly Field[], sources: number): MovedPositions {
  if (replaced.counted > 0 && replaced.alike && replaced.size + replaced.counted === sources)
    return { from: [], to: [], shift: { lines: replaced.lines, count: replaced.size + replaced.counted } };
  for (let k = 0; k < replaced.extractedSize; k++) {
    const i = replaced.extracted[k] as number;
    extractedPairs(previous[i] as Field, fields[i] as Field, replaced);
  }
  return { from: replaced.from.slice(0, replaced.size), to: replaced.to.slice(0, replaced.size) };
}

function relocatedField(
  f: Field,
  delta: number,
  facts: FieldFacts | undefined,
  move: (s: Source) => Source,
  pairs: SourcePairs,
): Field {
  if (delta === 0 && !facts) return f;
  const enumeration = facts?.enumeration
    ? (sharedEnumeration(f.enumeration, facts.enumeration, pairs) ??
      (shareInside(f.enumeration, facts.enumeration, pairs) as Enumeration))
    : f.enumeration && delta !== 0
      ? movedEnumeration(f.enumeration, move)
      : f.enumeration;
  const obsolete = facts?.obsolete
    ? (shareInside(f.obsolete, facts.obsolete, pairs) as Field['obsolete'])
    : f.obsolete && delta !== 0
      ? { ...f.obsolete, source: move(f.obsolete.source) }
      : f.obsolete;
  if (delta === 0 && enumeration === f.enumeration && obsolete === f.obsolete) return f;
  return fieldWith(f, enumeration, obsolete, delta === 0 ? f.source : move(f.source));
}

/**
 * What `shareInside(prev, next, pairs)` gives for an enumeration fact that equals the previous one but
 * for positions (relocated() checked the facts: "Enumerated statuses" moved), without its walk: a
 * value or source equal to the previous one is the previous object, another is the new one, and each
 * replaced source is paired in the walk's order (the values', then the enumeration's). Undefined when
 * the two differ in more than positions: the walk decides then.
 */
function sharedEnumeration(prev: Enumeration | null, next: Enumeration, pairs: SourcePairs): Enumeration | undefined {
  if (
    !prev ||
    prev.kind !== next.kind ||
    prev.bitmask !== next.bitmask ||
    prev.origin !== next.origin ||
    prev.values.length !== next.values.length
  )
    return undefined;
  const start = pairs.size;
  const values: EnumValue[] = [];
  let sameValues = true;
  for (let i = 0; i < next.values.length; i++) {
    const [p, v] = [prev.values[i] as EnumValue, next.values[i] as EnumValue];
    if (p !== v && (p.kind !== v.kind || p.value !== v.value || p.name !== v.name)) {
      pairs.size = start;
      return undefined;
    }
    if (p === v || sameSource(p.source, v.source)) values.push(p);
    else {
      sameValues = false;
      pairs.add(p.source, v.source);
      values.push(v);
    }
  }
  const source = sameSource(prev.source, next.source) ? prev.source : next.source;
  if (source !== prev.source) pairs.add(prev.source, source);
  if (sameValues && source === prev.source) return prev;
  const { kind, bitmask, origin } = next;
  return { kind, bitmask, origin, values: sameValues ? prev.values : values, source };
}

/** The parser writes every source as `{ file, line, column }` (shift.ts). */
function sameSource(a: Source, b: Source): boolean {
  return a === b || (a.line === b.line && a.column === b.column && a.file === b.file);
}

/** How many places of a field hold a `source`: its own, its enumeration's and values', its obsolete rule's. */
function sourcesOf(f: Field): number {
  return 1 + (f.enumeration ? f.enumeration.values.length + 1 : 0) + (f.obsolete ? 1 : 0);
}

/**
 * `moved`, the field `f` moved by the extraction (shift.ts): its `source` objects, each `f`'s moved by
 * `delta`, counted as replaced (written out as pairs only if the record needs them: `extractedPairs`).
 */
function extractedField(f: Field, moved: Field, delta: number, index: number): Field {
  replaced.extracted[replaced.extractedSize++] = index;
  let count = 1;
  if (f.enumeration && moved.enumeration) count += f.enumeration.values.length + 1;
  if (f.obsolete && moved.obsolete) count++;
  replaced.counted += count;
  replaced.moved(delta);
  return moved;
}

/** The pairs `extractedField` counted, in the order it would have met them. */
function extractedPairs(f: Field, moved: Field, pairs: SourcePairs): void {
  pairs.add(f.source, moved.source);
  if (f.enumeration && moved.enumeration) {
    const [values, to] = [f.enumeration.values, moved.enumeration.values];
    for (let i = 0; i < values.length; i++) pairs.add((values[i] as EnumValue).source, (to[i] as EnumValue).source);
    pairs.add(f.enumeration.source, moved.enumeration.source);
  }
  if (f.obsolete && moved.obsolete) pairs.add(f.obsolete.source, moved.obsolete.source);
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
