/** `## Limits`: the table (Limit, Value, Applies to) and list items such as "X is given by Y". */
import type { Limit } from '@specgen/ir';
import type { ListBlock, TableBlock } from './blocks.ts';
import { NOT_SHOWN, type ParseContext } from './context.ts';
import { cellText, readTable } from './table.ts';

const UNIT_MS: Readonly<Record<string, number>> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

export function limitId(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

export function limitValue(name: string, text: string): Limit['value'] {
  const duration = /^(\d+(?:\.\d+)?)\s*(millisecond|second|minute|hour|day)s?\b/i.exec(text);
  const milliseconds = duration ? Math.round(Number(duration[1]) * UNIT_MS[duration[2]!.toLowerCase()]!) : NaN;
  if (Number.isFinite(milliseconds)) return { kind: 'duration', milliseconds };
  const length = /^(?:at most|maximum|max\.?|up to)?\s*(\d+)(?:\s*characters?)?$/i.exec(text);
  if (length && /\blength\b/i.test(name) && Number.isSafeInteger(Number(length[1])))
    return { kind: 'maxLength', value: Number(length[1]) };
  return { kind: 'text', text };
}

export function readLimitsTable(ctx: ParseContext, table: TableBlock): Limit[] {
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'name', names: ['limit', 'name'], required: true },
      { key: 'value', names: ['value'], required: true },
      { key: 'appliesTo', names: ['applies to', 'scope'], required: false },
    ],
    'limits',
  );
  return (rows ?? []).map((row) => {
    const name = row.name!.text;
    const valueText = cellText(row, 'value');
    return {
      kind: 'limit',
      id: limitId(name),
      name,
      valueText,
      value: limitValue(name, valueText),
      appliesTo: cellText(row, 'appliesTo').replace(/\.$/, ''),
      source: ctx.source(row.name!),
    };
  });
}

/** "Device secret validity is given by the ExpiryDate in the response." -> a text limit. */
export function readLimitItems(ctx: ParseContext, list: ListBlock): Limit[] {
  const out: Limit[] = [];
  for (const item of list.items) {
    if (NOT_SHOWN.test(item.text)) continue;
    const m = /^(.+?)\s+is\s+(given by .+?)\.?$/s.exec(item.text);
    if (!m) continue;
    const name = m[1]!.trim();
    out.push({
      kind: 'limit',
      id: limitId(name),
      name,
      valueText: m[2]!,
      value: { kind: 'text', text: m[2]! },
      appliesTo: '',
      source: ctx.source(item),
    });
  }
  return out;
}
