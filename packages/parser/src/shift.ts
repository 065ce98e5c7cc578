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
  return {
    ...f,
    enumeration: f.enumeration && movedEnumeration(f.enumeration, delta),
    obsolete: f.obsolete && { ...f.obsolete, source: movedSource(f.obsolete.source, delta) },
    source: movedSource(f.source, delta),
  };
}

export function movedEnumeration(e: Enumeration, delta: number): Enumeration {
  return { ...e, values: movedValues(e.values, delta), source: movedSource(e.source, delta) };
}

function movedValues(values: readonly EnumValue[], delta: number): EnumValue[] {
  return values.map((v) => ({ ...v, source: movedSource(v.source, delta) }));
}

export function movedUnknowns(unknowns: readonly Unknown[], delta: number): Unknown[] {
  return unknowns.map((u) => ({ ...u, source: movedSource(u.source, delta) }));
}

export function movedStatuses(statuses: readonly StatusEnumeration[], delta: number): StatusEnumeration[] {
  return statuses.map((s) => ({ ...s, values: movedValues(s.values, delta), at: movedPosition(s.at, delta) }));
}

export function movedDiagnostics(diagnostics: readonly Diagnostic[], delta: number): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, line: d.line + delta }));
}
