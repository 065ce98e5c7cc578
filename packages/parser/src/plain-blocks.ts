/**
 * Fast path: chunks made only of plain paragraphs and pipe tables (no inline markup, lists,
 * code, quotes, HTML or escapes) are read with a line scan. Anything else goes to
 * micromark. A test checks both paths give the same blocks on the spec and its variants.
 */
import { offsetBlocks, type Block, type Cell, type TableBlock, type TextBlock } from './blocks.ts';

/** Characters that may start inline markup or entities: ` * _ \\ < > & ! ~ [ ] */
const MARKUP_CHARS = new Set([96, 42, 95, 92, 60, 62, 38, 33, 126, 91, 93]);

/** True when the line holds a character that may start inline markup; `[]` (array types) is plain. */
function hasInlineMarkup(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (!MARKUP_CHARS.has(c)) continue;
    if (c === 91 && line.charCodeAt(i + 1) === 93) { i++; continue; }
    return true;
  }
  return false;
}

/** Lines that start a block other than a paragraph or table row (lists, quotes, headings, code, setext underlines). */
const BLOCK_START = /^(?: {4}|\t| {0,3}(?:[-+*]\s|\d{1,9}[.)](?:\s|$)|>|#|```|~~~|=+\s*$|-+\s*$))/;

/** Lines that may open a construct spanning blank lines (lists, code, quotes, HTML): the whole section goes to micromark. */
const CONTAINER_START = /^(?: {4}|\t| {0,3}(?:[-+*](?:\s|$)|\d{1,9}[.)](?:\s|$)|>|```|~~~|<))/;

/**
 * Blocks of a section: chunks between blank lines that hold only plain paragraphs and tables are
 * line-scanned; any other chunk is parsed alone by micromark (offset to its line). A section with
 * a list, code, quote or HTML line is parsed whole by micromark.
 */
export function sectionBlocks(text: string, parseChunk: (chunk: string) => Block[], firstLine = 1): Block[] {
  const lines = text.split('\n');
  if (lines.some((l) => CONTAINER_START.test(l))) return offsetBlocks(parseChunk(text), firstLine - 1);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() === '') { i++; continue; }
    const start = i;
    while (i < lines.length && lines[i]!.trim() !== '') i++;
    const chunk = lines.slice(start, i);
    const plain = plainChunk(chunk, firstLine + start);
    blocks.push(...(plain ?? offsetBlocks(parseChunk(chunk.join('\n')), firstLine - 1 + start)));
  }
  return blocks;
}

/** A chunk (no blank lines) that is one plain paragraph or one pipe table; null otherwise. */
export function plainChunk(lines: readonly string[], firstLine = 1): Block[] | null {
  const first = lines[0]!;
  for (const l of lines) if (hasInlineMarkup(l) || BLOCK_START.test(l)) return null;
  if (lines.length >= 2 && first.includes('|') && isDelimiterRow(lines[1]!)) {
    const header = splitRow(first, firstLine);
    if (splitRow(lines[1]!).length !== header.length) return null;
    const rows: Cell[][] = [];
    for (let i = 2; i < lines.length; i++) {
      const l = lines[i]!;
      if (!l.includes('|')) return null;
      rows.push(splitRow(l, firstLine + i));
    }
    return [{ kind: 'table', header, rows, line: firstLine, column: indent(first) + 1 } satisfies TableBlock];
  }
  if (lines.some((l) => isDelimiterRow(l))) return null;
  const paragraph: TextBlock = { kind: 'paragraph', text: lines.map((l) => l.trim()).join('\n'), strong: null, line: firstLine, column: indent(first) + 1 };
  return [paragraph];
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

function isDelimiterRow(line: string): boolean {
  return /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);
}

const isSpace = (code: number) => code === 32 || code === 9;

/**
 * Splits a row at pipes; outer pipes optional. Cells carry the 1-based column of their trimmed text
 * (an empty cell: its leading pipe, as in mdast). A scan by char code: this runs once per table row.
 */
function splitRow(line: string, lineNo = 0): Cell[] {
  let start = 0;
  let end = line.length;
  while (start < end && isSpace(line.charCodeAt(start))) start++;
  while (end > start && isSpace(line.charCodeAt(end - 1))) end--;
  const leadingPipe = line.charCodeAt(start) === 124;
  if (leadingPipe) start++;
  if (end > start && line.charCodeAt(end - 1) === 124) end--;
  const cells: Cell[] = [];
  let cellStart = start;
  for (let i = start; i <= end; i++) {
    if (i < end && line.charCodeAt(i) !== 124) continue;
    let a = cellStart;
    let b = i;
    while (a < b && isSpace(line.charCodeAt(a))) a++;
    while (b > a && isSpace(line.charCodeAt(b - 1))) b--;
    const column = a < b ? a + 1 : Math.max(1, cellStart);
    cells.push({ text: line.slice(a, b), line: lineNo, column });
    cellStart = i + 1;
  }
  return cells;
}
