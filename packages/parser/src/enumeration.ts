/** Enumerated values: `0 = A, 1 = B` in notes, `0 A, 1 B (remark)` in the Enumerated statuses section. */
import type { EnumValue } from '@specgen/ir';
import type { Position } from './blocks.ts';
import { positionIn, type ParseContext } from './context.ts';

export interface RawEnumItem {
  valueText: string;
  name: string;
  index: number;
}

/** Builds enum values, reporting non-integer and duplicate values (those entries are dropped). */
export function enumValues(
  ctx: ParseContext,
  items: RawEnumItem[],
  text: string,
  at: Position,
  owner: string,
): EnumValue[] {
  const values: EnumValue[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    const pos = positionIn(at, text, item.index);
    if (!/^-?\d+$/.test(item.valueText) || !Number.isSafeInteger(Number(item.valueText))) {
      ctx.report('enum-value-not-integer', `enumeration value "${item.valueText}" of ${owner} is not an integer`, pos);
      continue;
    }
    const value = Number(item.valueText);
    if (seen.has(value)) {
      ctx.report('duplicate-enum-value', `enumeration value ${value} of ${owner} appears twice`, pos);
      continue;
    }
    seen.add(value);
    values.push({ kind: 'enumValue', value, name: item.name, source: ctx.source(pos) });
  }
  return values;
}

const NOTES_ITEM = /([^\s,=.;]+(?:\.\d+)?)\s*=\s*([A-Za-z_][A-Za-z0-9_]*)/y;
/** The comma between two items, read where the last item ends (sticky): no slice of the rest, no match array. */
const NOTES_SEPARATOR = /\s*,\s*/y;

/** Finds `v = Name, v = Name, ...` in a notes cell; null when there is none. */
export function notesEnumItems(notes: string): { items: RawEnumItem[]; bitmask: boolean } | null {
  // Where the first item starts (`search`: its index, without a match array)
  const first = notes.search(/[^\s,=.;]+(?:\.\d+)?\s*=\s*[A-Za-z_]/);
  if (first < 0) return null;
  const items: RawEnumItem[] = [];
  let pos = first;
  for (;;) {
    NOTES_ITEM.lastIndex = pos;
    const m = NOTES_ITEM.exec(notes);
    if (!m) break;
    items.push({ valueText: m[1]!, name: m[2]!, index: m.index });
    NOTES_SEPARATOR.lastIndex = NOTES_ITEM.lastIndex;
    if (!NOTES_SEPARATOR.test(notes)) break;
    pos = NOTES_SEPARATOR.lastIndex;
  }
  return { items, bitmask: /\bBitmask\b/i.test(notes.slice(0, first)) };
}

/** `0 NotInitialized, 1 Registrered (this spelling), 9 Historical.` -> items, remarks stripped. */
export function statusItems(list: string, offset: number): RawEnumItem[] {
  const items: RawEnumItem[] = [];
  const re = /([^,]+)(,|$)/g;
  for (let m = re.exec(list); m && m[0] !== ''; m = re.exec(list)) {
    const raw = m[1]!;
    const lead = raw.length - raw.trimStart().length;
    const entry = raw
      .trim()
      .replace(/\.$/, '')
      .replace(/\s*\([^)]*\)/g, '')
      .trim();
    const parts = /^(\S+)\s+(\S.*)$/.exec(entry);
    if (!parts) {
      if (entry) items.push({ valueText: entry, name: '', index: offset + m.index + lead });
      continue;
    }
    items.push({ valueText: parts[1]!, name: parts[2]!.trim(), index: offset + m.index + lead });
  }
  return items;
}
