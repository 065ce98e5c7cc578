/**
 * What a section gives, moved by whole lines. A section's extractions depend on its text and its
 * heading only (parse-memo.ts), and positions are read from its blocks, so the section at another
 * line gives the same values with every line `delta` further: copies of the objects that hold a
 * position, sharing every part that holds none (types, notes, names).
 */
import type { Diagnostic } from '@specgen/diagnostics';
import type { EnumValue, Enumeration, Field, Resource, Source, Unknown } from '@specgen/ir';
import type { Position } from './blocks.ts';
import type { StatusEnumeration } from './statuses.ts';

/** `source` moved; the parser writes every source as `{ file, line, column }`, in that order. */
export function movedSource(s: Source, delta: number): Source {
  return { file: s.file, line: s.line + delta, column: s.column };
}

export function movedPosition<T extends Position>(p: T, delta: number): T {
  return { ...p, line: p.line + delta };
}

export function movedResource(r: Resource, delta: number): Resource {
  return { ...r, fields: r.fields.map((f) => movedField(f, delta)), source: movedSource(r.source, delta) };
}

function movedField(f: Field, delta: number): Field {
  return fieldWith(
    f,
    f.enumeration && movedEnumeration(f.enumeration, delta),
    f.obsolete && { ...f.obsolete, source: movedSource(f.obsolete.source, delta) },
    movedSource(f.source, delta),
  );
}

/**
 * `f` with those three properties, written out rather than spread: fields copied by spreading
 * copies (a field moved again and again) were three times slower to copy, the costliest step of a
 * row added above 600 resources. The order is that of fields.ts (`readFieldTable`); the tests'
 * equality of the IR to a cold parse (property order included) checks it.
 */
export function fieldWith(
  f: Field,
  enumeration: Field['enumeration'],
  obsolete: Field['obsolete'],
  source: Source,
): Field {
  return {
    kind: f.kind,
    name: f.name,
    type: f.type,
    notes: f.notes,
    since: f.since,
    expandable: f.expandable,
    references: f.references,
    enumeration,
    obsolete,
    maxLength: f.maxLength,
    source,
  };
}

/**
 * Written out as fields.ts and resource-facts.ts write an enumeration, not spread: 6,600 of them move
 * with a row added above 600 resources, and a spread copy that then replaces two of its five
 * properties cost twice the literal.
 */
function movedEnumeration(e: Enumeration, delta: number): Enumeration {
  return {
    kind: e.kind,
    bitmask: e.bitmask,
    origin: e.origin,
    values: movedValues(e.values, delta),
    source: movedSource(e.source, delta),
  };
}

function movedValues(values: readonly EnumValue[], delta: number): EnumValue[] {
  const out: EnumValue[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as EnumValue;
    out[i] = { kind: v.kind, value: v.value, name: v.name, source: movedSource(v.source, delta) };
  }
  return out;
}

export function movedUnknowns(unknowns: readonly Unknown[], delta: number): Unknown[] {
  // Most sections state none: their empty list is handed over (1,200 sections move with a row at the top).
  if (unknowns.length === 0) return unknowns as Unknown[];
  return unknowns.map((u) => ({ ...u, source: movedSource(u.source, delta) }));
}

export function movedStatuses(statuses: readonly StatusEnumeration[], delta: number): StatusEnumeration[] {
  return statuses.map((s) => ({ ...s, values: movedValues(s.values, delta), at: movedPosition(s.at, delta) }));
}

export function movedDiagnostics(diagnostics: readonly Diagnostic[], delta: number): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, line: d.line + delta }));
}
