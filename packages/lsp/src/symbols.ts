/**
 * Document symbols: the `##` sections, then in them the `###` sections, resources and sign-in
 * structures, then their fields. Folding ranges: every section and every table.
 */
import { splitSections } from '@specgen/parser';
import { SymbolKind, type DocumentSymbol, type FoldingRange, type Range } from 'vscode-languageserver';
import type { SpecDocument } from './spec-document.ts';
import { isDelimiterRow } from './text.ts';

interface SectionSpan {
  level: number;
  title: string;
  line: number;
  end: number;
}

/** Sections with the 0-based lines they span: heading to the line before the next heading of its level or higher. */
function sectionSpans(doc: SpecDocument): SectionSpan[] {
  const sections = splitSections(doc.text).filter((s) => s.level > 0);
  const last = Math.max(0, doc.lines.length - 1);
  return sections.map((s, i) => {
    const next = sections.slice(i + 1).find((o) => o.level <= s.level);
    let end = next ? next.line - 2 : last;
    while (end > s.line - 1 && (doc.lines[end] ?? '').trim() === '') end--;
    return { level: s.level, title: s.title, line: s.line - 1, end };
  });
}

export function documentSymbols(doc: SpecDocument): DocumentSymbol[] {
  const { spec } = doc.parsed;
  const lines = doc.lines;
  const lineRange = (from: number, to: number): Range => ({
    start: { line: from, character: 0 },
    end: { line: to, character: (lines[to] ?? '').length },
  });
  const owners = [...spec.resources, ...spec.structures];
  const ownerSymbol = (o: (typeof owners)[number], end: number): DocumentSymbol => {
    const line = o.source.line - 1;
    const fields = o.fields.map((f): DocumentSymbol => {
      const at = {
        start: { line: f.source.line - 1, character: f.source.column - 1 },
        end: { line: f.source.line - 1, character: f.source.column - 1 + f.name.length },
      };
      return {
        name: f.name,
        detail: f.type.text,
        kind: SymbolKind.Field,
        range: lineRange(f.source.line - 1, f.source.line - 1),
        selectionRange: at,
      };
    });
    const lastLine = Math.max(line, end, ...o.fields.map((f) => f.source.line - 1));
    const start = o.kind === 'resource' ? o.source.column - 1 : Math.max(0, (lines[line] ?? '').indexOf(o.label));
    const name = o.kind === 'resource' ? o.name : o.label;
    return {
      name: o.name,
      detail: o.kind === 'resource' ? (o.path ?? 'resource') : 'sign-in structure',
      kind: o.kind === 'resource' ? SymbolKind.Class : SymbolKind.Struct,
      range: lineRange(line, lastLine),
      selectionRange: { start: { line, character: start }, end: { line, character: start + name.length } },
      children: fields,
    };
  };
  const roots: DocumentSymbol[] = [];
  const stack: { level: number; symbol: DocumentSymbol }[] = [];
  for (const s of sectionSpans(doc)) {
    const resource = s.level === 3 ? spec.resources.find((r) => r.source.line - 1 === s.line) : undefined;
    const text = lines[s.line] ?? '';
    const at = Math.max(0, text.indexOf(s.title));
    const symbol: DocumentSymbol = resource
      ? ownerSymbol(resource, s.end)
      : {
          name: s.title || '(untitled)',
          kind: SymbolKind.Namespace,
          range: lineRange(s.line, s.end),
          selectionRange: {
            start: { line: s.line, character: at },
            end: { line: s.line, character: at + s.title.length },
          },
          children: [],
        };
    if (!resource) {
      for (const st of spec.structures)
        if (st.source.line - 1 > s.line && st.source.line - 1 <= s.end && s.level === 3)
          symbol.children?.push(ownerSymbol(st, st.source.line - 1));
    }
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= s.level) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.symbol.children?.push(symbol);
    else roots.push(symbol);
    stack.push({ level: s.level, symbol });
  }
  return roots;
}

export function foldingRanges(doc: SpecDocument): FoldingRange[] {
  const ranges: FoldingRange[] = sectionSpans(doc)
    .filter((s) => s.end > s.line)
    .map((s) => ({ startLine: s.line, endLine: s.end }));
  const lines = doc.lines;
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!(lines[i] ?? '').includes('|') || !isDelimiterRow(lines[i + 1] ?? '')) continue;
    let end = i + 1;
    while ((lines[end + 1] ?? '').includes('|') && (lines[end + 1] ?? '').trim() !== '') end++;
    ranges.push({ startLine: i, endLine: end, kind: 'region' });
    i = end;
  }
  return ranges;
}
