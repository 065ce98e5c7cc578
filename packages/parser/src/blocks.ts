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

/** Shift every position of `blocks` down by `lineOffset` lines (section-relative -> file positions). */
export function offsetBlocks(blocks: readonly Block[], lineOffset: number): Block[] {
  if (lineOffset === 0) return blocks as Block[];
  const at = <T extends Position>(p: T): T => ({ ...p, line: p.line + lineOffset });
  return blocks.map((b): Block => {
    if (b.kind === 'table') return { ...at(b), header: b.header.map(at), rows: b.rows.map((r) => r.map(at)) };
    if (b.kind === 'list') return { ...at(b), items: b.items.map(at) };
    return at(b);
  });
}
