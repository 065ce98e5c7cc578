/**
 * Parser diagnostics -> LSP diagnostics: the exact range (the quoted word of the message, else the
 * table cell, else the word at the position), the code, and a link to the code's section of
 * docs/diagnostics.md.
 */
import type { Diagnostic as SpecDiagnostic } from '@specgen/diagnostics';
import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import { cellIndexAt, rowCells, wordAt } from './text.ts';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

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

/**
 * Where a diagnostic's underline goes. It starts exactly where the parser says (a column past the end
 * of the line stays as it is: the LSP reads it as the line's end); it ends after the quoted word of the
 * message, else at the end of the table cell, else of the word, else of the line.
 */
export function diagnosticRange(d: SpecDiagnostic, lines: readonly string[]): Range {
  const line = Math.max(0, d.line - 1);
  const start = { line, character: Math.max(0, d.column - 1) };
  const end = (character: number): Range => ({ start, end: { line, character: Math.max(start.character, character) } });
  const text = lines[line] ?? '';
  const from = start.character;
  if (from >= text.trimEnd().length) return end(from);
  for (const quoted of d.message.matchAll(/"([^"]+)"/g)) {
    for (const word of [quoted[1] ?? '', (quoted[1] ?? '').replace(/^JSON\s+/, '')]) {
      if (word && text.startsWith(word, from)) return end(from + word.length);
    }
  }
  if (text.includes('|')) {
    const cells = rowCells(text);
    const cell = cells[cellIndexAt(cells, from)];
    if (cell && cell.end > from) return end(cell.end);
  }
  const word = wordAt(text, from);
  if (word && word.start === from) return end(word.end);
  return end(text.trimEnd().length);
}
