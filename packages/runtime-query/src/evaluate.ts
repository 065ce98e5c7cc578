/**
 * The reference semantics of a Condition, evaluated in memory over typed values (the same values
 * the typed columns hold). The property-based tests check that SQL on both stores agrees with it.
 */
import type { Condition, OrderBy } from './condition.ts';
import type { ScalarValue } from './schema.ts';

export type TypedRecord = Readonly<Record<string, ScalarValue | null>>;

/** Strings compare by code point (the stores compare UTF-8 bytes, which orders the same way). */
export function compareValues(a: ScalarValue, b: ScalarValue): number {
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

function asciiLower(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** like pattern -> RegExp: `%` any run, `_` one character, `\x` the character x; A-Z fold to a-z. */
export function likeToRegExp(pattern: string): RegExp {
  let re = '';
  const chars = [...asciiLower(pattern)];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) re += escapeRe(chars[++i]!);
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += escapeRe(c);
  }
  return new RegExp(`^${re}$`, 'u');
}

function escapeRe(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function evaluate(c: Condition, record: TypedRecord): boolean {
  switch (c.kind) {
    case 'and':
      return evaluate(c.left, record) && evaluate(c.right, record);
    case 'or':
      return evaluate(c.left, record) || evaluate(c.right, record);
    case 'not':
      return !evaluate(c.operand, record);
    case 'isnull':
      return (record[c.field.name] === null) !== c.negate;
  }
  const v = record[c.field.name] ?? null;
  if (v === null) return c.kind === 'compare' && c.op === 'ne';
  switch (c.kind) {
    case 'compare': {
      const d = compareValues(v, c.value);
      return { eq: d === 0, ne: d !== 0, gt: d > 0, ge: d >= 0, lt: d < 0, le: d <= 0 }[c.op];
    }
    case 'in':
      return c.values.some((x) => compareValues(v, x) === 0);
    case 'has':
      return ((v as number) & c.flag) === c.flag;
    case 'like':
      return likeToRegExp(c.pattern).test(asciiLower(v as string));
  }
}

/** Sorts like `orderByToSql`: nulls first ascending, last descending, ties by Id in the last key's direction. */
export function sortRecords<T extends TypedRecord>(records: T[], orderBy: OrderBy[], idColumn = 'Id'): T[] {
  const keys = [...orderBy.map((o) => ({ name: o.field.name, desc: o.descending }))];
  if (!keys.some((k) => k.name === idColumn)) keys.push({ name: idColumn, desc: orderBy.at(-1)?.descending ?? false });
  return [...records].sort((a, b) => {
    for (const k of keys) {
      const x = a[k.name] ?? null;
      const y = b[k.name] ?? null;
      const d = x === null && y === null ? 0 : x === null ? -1 : y === null ? 1 : compareValues(x, y);
      if (d !== 0) return k.desc ? -d : d;
    }
    return 0;
  });
}
