/**
 * Where each name of the spec is defined and used, read from the IR (definitions, with their source
 * positions) and the document's lines (uses): type cells and Notes (`References X`, `replaced by Y`)
 * of field tables, structure names and labels, resource names, `Resource.Field` mentions (Enumerated
 * statuses, Versioning), command names, and error-table headings (the endpoints they apply to).
 * Definition, references, rename and hover all read this one index.
 */
import type { Spec } from '@specgen/ir';
import type { Position, Range } from 'vscode-languageserver';
import { scanProse } from './prose-names.ts';
import { contains, rowCells, tableAround } from './text.ts';

export type Target =
  | { kind: 'resource'; name: string }
  | { kind: 'structure'; name: string }
  | { kind: 'field'; owner: string; name: string }
  /** A type or `References` target the spec names but does not define (Comments, Parts). */
  | { kind: 'type'; name: string }
  | { kind: 'endpoint'; name: string }
  | { kind: 'command'; name: string };

export interface Occurrence {
  target: Target;
  key: string;
  range: Range;
  definition: boolean;
}

export function targetKey(t: Target): string {
  return t.kind === 'field' ? `field:${t.owner}.${t.name}` : `${t.kind}:${t.name}`;
}

export class NameIndex {
  readonly all: Occurrence[] = [];
  readonly #byKey = new Map<string, Occurrence[]>();

  add(target: Target, line: number, character: number, length: number, definition = false): void {
    if (line < 0 || character < 0) return;
    const key = targetKey(target);
    const occurrence = {
      target,
      key,
      definition,
      range: { start: { line, character }, end: { line, character: character + length } },
    };
    this.all.push(occurrence);
    const list = this.#byKey.get(key) ?? [];
    list.push(occurrence);
    this.#byKey.set(key, list);
  }

  /** Occurrences under the position, the narrowest first. */
  at(p: Position): Occurrence[] {
    const width = (o: Occurrence) => o.range.end.character - o.range.start.character;
    return this.all.filter((o) => contains(o.range, p)).sort((a, b) => width(a) - width(b));
  }

  of(key: string): Occurrence[] {
    return this.#byKey.get(key) ?? [];
  }
}

export function buildNameIndex(spec: Spec, lines: readonly string[]): NameIndex {
  const index = new NameIndex();
  const owners = [...spec.resources, ...spec.structures];
  const kindOf = (name: string): Target => {
    if (spec.structures.some((s) => s.name === name)) return { kind: 'structure', name };
    if (spec.resources.some((r) => r.name === name)) return { kind: 'resource', name };
    return { kind: 'type', name };
  };
  const skip = new Set<number>();
  for (const r of spec.resources) {
    index.add({ kind: 'resource', name: r.name }, r.source.line - 1, r.source.column - 1, r.name.length, true);
    skip.add(r.source.line - 1);
  }
  for (const s of spec.structures) {
    const line = s.source.line - 1;
    const at = (lines[line] ?? '').indexOf(`**${s.label}**`);
    if (at >= 0) index.add({ kind: 'structure', name: s.name }, line, at + 2, s.label.length, true);
    skip.add(line);
  }
  for (const owner of owners) {
    for (const f of owner.fields) {
      const line = f.source.line - 1;
      skip.add(line);
      index.add({ kind: 'field', owner: owner.name, name: f.name }, line, f.source.column - 1, f.name.length, true);
      const columns = tableColumns(lines, line);
      const cells = rowCells(lines[line] ?? '');
      const typeCell = cells[columns.type];
      if (typeCell && f.type.base.kind === 'ref') {
        const at = typeCell.text.indexOf(f.type.base.target);
        if (at >= 0) index.add(kindOf(f.type.base.target), line, typeCell.start + at, f.type.base.target.length);
      }
      const notes = cells[columns.notes];
      if (!notes) continue;
      for (const m of notes.text.matchAll(/\b[Rr]eferences\s+([A-Z][A-Za-z0-9_]*)/g)) {
        const name = m[1] ?? '';
        index.add(kindOf(name), line, notes.start + (m.index ?? 0) + m[0].length - name.length, name.length);
      }
      for (const m of notes.text.matchAll(/\breplaced by\s+([A-Za-z_][A-Za-z0-9_]*)/gi)) {
        const name = m[1] ?? '';
        index.add(
          { kind: 'field', owner: owner.name, name },
          line,
          notes.start + (m.index ?? 0) + m[0].length - name.length,
          name.length,
        );
      }
    }
  }
  for (const e of spec.endpoints) {
    const line = e.source.line - 1;
    const at = (lines[line] ?? '').indexOf(e.path);
    if (at >= 0) index.add({ kind: 'endpoint', name: e.id }, line, at, e.path.length, true);
  }
  for (const c of spec.commands) {
    index.add({ kind: 'command', name: c.name }, c.source.line - 1, c.source.column - 1, c.name.length, true);
  }
  for (const t of spec.errorTables) {
    const line = t.source.line - 1;
    skip.add(line);
    for (const name of t.appliesTo) {
      const target: Target = spec.commands.some((c) => c.name === name)
        ? { kind: 'command', name }
        : { kind: 'endpoint', name };
      index.add(target, line, t.source.column - 1, t.title.length);
    }
  }
  scanProse(index, spec, lines, skip);
  return index;
}

/** Column indices of Type and Notes in the field table holding 0-based `line`. */
function tableColumns(lines: readonly string[], line: number): { type: number; notes: number } {
  const table = tableAround(lines, line);
  const header = table ? rowCells(lines[table.header] ?? '').map((c) => c.text.toLowerCase()) : [];
  const find = (names: string[], fallback: number) => {
    const i = header.findIndex((h) => names.includes(h));
    return i >= 0 ? i : fallback;
  };
  return { type: find(['type'], 1), notes: find(['notes', 'description', 'note'], 2) };
}
