/**
 * Fast path: chunks made only of plain paragraphs, pipe tables and tight one-line lists (inline
 * markup limited to what plain-inline.ts reads exactly) are read with a line scan. Anything else goes
 * to micromark. A test checks both paths give the same blocks on the spec, its variants and edge cases.
 */
import { offsetBlocks, type Block, type Cell, type ListBlock, type TableBlock, type TextBlock } from './blocks.ts';
import { hasInlineMarkup, inlineText, inlineWithLabel } from './plain-inline.ts';

/** Lines that start a block other than a paragraph, table row or list item (quotes, headings, code, setext underlines). */
const BLOCK_START = /^(?: {4}|\t| {0,3}(?:>|#|```|~~~|=+\s*$|-+\s*$))/;
/** Any list marker; only LIST_ITEM (no indent, one space, content) is read by the fast path. */
const ANY_LIST_MARKER = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const LIST_ITEM = /^([-+*]|\d{1,9}[.)]) (?=\S)/;
/**
 * A line that starts with a pipe (a table row, most lines of a spec) matches none of the patterns
 * above: it is not run through them (about five tests of each of 37,000 lines of a large spec).
 */
const pipeFirst = (line: string) => line.charCodeAt(0) === 124;

/** Lines that may open a construct spanning blank lines (code, quotes, HTML, indented items): the whole section goes to micromark. */
const CONTAINER_START = /^(?: {4}|\t| {0,3}(?:>|```|~~~|<)| {1,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$))/;

/**
 * Blocks of a section: chunks between blank lines that hold only plain paragraphs, tables and tight
 * lists are line-scanned; any other chunk is parsed alone by micromark (offset to its line). A section
 * with code, a quote, HTML, an indented item, or a list continued after a blank line goes whole to micromark.
 */
export function sectionBlocks(text: string, parseChunk: (chunk: string) => Block[], firstLine = 1): Block[] {
  const lines = text.split('\n');
  const whole = () => offsetBlocks(parseChunk(text), firstLine - 1);
  // One loop over the lines, the pipe test written out: a one-shot run turns TurboFan's inlining off
  // (packages/cli/src/generate/jit.ts), so a helper called per line is a real call.
  let hasList = false;
  for (const l of lines) {
    if (l.charCodeAt(0) === 124) continue;
    if (CONTAINER_START.test(l)) return whole();
    if (!hasList && ANY_LIST_MARKER.test(l)) hasList = true;
  }
  if (hasList && lines.some((l) => /^[ \t]+\S/.test(l))) return whole();
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      i++;
      continue;
    }
    const start = i;
    while (i < lines.length && lines[i]!.trim() !== '') i++;
    if (ANY_LIST_MARKER.test(lines[start]!) && blocks.at(-1)?.kind === 'list') return whole();
    const chunk = lines.slice(start, i);
    const plain = plainChunk(chunk, firstLine + start);
    blocks.push(...(plain ?? offsetBlocks(parseChunk(chunk.join('\n')), firstLine - 1 + start)));
  }
  return blocks;
}

/** A chunk (no blank lines): one pipe table, or paragraph lines and/or one tight list; null when not plain. */
export function plainChunk(lines: readonly string[], firstLine = 1): Block[] | null {
  const first = lines[0]!;
  for (const l of lines) {
    if (l.charCodeAt(0) === 124) continue;
    if (BLOCK_START.test(l) || (ANY_LIST_MARKER.test(l) && !LIST_ITEM.test(l))) return null;
  }
  if (lines.length >= 2 && first.includes('|') && isDelimiterRow(lines[1]!)) return plainTable(lines, firstLine);
  const listStart = lines.findIndex((l) => LIST_ITEM.test(l));
  const paragraph = listStart < 0 ? lines : lines.slice(0, listStart);
  if (paragraph.some((l) => isDelimiterRow(l))) return null;
  const blocks: Block[] = [];
  if (paragraph.length > 0) {
    const head = inlineWithLabel(first.trim());
    const rest = paragraph.slice(1).map((l) => inlineText(l.trim()));
    if (!head || rest.includes(null)) return null;
    blocks.push({
      kind: 'paragraph',
      text: [head.text, ...rest].join('\n').trim(),
      strong: head.strong,
      line: firstLine,
      column: indent(first) + 1,
    });
  }
  if (listStart >= 0) {
    const list = plainList(lines.slice(listStart), firstLine + listStart, paragraph.length > 0);
    if (!list) return null;
    blocks.push(list);
  }
  return blocks;
}

function plainTable(lines: readonly string[], firstLine: number): Block[] | null {
  if (lines.some((l) => !pipeFirst(l) && LIST_ITEM.test(l))) return null;
  const header = splitRow(lines[0]!, firstLine);
  if (splitRow(lines[1]!).length !== header.length || !plainCells(lines[0]!, header)) return null;
  const rows: Cell[][] = [];
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('|')) return null;
    const row = splitRow(line, firstLine + i);
    if (!plainCells(line, row)) return null;
    rows.push(row);
  }
  return [{ kind: 'table', header, rows, line: firstLine, column: indent(lines[0]!) + 1 } satisfies TableBlock];
}

/**
 * Each cell's text flattened (inlineText), false when one is not plain. A row whose line holds no
 * character inline markup starts with (most rows of a spec) is left as it is: one scan of the line,
 * not one per cell.
 */
function plainCells(line: string, row: Cell[]): boolean {
  if (!hasInlineMarkup(line)) return true;
  for (const cell of row) {
    const text = inlineText(cell.text);
    if (text === null) return false;
    if (text !== cell.text) cell.text = text.trim();
  }
  return true;
}

/** Every line an item of the same kind, one line each; an ordered list interrupts a paragraph only from 1. */
function plainList(lines: readonly string[], firstLine: number, afterParagraph: boolean): ListBlock | null {
  const kind = (marker: string) => (/^\d/.test(marker) ? marker.slice(-1) : marker);
  const firstMarker = LIST_ITEM.exec(lines[0]!)![1]!;
  if (afterParagraph && /^\d/.test(firstMarker) && Number(firstMarker.slice(0, -1)) !== 1) return null;
  const items: TextBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = LIST_ITEM.exec(lines[i]!)?.[1];
    if (marker === undefined || kind(marker) !== kind(firstMarker)) return null;
    const content = lines[i]!.slice(marker.length + 1);
    if (
      ANY_LIST_MARKER.test(content) ||
      BLOCK_START.test(content) ||
      isDelimiterRow(content) ||
      content.startsWith('<')
    )
      return null;
    const inline = inlineWithLabel(content.trimEnd());
    if (!inline) return null;
    items.push({
      kind: 'paragraph',
      text: inline.text.trim(),
      strong: inline.strong,
      line: firstLine + i,
      column: marker.length + 2,
    });
  }
  return { kind: 'list', ordered: /^\d/.test(firstMarker), items, line: firstLine, column: 1 };
}

function indent(line: string): number {
  return line.length - line.trimStart().length;
}

function isDelimiterRow(line: string): boolean {
  return /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);
}

/**
 * Splits a row at pipes; outer pipes optional. Cells carry the 1-based column of their trimmed text
 * (an empty cell: its leading pipe, as in mdast). A scan by char code: this runs once per table row, the
 * space test (32, 9) written out, not a helper: a one-shot run turns TurboFan's inlining off.
 */
function splitRow(line: string, lineNo = 0): Cell[] {
  let start = 0;
  let end = line.length;
  for (; start < end; start++) {
    const c = line.charCodeAt(start);
    if (c !== 32 && c !== 9) break;
  }
  for (; end > start; end--) {
    const c = line.charCodeAt(end - 1);
    if (c !== 32 && c !== 9) break;
  }
  const leadingPipe = line.charCodeAt(start) === 124;
  if (leadingPipe) start++;
  if (end > start && line.charCodeAt(end - 1) === 124) end--;
  // One cell more than the pipes before `end`: the array is made at its size, not grown by `push`
  // (whose first step reserves 17 slots: most of a row's allocation after its cells).
  let count = 1;
  for (let p = line.indexOf('|', start); p >= 0 && p < end; p = line.indexOf('|', p + 1)) count++;
  const cells = new Array<Cell>(count);
  let n = 0;
  let cellStart = start;
  // from pipe to pipe (`indexOf`), not character by character
  for (let i = cellStart; ; ) {
    const pipe = line.indexOf('|', cellStart);
    i = pipe < 0 || pipe > end ? end : pipe;
    let a = cellStart;
    let b = i;
    for (; a < b; a++) {
      const c = line.charCodeAt(a);
      if (c !== 32 && c !== 9) break;
    }
    for (; b > a; b--) {
      const c = line.charCodeAt(b - 1);
      if (c !== 32 && c !== 9) break;
    }
    const column = a < b ? a + 1 : Math.max(1, cellStart);
    cells[n++] = { text: line.slice(a, b), line: lineNo, column };
    if (i >= end) break;
    cellStart = i + 1;
  }
  return cells;
}
