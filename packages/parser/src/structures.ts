/** `### Sign-in structures`: bold labels, each followed by a field table and remarks. */
import type { Structure } from '@specgen/ir';
import { pascalFromLabel } from '@specgen/naming';
import type { Block, TextBlock } from './blocks.ts';
import { NOT_SHOWN, sentences, type ParseContext } from './context.ts';
import { readFieldTable } from './fields.ts';

/** True when the blocks hold at least one bold label followed by a table. */
export function hasStructures(blocks: readonly Block[]): boolean {
  return blocks.some((b, i) => b.kind === 'paragraph' && b.strong !== null && blocks[i + 1]?.kind === 'table');
}

export function readStructures(ctx: ParseContext, blocks: readonly Block[]): Structure[] {
  const out: Structure[] = [];
  let current: Structure | null = null;
  for (const block of blocks) {
    if (block.kind === 'paragraph' && block.strong !== null) {
      current = newStructure(ctx, block);
      out.push(current);
    } else if (block.kind === 'table' && current) {
      if (current.fields.length > 0) continue;
      const table = readFieldTable(ctx, block, current.name);
      if (table) current.fields = table.fields;
    } else if (block.kind === 'paragraph' && current) {
      for (const s of sentences(block.text)) {
        if (NOT_SHOWN.test(s.text)) {
          const m = /^(?:Other|Further|Remaining)\s+fields\s+of\s+(.+?)\s*:/i.exec(s.text);
          if (m) {
            const target = out.find((x) => x.name === m[1] || x.label === m[1]) ?? null;
            if (target) target.openEnded = true;
            else ctx.report('unknown-structure', `"${m[1]}" is not a structure of this section`, block);
          }
        } else current.remarks.push(s.text);
      }
    }
  }
  return out;
}

function newStructure(ctx: ParseContext, block: TextBlock): Structure {
  const label = block.strong!;
  const rest = block.text.slice(block.text.indexOf(label) + label.length).trim();
  const description = /^\((.*)\)\.?$/s.exec(rest)?.[1] ?? rest;
  return {
    kind: 'structure',
    name: pascalFromLabel(label),
    label,
    description: description.replace(/\s*\n\s*/g, ' ').trim(),
    remarks: [],
    openEnded: false,
    fields: [],
    source: ctx.source(block),
  };
}
