/**
 * One field value of an imported record: checked against the field's type from the IR and turned
 * into (a) the typed value of its column and (b) its JSON text in responses.
 * Int64 is written as a JSON string, as the production service does (exact above 2^53).
 */
import { isLosslessNumber } from 'lossless-json';
import type { Field } from '@specgen/ir';
import {
  parseDateTimeOffset,
  parseDecimal,
  parseInt32,
  parseInt64,
  parseString,
  parseTimeSpan,
  type ScalarValue,
} from '@specgen/runtime-query';
import type { ScalarColumn } from './model.ts';

export type Encoded = { ok: true; value: ScalarValue | null; json: string } | { ok: false; message: string };

const bad = (message: string): Encoded => ({ ok: false, message });

function numberText(raw: unknown): string | null {
  if (isLosslessNumber(raw)) return raw.value;
  if (typeof raw === 'number') return String(raw);
  return null;
}

function checkEnum(field: Field, value: number): string | null {
  const e = field.enumeration;
  if (!e) return null;
  if (e.bitmask) {
    const all = e.values.reduce((acc, v) => acc | v.value, 0);
    return value >= 0 && (value & ~all) === 0
      ? null
      : `${value} is not a combination of the flags of ${field.name} (${e.values.map((v) => `${v.value} ${v.name}`).join(', ')})`;
  }
  return e.values.some((v) => v.value === value)
    ? null
    : `${value} is not a value of ${field.name} (${e.values.map((v) => `${v.value} ${v.name}`).join(', ')})`;
}

export function encodeScalar(column: ScalarColumn, raw: unknown): Encoded {
  if (raw === null || raw === undefined) {
    if (column.nullable) return { ok: true, value: null, json: 'null' };
    return bad(raw === null ? 'must not be null' : 'is required');
  }
  switch (column.type) {
    case 'Int64': {
      const text = numberText(raw) ?? (typeof raw === 'string' ? raw : null);
      if (text === null) return bad(`expected a 64-bit integer (number or numeric string), got ${typeof raw}`);
      const p = parseInt64(text);
      return p.ok ? { ok: true, value: p.value, json: `"${p.value}"` } : bad(p.message);
    }
    case 'Int32': {
      const text = numberText(raw);
      if (text === null) return bad(`expected a 32-bit integer, got ${typeof raw}`);
      const p = parseInt32(text);
      if (!p.ok) return bad(p.message);
      const enumError = checkEnum(column.field, p.value);
      return enumError ? bad(enumError) : { ok: true, value: p.value, json: String(p.value) };
    }
    case 'Decimal': {
      const text = numberText(raw) ?? (typeof raw === 'string' ? raw : null);
      if (text === null) return bad(`expected a decimal number, got ${typeof raw}`);
      const p = parseDecimal(text);
      return p.ok ? { ok: true, value: p.value, json: text } : bad(p.message);
    }
    case 'Boolean':
      return typeof raw === 'boolean'
        ? { ok: true, value: raw, json: String(raw) }
        : bad(`expected true or false, got ${typeof raw}`);
    case 'String': {
      if (typeof raw !== 'string')
        return bad(`expected a string, got ${isLosslessNumber(raw) ? 'number' : typeof raw}`);
      const max = column.field.maxLength;
      if (max !== null && raw.length > max) return bad(`is ${raw.length} characters long, at most ${max} allowed`);
      const text = parseString(raw);
      if (!text.ok) return bad(text.message);
      return { ok: true, value: raw, json: JSON.stringify(raw) };
    }
    case 'DateTimeOffset': {
      if (typeof raw !== 'string')
        return bad(`expected an ISO 8601 date-time string with an offset, got ${typeof raw}`);
      const p = parseDateTimeOffset(raw);
      return p.ok ? { ok: true, value: p.value, json: JSON.stringify(raw) } : bad(p.message);
    }
    case 'TimeSpan': {
      if (typeof raw !== 'string') return bad(`expected a time span string hh:mm:ss, got ${typeof raw}`);
      const p = parseTimeSpan(raw);
      return p.ok ? { ok: true, value: p.value, json: JSON.stringify(raw) } : bad(p.message);
    }
  }
}

/** Raw value given to records stored before a non-nullable field existed (migration backfill). */
export function defaultRaw(column: ScalarColumn): unknown {
  if (column.nullable) return null;
  switch (column.type) {
    case 'Int64':
      return '0';
    case 'Int32':
    case 'Decimal':
      return 0;
    case 'Boolean':
      return false;
    case 'String':
      return '';
    case 'DateTimeOffset':
      return '0001-01-01T00:00:00+00:00';
    case 'TimeSpan':
      return '00:00:00';
  }
}
