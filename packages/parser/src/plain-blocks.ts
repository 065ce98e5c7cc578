/**
 * Fast path: chunks made only of plain paragraphs and pipe tables (no inline markup, lists,
 * code, quotes, HTML or escapes) are read with a line scan. Anything else goes to
 * micromark. A test checks both paths give the same blocks on the spec and its variants.
 */
import { offsetBlocks, type Block, type Cell, type TableBlock, type TextBlock } from './blocks.ts';

/** Characters that may start inline markup or entities; `[]` (array types) is allowed separately. */
const INLINE_MARKUP = /[`*_\\<>&!~]|\[(?!\])|(?<!\[)\]/;
const BLOCK_START = /^(?: {4}|\t| {0,3}(?:[-+*]\s|\d{1,9}[.)](?:\s|$)|>|#|```|~~~|=+\s*$|-+\s*$))/;

/** Lines that may open a construct spanning blank lines (lists, code, quotes, HTML): the whole section goes to micromark. */
const CONTAINER_START = /^(?: {4}|\t| {0,3}(?:[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$)|>|```|~~~|<))/;

/**
 * Blocks of a section: chunks between blank lines that hold only plain paragraphs and tables are
 * line-scanned; any other chunk is parsed alone by micromark (offset to its line). A section with
 * a list, code, quote or HTML line is parsed whole by micromark.
 */
export function sectionBlocks(text: string, parseChunk: (chunk: string) => Block[]): Block[] {
  const lines = text.split('\n');
  if (lines.some((l) => CONTAINER_START.test(l))) return parseChunk(text);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() === '') { i++; continue; }
    const start = i;
    while (i < lines.length && lines[i]!.trim() !== '') i++;
    const chunk = lines.slice(start, i);
    const plain = plainChunk(chunk);
    const found = plain ?? parseChunk(chunk.join('\n'));
    blocks.push(...offsetBlocks(found, start));
  }
  return blocks;
}

/** A chunk (no blank lines) that is one plain paragraph or one pipe table; null otherwise. */
export function plainChunk(lines: readonly string[]): Block[] | null {
  const first = lines[0]!;
  for (const l of lines) if (INLINE_MARKUP.test(l) || BLOCK_START.test(l)) return null;
  if (lines.length >= 2 && first.includes('|') && isDelimiterRow(lines[1]!)) {
    const header = splitRow(first, 1);
    if (splitRow(lines[1]!).length !== header.length) return null;
    const rows: Cell[][] = [];
    for (let i = 2; i < lines.length; i++) {
      const l = lines[i]!;
      if (!l.includes('|')) return null;
      rows.push(splitRow(l, i + 1));
    }
    return [{ kind: 'table', header, rows, line: 1, column: indent(first) + 1 } satisfies TableBlock];
  }
  if (lines.some((l) => isDelimiterRow(l))) return null;
  const paragraph: TextBlock = { kind: 'paragraph', text: lines.map((l) => l.trim()).join('\n'), strong: null, line: 1, column: indent(first) + 1 };
  return [paragraph];
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
