/**
 * Fast path: a section made only of plain paragraphs and pipe tables (no inline markup, lists,
 * code, quotes, HTML or escapes) is read with a line scan. Anything else returns null and goes to
 * micromark. A test checks both paths give the same blocks on the spec and its variants.
 */
import type { Block, Cell, TableBlock, TextBlock } from './blocks.ts';

/** Characters that may start inline markup or entities; `[]` (array types) is allowed separately. */
const INLINE_MARKUP = /[`*_\\<>&!~]|\[(?!\])|(?<!\[)\]/;
const BLOCK_START = /^(?: {4}|\t| {0,3}(?:[-+*]\s|\d{1,9}[.)](?:\s|$)|>|#|```|~~~|=+\s*$|-+\s*$))/;

export function plainBlocks(text: string): Block[] | null {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') { i++; continue; }
    if (INLINE_MARKUP.test(line) || BLOCK_START.test(line)) return null;
    const delimiter = lines[i + 1];
    if (line.includes('|') && delimiter !== undefined && isDelimiterRow(delimiter)) {
      const table = readTable(lines, i);
      if (!table) return null;
      blocks.push(table.block);
      i = table.next;
      continue;
    }
    const start = i;
    const parts: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') {
      const l = lines[i]!;
      if (i > start && (INLINE_MARKUP.test(l) || BLOCK_START.test(l) || isDelimiterRow(l))) return null;
      parts.push(l.trim());
      i++;
    }
    const block: TextBlock = { kind: 'paragraph', text: parts.join('\n'), strong: null, line: start + 1, column: indent(line) + 1 };
    blocks.push(block);
  }
  return blocks;
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

function isDelimiterRow(line: string): boolean {
  return /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);
}

/** Splits a row at pipes; outer pipes optional. Cells carry the 1-based column of their trimmed text. */
function splitRow(line: string, lineNo = 0): Cell[] {
  let body = line;
  let offset = 0;
  const lead = body.match(/^\s*\|/);
  if (lead) { offset = lead[0].length; body = body.slice(offset); }
  body = body.replace(/\|\s*$/, '');
  const cells: Cell[] = [];
  let from = 0;
  for (const raw of body.split('|')) {
    const pad = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    // An empty cell starts at its leading pipe, as in mdast.
    const column = trimmed ? offset + from + pad + 1 : Math.max(1, offset + from);
    cells.push({ text: trimmed, line: lineNo, column });
    from += raw.length + 1;
  }
  return cells;
}

function readTable(lines: string[], start: number): { block: TableBlock; next: number } | null {
  const header = splitRow(lines[start]!, start + 1);
  if (splitRow(lines[start + 1]!).length !== header.length) return null;
  const rows: Cell[][] = [];
  let i = start + 2;
  for (; i < lines.length && lines[i]!.trim() !== ''; i++) {
    const l = lines[i]!;
    if (!l.includes('|') || INLINE_MARKUP.test(l) || BLOCK_START.test(l)) return null;
    rows.push(splitRow(l, i + 1).slice(0, header.length));
  }
  return { block: { kind: 'table', header, rows, line: start + 1, column: indent(lines[start]!) + 1 }, next: i };
}
