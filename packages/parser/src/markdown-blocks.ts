/** Section text -> blocks, with micromark and only the GFM table extension (not all of remark-gfm). */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import type { List, Nodes, Paragraph, PhrasingContent, RootContent, Table } from 'mdast';
import type { Block, Cell, ListBlock, TableBlock, TextBlock } from './blocks.ts';

const extensions = [gfmTable()];
const mdastExtensions = [gfmTableFromMarkdown()];

/** Positions are relative to the text (line 1 = first line of `text`). */
export function markdownBlocks(text: string): Block[] {
  const root = fromMarkdown(text, { extensions, mdastExtensions });
  const blocks: Block[] = [];
  for (const node of root.children) {
    const block = toBlock(node);
    if (block) blocks.push(block);
  }
  return blocks;
}

function toBlock(node: RootContent): Block | null {
  if (node.type === 'table') return tableBlock(node);
  if (node.type === 'paragraph') return textBlock(node);
  if (node.type === 'list') return listBlock(node);
  return null;
}

function start(node: Nodes): { line: number; column: number } {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

export function flatten(nodes: readonly PhrasingContent[] | readonly Nodes[]): string {
  let out = '';
  for (const n of nodes) {
    if (n.type === 'text' || n.type === 'inlineCode' || n.type === 'html') out += n.value;
    else if (n.type === 'break') out += '\n';
    else if (n.type === 'image') out += n.alt ?? '';
    else if ('children' in n) out += flatten(n.children as Nodes[]);
  }
  return out;
}

function textBlock(node: Paragraph): TextBlock {
  const first = node.children[0];
  const strong = first && first.type === 'strong' ? flatten(first.children).trim() : null;
  return { kind: 'paragraph', text: flatten(node.children).trim(), strong, ...start(node) };
}

function tableBlock(node: Table): TableBlock {
  const rows = node.children.map((row) =>
    row.children.map((cell): Cell => {
      const at = cell.children[0] ? start(cell.children[0]) : start(cell);
      return { text: flatten(cell.children).trim(), ...at };
    }),
  );
  return { kind: 'table', header: rows[0] ?? [], rows: rows.slice(1), ...start(node) };
}

function listBlock(node: List): ListBlock {
  const items: TextBlock[] = node.children.map((item) => {
    const paragraphs = item.children.filter((c): c is Paragraph => c.type === 'paragraph');
    const text = paragraphs.map((p) => flatten(p.children).trim()).join('\n');
    const first = paragraphs[0];
    const strongNode = first?.children[0];
    const strong = strongNode && strongNode.type === 'strong' ? flatten(strongNode.children).trim() : null;
    return { kind: 'paragraph', text, strong, ...start(first ?? item) };
  });
  return { kind: 'list', ordered: node.ordered === true, items, ...start(node) };
}
