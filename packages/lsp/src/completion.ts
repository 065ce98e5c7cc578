/**
 * Completion by table column: a Type cell (the scalars, structure, resource and referenced names,
 * then `?` and `[]`), a Since cell (the versions the spec knows, newest first), a Notes cell
 * (`References <Resource>`), and the permission column of the read-resources table.
 */
import type { Spec } from '@specgen/ir';
import { compareVersions } from '@specgen/ir';
import { CompletionItemKind, type CompletionItem, type Position } from 'vscode-languageserver';
import type { SpecDocument } from './spec-document.ts';
import { cellIndexAt, rowCells, tableAround } from './text.ts';

export const SCALARS = ['Int64', 'Int32', 'Decimal', 'Boolean', 'String', 'DateTimeOffset', 'TimeSpan'] as const;

export function completion(doc: SpecDocument, position: Position): CompletionItem[] {
  const lines = doc.lines;
  const line = lines[position.line] ?? '';
  const table = tableAround(lines, position.line);
  if (!table || table.header === position.line || table.header + 1 === position.line) return [];
  const header = rowCells(lines[table.header] ?? '').map((c) => c.text.toLowerCase());
  const cells = rowCells(line);
  const index = cellIndexAt(cells, position.character);
  const cell = cells[index];
  if (!cell) return [];
  const column = header[index] ?? '';
  const startChar = Math.min(cell.start, position.character);
  const prefix = line.slice(startChar, position.character);
  const range = {
    start: { line: position.line, character: startChar },
    end: { line: position.line, character: Math.max(position.character, cell.end) },
  };
  const item = (label: string, kind: CompletionItemKind, detail: string, sortText?: string): CompletionItem => ({
    label,
    kind,
    detail,
    textEdit: { range, newText: label },
    filterText: label,
    ...(sortText ? { sortText } : {}),
  });
  const spec = doc.parsed.spec;
  const fieldTable = header.includes('type') && header.some((h) => ['name', 'field', 'property'].includes(h));
  if (fieldTable && column === 'type')
    return typeItems(spec, prefix).map(([label, kind, detail]) => item(label, kind, detail));
  if (fieldTable && (column === 'since' || column === 'version')) {
    const versions = [...spec.versions].sort((a, b) => compareVersions(b, a));
    return [
      ...versions.map((v, i) =>
        item(
          v,
          CompletionItemKind.Value,
          i === 0 ? 'newest version of the spec' : 'a version the spec names',
          String(i).padStart(4, '0'),
        ),
      ),
      item('-', CompletionItemKind.Value, 'no version given', '9999'),
    ];
  }
  if (fieldTable && ['notes', 'description', 'note'].includes(column)) {
    const before = cell.text.slice(0, Math.max(0, position.character - cell.start));
    const at = before.length > 0 && !/[.;]\s*$/.test(before) ? position.character : startChar;
    const names = referenceTargets(spec);
    const space = at === position.character && before.length > 0 && !before.endsWith(' ') ? ' ' : '';
    return names.map((name) => ({
      label: `References ${name}`,
      kind: CompletionItemKind.Reference,
      detail: spec.resources.some((r) => r.name === name) ? 'a resource of the spec' : 'named by the spec',
      textEdit: {
        range: { start: { line: position.line, character: at }, end: position },
        newText: `${space}References ${name}.`,
      },
      filterText: `References ${name}`,
    }));
  }
  if (header.some((h) => h.includes('permission')) && column.includes('permission')) {
    const permissions = [
      ...new Set(spec.resources.map((r) => r.permission).filter((p): p is string => p !== null)),
    ].sort();
    return permissions.map((p) => item(p, CompletionItemKind.EnumMember, 'a permission of the read-resources table'));
  }
  return [];
}

/** Names a `References` note can give: the spec's resources, then the other targets it already names. */
function referenceTargets(spec: Spec): string[] {
  const named = new Set<string>();
  for (const r of spec.resources) for (const f of r.fields) if (f.references) named.add(f.references);
  const own = spec.resources.map((r) => r.name);
  return [...own, ...[...named].filter((n) => !own.includes(n)).sort()];
}

function typeItems(spec: Spec, prefix: string): [string, CompletionItemKind, string][] {
  const bare = /^([A-Za-z_$][\w$]*)$/.exec(prefix.trim())?.[1];
  const items: [string, CompletionItemKind, string][] = [];
  const known = new Set<string>();
  const push = (name: string, kind: CompletionItemKind, detail: string) => {
    if (known.has(name)) return;
    known.add(name);
    items.push([name, kind, detail]);
  };
  for (const s of SCALARS) push(s, CompletionItemKind.Keyword, 'scalar');
  for (const s of spec.structures) push(s.name, CompletionItemKind.Struct, 'sign-in structure');
  for (const r of spec.resources) push(r.name, CompletionItemKind.Class, 'resource');
  for (const o of [...spec.resources, ...spec.structures]) {
    for (const f of o.fields)
      if (f.type.base.kind === 'ref')
        push(f.type.base.target, CompletionItemKind.Reference, f.expandable ? 'expandable target' : 'referenced type');
  }
  if (bare && known.has(bare)) {
    const kinds: [string, string][] = [
      ['?', 'nullable'],
      ['[]', 'array'],
      ['[]?', 'nullable array'],
    ];
    items.unshift(
      ...kinds.map(([suffix, detail]): [string, CompletionItemKind, string] => [
        `${bare}${suffix}`,
        CompletionItemKind.Operator,
        detail,
      ]),
    );
  }
  return items;
}
