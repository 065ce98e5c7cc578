/**
 * The positions of an entry that only moved, read without walking the whole entry: the first time
 * an entry's twin moves, the places of its `source` objects are found once (`planOf`: which members
 * lead to one, in the order `strippedOf` meets them); every later version of the entry is read along
 * that plan (`collect`), touching only the objects on the way to a position. And when every position
 * moved by the same number of lines (a section that moved whole: the usual case), the entry's text
 * is its previous text with only the first position written again (`movedText`).
 */
import { type Source, positionsText } from '@specgen/ir';
import { shapeOf } from './ir-json-strip.ts';

/** Where an object's or array's positions are: its own `source`, then the members leading to others. */
export type Plan = { own: boolean; keys: string[]; plans: Plan[] } | { items: (Plan | null)[] };

/** The plan of `value`; null when nothing under it holds a `source`. Keys in sorted order, `source` left out. */
export function planOf(value: unknown): Plan | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    const items = value.map(planOf);
    return items.some((p) => p !== null) ? { items } : null;
  }
  const record = value as Record<string, unknown>;
  const shape = shapeOf(record);
  const own = shape.sourced && typeof record['source'] === 'object' && record['source'] !== null;
  const keys: string[] = [];
  const plans: Plan[] = [];
  for (const k of shape.sorted) {
    const v = record[k];
    if (v === null || typeof v !== 'object') continue;
    const plan = planOf(v);
    if (plan === null) continue;
    keys.push(k);
    plans.push(plan);
  }
  return own || keys.length > 0 ? { own, keys, plans } : null;
}

/** Adds the positions of `value` along `plan` to `out`; false when `value` does not have the plan's shape. */
export function collect(value: unknown, plan: Plan, out: Source[]): boolean {
  if (value === null || typeof value !== 'object') return false;
  if ('items' in plan) {
    if (!Array.isArray(value) || value.length !== plan.items.length) return false;
    for (let i = 0; i < value.length; i++) {
      const item = plan.items[i];
      if (item !== null && item !== undefined && !collect(value[i], item, out)) return false;
    }
    return true;
  }
  const record = value as Record<string, unknown>;
  if (plan.own) {
    const source = record['source'];
    if (typeof source !== 'object' || source === null) return false;
    out.push(source as Source);
  }
  for (let i = 0; i < plan.keys.length; i++)
    if (!collect(record[plan.keys[i] as string], plan.plans[i] as Plan, out)) return false;
  return true;
}

/** An entry's last text in one file: its positions' line steps and columns, and the text after the first position. */
export interface LastText {
  steps: Int32Array;
  columns: Int32Array;
  tail: string;
}

/**
 * The positions text of `positions` (JSON string), reusing `last` when they are its positions all
 * moved by one number of lines; `last` is updated to this text's when every position is in `files[0]`.
 */
export function movedText(positions: readonly Source[], files: string[], last: { text?: LastText }): string {
  const file = files[0];
  const n = positions.length;
  const previous = last.text;
  let inFile = true;
  for (let i = 0; i < n; i++) if ((positions[i] as Source).file !== file) inFile = false;
  if (inFile && previous !== undefined && previous.steps.length === n && n > 0 && sameSteps(positions, previous)) {
    const first = positions[0] as Source;
    return `"${first.line}:${first.column}${previous.tail}"`;
  }
  const text = positionsText(positions, files);
  if (inFile && n > 0) {
    const steps = new Int32Array(n);
    const columns = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const p = positions[i] as Source;
      steps[i] = i === 0 ? 0 : p.line - (positions[i - 1] as Source).line;
      columns[i] = p.column;
    }
    const space = text.indexOf(' ');
    last.text = { steps, columns, tail: space === -1 ? '' : text.slice(space) };
  }
  return JSON.stringify(text);
}

function sameSteps(positions: readonly Source[], last: LastText): boolean {
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as Source;
    if (p.column !== last.columns[i]) return false;
    if (i > 0 && p.line - (positions[i - 1] as Source).line !== last.steps[i]) return false;
  }
  return true;
}
