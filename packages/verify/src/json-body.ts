/**
 * JSON bodies read without losing digits: numbers stay as written (lossless-json), so an Int64
 * above 2^53 is compared exactly and a number's text can be judged ("Int64 exact as written").
 */
import { isLosslessNumber, parse } from 'lossless-json';
import type { Field } from '@specgen/ir';

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: parse(text) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/** The number's text as written, or null when the value is no JSON number. */
export function numberText(value: unknown): string | null {
  return isLosslessNumber(value) ? value.value : null;
}

/**
 * A value as a JSON Schema validator sees it: numbers as numbers, except an integer of an Int64
 * field that a double cannot hold, which keeps its digits as a string (the contract allows
 * Int64 as string or integer, with every digit). Objects and arrays are converted deeply.
 */
export function plain(value: unknown, field?: Field): unknown {
  const text = numberText(value);
  if (text !== null) {
    const n = Number(text);
    const int64 = field?.type.base.kind === 'scalar' && field.type.base.scalar === 'Int64';
    return int64 && /^-?\d+$/.test(text) && !Number.isSafeInteger(n) ? text : n;
  }
  if (Array.isArray(value)) return value.map((v) => plain(v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** Int64 as exact text: digits of a JSON string or of a JSON integer; null otherwise. */
export function int64Text(value: unknown): string | null {
  const text = numberText(value) ?? (typeof value === 'string' ? value : null);
  return text !== null && /^-?\d+$/.test(text) ? BigInt(text).toString() : null;
}

/** A stable text of a value for equality (numbers as written, keys in order). */
export function canonical(value: unknown): string {
  const text = numberText(value);
  if (text !== null) return text;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
