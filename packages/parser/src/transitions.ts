/** `## States and transitions`: the sign-in state machine table. */
import type { Transition } from '@specgen/ir';
import type { TableBlock } from './blocks.ts';
import type { ParseContext } from './context.ts';
import { cellText, isNone, readTable } from './table.ts';

export function readTransitions(ctx: ParseContext, table: TableBlock): Transition[] {
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'from', names: ['state', 'from'], required: true },
      { key: 'trigger', names: ['trigger', 'event'], required: true },
      { key: 'condition', names: ['condition', 'guard'], required: false },
      { key: 'to', names: ['next state', 'to'], required: true },
      { key: 'effects', names: ['also', 'effects', 'effect'], required: false },
    ],
    'transition',
  );
  return (rows ?? []).map((row) => {
    const condition = cellText(row, 'condition');
    const effects = cellText(row, 'effects');
    const status = /\b([1-5]\d\d)\b/.exec(effects);
    return {
      kind: 'transition',
      from: row.from!.text,
      trigger: row.trigger!.text,
      condition: isNone(condition) ? null : condition,
      to: row.to!.text,
      effects: isNone(effects) ? null : effects,
      status: status ? Number(status[1]) : null,
      source: ctx.source(row.from!),
    };
  });
}
