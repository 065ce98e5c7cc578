/**
 * The spec formatter: aligns every GFM pipe table (one column of pipes per table, the delimiter row
 * sized to fit, its `:` alignment kept). It changes only whitespace inside table rows, so the IR is
 * the same apart from source columns, and it is idempotent. Tables in fenced code, block quotes and
 * indented code are left alone; so is a row whose text would change otherwise (a line after the
 * table without a pipe ends it). `specgen format` and the language server both call it.
 */

/** A line whose text the formatter changes: 1-based line number, the line's old and new text (no line end). */
export interface LineEdit {
  line: number;
  oldText: string;
  newText: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/**
 * A cell longer than this does not widen its column (its row's pipes leave the column): one 5 MB
 * cell would otherwise pad every other row of its table to 5 MB.
 */
export const MAX_ALIGNED_CELL = 1000;
const DELIMITER = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
/** Lines that open another block: a heading, a quote, indented code, a fence. */
const OTHER_BLOCK = /^(?: {4}|\t| {0,3}(?:>|#|```|~~~))/;

interface Row {
  indent: string;
  leading: boolean;
  trailing: boolean;
  cells: string[];
}

/** The lines the formatter changes, in order; empty when the text is formatted. */
export function formatTables(markdown: string): LineEdit[] {
  const lines = markdown.split(/\r\n|\r|\n/);
  const edits: LineEdit[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open?.[1]?.startsWith(fence)) fence = null;
      continue;
    }
    if (open) {
      fence = open[1] ?? null;
      continue;
    }
    const next = lines[i + 1];
    if (!isHeader(line) || next === undefined || !DELIMITER.test(next)) continue;
    const header = splitRow(line);
    const delimiter = splitRow(next);
    if (header.cells.length !== delimiter.cells.length) continue;
    let end = i + 2;
    while (end < lines.length && isBodyRow(lines[end] ?? '')) end++;
    const rows = [header, ...lines.slice(i + 2, end).map(splitRow)];
    for (const [k, text] of alignTable(rows, delimiter).entries()) {
      const at = k === 0 ? i : i + k;
      const old = lines[at] ?? '';
      if (old !== text) edits.push({ line: at + 1, oldText: old, newText: text });
    }
    i = end - 1;
  }
  return edits;
}

/** The markdown with every table aligned; line ends (LF, CRLF, CR) are kept as they were. */
export function formatSpecText(markdown: string): string {
  const edits = formatTables(markdown);
  if (edits.length === 0) return markdown;
  const parts = markdown.split(/(\r\n|\r|\n)/);
  for (const edit of edits) parts[(edit.line - 1) * 2] = edit.newText;
  return parts.join('');
}

function isHeader(line: string): boolean {
  return line.includes('|') && !OTHER_BLOCK.test(line) && !DELIMITER.test(line);
}

function isBodyRow(line: string): boolean {
  return line.trim() !== '' && line.includes('|') && !OTHER_BLOCK.test(line);
}

/** Header, delimiter and body rows as text: header at index 0, the delimiter at 1, then the body. */
function alignTable(rows: Row[], delimiter: Row): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [c, cell] of row.cells.entries()) {
      const w = width(cell);
      widths[c] = Math.max(widths[c] ?? 3, w > MAX_ALIGNED_CELL ? 3 : w);
    }
  }
  const render = (row: Row, cells: string[]) => {
    const padded = cells.map((cell, c) => cell + ' '.repeat(Math.max(0, (widths[c] ?? 0) - width(cell))));
    const body = `${row.leading ? '| ' : ''}${padded.join(' | ')}${row.trailing ? ' |' : ''}`;
    return `${row.indent}${row.trailing ? body : body.trimEnd()}`;
  };
  const rule = delimiter.cells.map((cell, c) => {
    const left = cell.startsWith(':');
    const right = cell.length > 1 && cell.endsWith(':');
    const dashes = (widths[c] ?? 3) - (left ? 1 : 0) - (right ? 1 : 0);
    return `${left ? ':' : ''}${'-'.repeat(Math.max(1, dashes))}${right ? ':' : ''}`;
  });
  const [header, ...body] = rows;
  if (!header) return [];
  return [render(header, header.cells), render(delimiter, rule), ...body.map((row) => render(row, row.cells))];
}

/** Cells split at unescaped pipes, trimmed; outer pipes are optional (GFM). */
function splitRow(line: string): Row {
  const indent = /^[ ]*/.exec(line)?.[0] ?? '';
  let text = line.trim();
  const leading = text.startsWith('|');
  if (leading) text = text.slice(1);
  const trailing = /(^|[^\\])\|$/.test(text) || text === '|';
  if (trailing) text = text.slice(0, -1);
  const cells: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && (text[i] !== '|' || text[i - 1] === '\\')) continue;
    cells.push(text.slice(start, i).trim());
    start = i + 1;
  }
  return { indent, leading, trailing, cells };
}

/** Width in code points, so a row with non-ASCII text lines up in an editor. */
function width(text: string): number {
  if (text.length > MAX_ALIGNED_CELL * 2) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}
