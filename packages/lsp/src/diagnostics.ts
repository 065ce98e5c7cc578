/**
 * Parser diagnostics -> LSP diagnostics: the exact range (the quoted word of the message, else the
 * table cell, else the word at the position), the code, and a link to the code's section of
 * docs/diagnostics.md.
 */
import type { Diagnostic as SpecDiagnostic } from '@specgen/diagnostics';
import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import { cellIndexAt, rowCells, wordAt } from './text.ts';

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** `did you mean X?` / `did you mean "JSON X"?` in a message: the suggestion, or null. */
export function suggestionOf(message: string): string | null {
  const m = /did you mean (?:"([^"]+)"|([^\s?]+))\?/.exec(message);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** `docUrl`: docs/diagnostics.md (each code is a `##` section, so `#<code>` is its anchor); null: no link. */
export function toLspDiagnostic(d: SpecDiagnostic, lines: readonly string[], docUrl: string | null): Diagnostic {
  return {
    range: diagnosticRange(d, lines),
    severity: SEVERITY[d.severity],
    code: d.code,
    ...(docUrl ? { codeDescription: { href: `${docUrl}#${d.code}` } } : {}),
    source: 'specgen',
    message: d.message,
  };
}

/** Where a diagnostic's underline goes. */
export function diagnosticRange(d: SpecDiagnostic, lines: readonly string[]): Range {
  const line = Math.max(0, d.line - 1);
  const text = lines[line] ?? '';
  const start = Math.min(Math.max(0, d.column - 1), text.length);
  const at = (from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: Math.max(from, to) } });
  for (const quoted of d.message.matchAll(/"([^"]+)"/g)) {
    for (const word of [quoted[1] ?? '', (quoted[1] ?? '').replace(/^JSON\s+/, '')]) {
      if (word && text.startsWith(word, start)) return at(start, start + word.length);
    }
  }
  if (start >= text.trimEnd().length) {
    // Past the text (a row's missing cells): underline the row's last cell.
    const cells = rowCells(text);
    const last = cells.at(-1);
    return last && last.end > last.start ? at(last.start, last.end) : at(0, text.length);
  }
  if (text.includes('|')) {
    const cells = rowCells(text);
    const cell = cells[cellIndexAt(cells, start)];
    if (cell && cell.end > start) return at(start, cell.end);
  }
  const word = wordAt(text, start);
  if (word && word.start === start) return at(start, word.end);
  return at(start, text.trimEnd().length);
}
