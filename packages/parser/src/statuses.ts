/** `### Enumerated statuses`: `Resource.Field: 0 Name, 1 Name (remark), ...` paragraphs. */
import type { EnumValue } from '@specgen/ir';
import type { Block, Position } from './blocks.ts';
import { NOT_SHOWN, positionIn, type ParseContext } from './context.ts';
import { enumValues, statusItems } from './enumeration.ts';

export interface StatusEnumeration {
  resource: string;
  field: string;
  values: EnumValue[];
  at: Position;
}

export function readStatuses(ctx: ParseContext, blocks: readonly Block[]): StatusEnumeration[] {
  const out: StatusEnumeration[] = [];
  for (const block of blocks) {
    if (block.kind !== 'paragraph') continue;
    let offset = 0;
    for (const line of block.text.split('\n')) {
      const at = positionIn(block, block.text, offset);
      offset += line.length + 1;
      if (NOT_SHOWN.test(line) || line.trim() === '') continue;
      const m = /^([A-Za-z_]\w*)\.([A-Za-z_$]\w*):\s*(.*)$/.exec(line);
      if (!m) {
        ctx.report(
          'malformed-statuses-line',
          `"${line.slice(0, 60)}" is not of the form Resource.Field: 0 Name, 1 Name`,
          at,
        );
        continue;
      }
      const listStart = line.length - m[3]!.length;
      const owner = `${m[1]}.${m[2]}`;
      const items = statusItems(m[3]!, listStart).filter((item) => {
        if (item.name !== '') return true;
        ctx.report(
          'malformed-statuses-line',
          `entry "${item.valueText}" of ${owner} has no name (write "0 Name")`,
          positionIn(at, line, item.index),
        );
        return false;
      });
      out.push({ resource: m[1]!, field: m[2]!, values: enumValues(ctx, items, line, at, owner), at });
    }
  }
  return out;
}
