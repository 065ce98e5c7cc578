/**
 * Text helpers on the document's lines. Positions: the parser's `line`/`column` are 1-based and count
 * UTF-16 code units (JavaScript string indices), the LSP's are 0-based in the same units.
 */
import type { Position, Range } from 'vscode-languageserver';

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** LSP range of `length` characters from the parser's 1-based (line, column). */
export function rangeAt(line: number, column: number, length: number): Range {
  const start = { line: line - 1, character: column - 1 };
  return { start, end: { line: line - 1, character: column - 1 + length } };
}

export function contains(range: Range, p: Position): boolean {
  const afterStart = p.line > range.start.line || (p.line === range.start.line && p.character >= range.start.character);
  const beforeEnd = p.line < range.end.line || (p.line === range.end.line && p.character <= range.end.character);
  return afterStart && beforeEnd;
}

/** A cell of a pipe-table row: its trimmed text and where that text starts and ends (0-based characters). */
export interface RowCell {
  text: string;
  start: number;
  end: number;
  /** Character offsets of the cell's bounding pipes (or line start / end without outer pipes). */
  from: number;
  to: number;
}

/** The cells of a table row, split at unescaped pipes, outer pipes optional (GFM). */
export function rowCells(line: string): RowCell[] {
  let from = 0;
  let to = line.length;
  while (from < to && /\s/.test(line[from] ?? '')) from++;
  while (to > from && /\s/.test(line[to - 1] ?? '')) to--;
  if (line[from] === '|') from++;
  if (to > from && line[to - 1] === '|' && line[to - 2] !== '\\') to--;
  const cells: RowCell[] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && (line[i] !== '|' || line[i - 1] === '\\')) continue;
    let a = start;
    let b = i;
    while (a < b && /\s/.test(line[a] ?? '')) a++;
    while (b > a && /\s/.test(line[b - 1] ?? '')) b--;
    cells.push({ text: line.slice(a, b), start: a, end: b, from: start, to: i });
    start = i + 1;
  }
  return cells;
}

/** Index of the cell holding character `character`, or -1. */
export function cellIndexAt(cells: readonly RowCell[], character: number): number {
  return cells.findIndex((c) => character >= c.from && character <= c.to);
}

const DELIMITER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

export function isDelimiterRow(line: string): boolean {
  return DELIMITER.test(line);
}

/** The pipe table around 0-based line `line`: header line and first/last row lines; null when none. */
export function tableAround(lines: readonly string[], line: number): { header: number; last: number } | null {
  const isRow = (l: string | undefined) => l !== undefined && l.trim() !== '' && l.includes('|');
  if (!isRow(lines[line]) && !isDelimiterRow(lines[line] ?? 'x')) return null;
  let top = line;
  while (top > 0 && isRow(lines[top - 1])) top--;
  const header = isDelimiterRow(lines[top + 1] ?? '') ? top : -1;
  if (header < 0) return null;
  let last = line;
  while (isRow(lines[last + 1])) last++;
  return { header, last };
}

/** The heading of the nearest `#`/`##`/`###` above 0-based `line` at `level` (or any level when omitted). */
export function headingAbove(lines: readonly string[], line: number, level?: number): string | null {
  for (let i = line; i >= 0; i--) {
    const m = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(lines[i] ?? '');
    if (m && (level === undefined || m[1]?.length === level)) return m[2] ?? '';
  }
  return null;
}

/** The identifier-like word around `character` (letters, digits, `_`, `$`), with its start and end. */
export function wordAt(line: string, character: number): { text: string; start: number; end: number } | null {
  let start = character;
  let end = character;
  while (start > 0 && /[\w$]/.test(line[start - 1] ?? '')) start--;
  while (end < line.length && /[\w$]/.test(line[end] ?? '')) end++;
  return start === end ? null : { text: line.slice(start, end), start, end };
}
