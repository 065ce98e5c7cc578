/**
 * The block model the extractors read: what a section holds after markdown parsing, flattened to
 * plain text with positions. Both the micromark path and the plain-table fast path produce it.
 */
export interface Position {
  line: number;
  column: number;
}

export interface Cell extends Position {
  text: string;
}

export interface TableBlock extends Position {
  kind: 'table';
  header: Cell[];
  rows: Cell[][];
}

export interface TextBlock extends Position {
  kind: 'paragraph';
  text: string;
  /** Text of a leading `**bold**` label, e.g. `LoginRequest`; null when the paragraph starts otherwise. */
  strong: string | null;
}

export interface ListBlock extends Position {
  kind: 'list';
  ordered: boolean;
  items: TextBlock[];
}

export type Block = TableBlock | TextBlock | ListBlock;

/** Shift every position of `blocks` down by `lineOffset` lines (e.g. section-relative -> file positions). */
export function offsetBlocks(blocks: readonly Block[], lineOffset: number): Block[] {
  if (lineOffset === 0) return blocks as Block[];
  const cell = (c: Cell): Cell => ({ text: c.text, line: c.line + lineOffset, column: c.column });
  const text = (b: TextBlock): TextBlock => ({
    kind: 'paragraph',
    text: b.text,
    strong: b.strong,
    line: b.line + lineOffset,
    column: b.column,
  });
  return blocks.map((b): Block => {
    const line = b.line + lineOffset;
    if (b.kind === 'table')
      return {
        kind: 'table',
        header: b.header.map(cell),
        rows: b.rows.map((r) => r.map(cell)),
        line,
        column: b.column,
      };
    if (b.kind === 'list')
      return { kind: 'list', ordered: b.ordered, items: b.items.map(text), line, column: b.column };
    return text(b);
  });
}
