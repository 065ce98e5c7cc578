/**
 * Every $filter literal outside its type's .NET range is a QueryError naming the range and the
 * literal's position; the last value inside the range is accepted. Compared directly, inside
 * contains() and as a has() flag. (runtime-resources/test/literal-ranges.test.ts sends the same
 * table to both stores over HTTP.)
 */
import { describe, expect, it } from 'vitest';
import {
  parseDateTimeOffset,
  parseDecimal,
  parseInt32,
  parseInt64,
  parseQueryOptions,
  parseTimeSpan,
  QueryError,
  RANGES,
  type Condition,
} from '../src/index.ts';
import { SCHEMA } from './fixture.ts';

type Case = [field: string, literal: string, range: keyof typeof RANGES];

/** Literals just outside (or far outside) each range, as written in a $filter. */
export const OUT_OF_RANGE: Case[] = [
  ['Status', '2147483648', 'Int32'],
  ['Status', '-2147483649', 'Int32'],
  ['Status', '99999999999999999999999', 'Int32'],
  ['Id', '9223372036854775808', 'Int64'],
  ['Id', '-9223372036854775809', 'Int64'],
  ['Id', "'123456789012345678901234567890'", 'Int64'],
  ['MeasurementSetting', '79228162514264337593543950336', 'Decimal'],
  ['MeasurementSetting', '-79228162514264337593543950335.5', 'Decimal'],
  ['MeasurementSetting', '1e29', 'Decimal'],
  ['MeasurementSetting', '1e400', 'Decimal'],
  ['MeasurementSetting', `1${'0'.repeat(400)}`, 'Decimal'],
  ['WarrantyStartDate', '0000-12-31T00:00:00Z', 'DateTimeOffset'],
  ['WarrantyStartDate', '0001-01-01T00:00:00+01:00', 'DateTimeOffset'],
  ['WarrantyStartDate', '9999-12-31T23:59:59-00:01', 'DateTimeOffset'],
  ['WarrantyStartDate', "'0000-01-01'", 'DateTimeOffset'],
  ['OperationTime', "'99999999.23:59:59.9999999'", 'TimeSpan'],
  ['OperationTime', "'10675199.02:48:05.4775808'", 'TimeSpan'],
  ['OperationTime', "'-10675199.02:48:05.4775809'", 'TimeSpan'],
  ['OperationTime', "'123456789012.00:00:00'", 'TimeSpan'],
];

/** The extremes of each range, accepted. */
export const AT_THE_LIMIT: Array<[field: string, literal: string]> = [
  ['Status', '2147483647'],
  ['Status', '-2147483648'],
  ['Id', '9223372036854775807'],
  ['Id', '-9223372036854775808'],
  ['MeasurementSetting', '79228162514264337593543950335'],
  ['MeasurementSetting', '-7.9228162514264337593543950335e28'],
  ['MeasurementSetting', '1e-400'],
  ['WarrantyStartDate', '0001-01-01T00:00:00Z'],
  ['WarrantyStartDate', '0001-01-01T00:00:00-01:00'],
  ['WarrantyStartDate', '9999-12-31T23:59:59.9999999Z'],
  ['OperationTime', "'10675199.02:48:05.4775807'"],
  ['OperationTime', "'-10675199.02:48:05.4775808'"],
];

function queryError(filter: string): QueryError {
  try {
    parseQueryOptions({ $filter: filter }, SCHEMA);
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error(`accepted: ${filter}`);
}

const RANGE_TEXT = /is outside the (32-bit integer|64-bit integer|Decimal|DateTimeOffset|TimeSpan) range \((.+)\)$/;

describe('literals outside their type range', () => {
  it.each(OUT_OF_RANGE)('%s gt %s -> %s range', (field, literal, range) => {
    const prefix = `${field} gt `;
    const e = queryError(`${prefix}${literal}`);
    expect(e.option).toBe('$filter');
    expect(e.position).toBe(prefix.length + 1);
    expect(e.detail).toMatch(RANGE_TEXT);
    expect(RANGE_TEXT.exec(e.detail)![2]).toBe(RANGES[range]);
  });

  it.each(OUT_OF_RANGE)('contains(%s, ..., %s) points at the bad argument', (field, literal) => {
    const ok = AT_THE_LIMIT.find(([f]) => f === field)![1];
    const prefix = `Id eq 1 or contains(${field}, ${ok}, `;
    const e = queryError(`${prefix}${literal})`);
    expect(e.position).toBe(prefix.length + 1);
    expect(e.detail).toMatch(RANGE_TEXT);
  });

  it('refuses an out-of-range flag in has()', () => {
    expect(queryError('has(BlockContext, 4294967296)').message).toBe(
      '$filter: 4294967296 is outside the 32-bit integer range (-2147483648 to 2147483647) at position 19',
    );
  });

  it('refuses the NUL character in a string literal (PostgreSQL text cannot hold it), compared or in like()', () => {
    expect(queryError("SerialNumber eq 'a\u0000b'").message).toBe(
      '$filter: a string may not contain the NUL character (U+0000), found at character 2 of the string at position 17',
    );
    expect(queryError("Id eq 1 and like(SerialNumber, '%\u0000')").position).toBe(32);
  });

  it('shortens a huge literal in the message', () => {
    const e = queryError(`Id eq ${'9'.repeat(5000)}`);
    expect(e.detail.length).toBeLessThan(200);
    expect(e.detail).toContain('(5000 characters)');
  });
});

describe('literals at the limits of their range', () => {
  it.each(AT_THE_LIMIT)('%s eq %s', (field, literal) => {
    const plan = parseQueryOptions({ $filter: `${field} eq ${literal}` }, SCHEMA);
    expect((plan.filter as Extract<Condition, { kind: 'compare' }>).field.name).toBe(field);
  });

  it('converts the limits to the values the columns hold', () => {
    expect(parseInt32('-2147483648')).toEqual({ ok: true, value: -2147483648 });
    expect(parseInt64('-9223372036854775808')).toEqual({ ok: true, value: -(2n ** 63n) });
    expect(parseInt64('00000000000000000000001')).toEqual({ ok: true, value: 1n });
    expect(parseDecimal('79228162514264337593543950335')).toEqual({ ok: true, value: 7.922816251426434e28 });
    expect(parseTimeSpan('10675199.02:48:05.4775807')).toEqual({ ok: true, value: 2n ** 63n - 1n });
    expect(parseTimeSpan('-10675199.02:48:05.4775808')).toEqual({ ok: true, value: -(2n ** 63n) });
    expect(parseDateTimeOffset('0001-01-01T00:00:00Z')).toEqual({ ok: true, value: -62135596800000000n });
    expect(parseDateTimeOffset('9999-12-31T23:59:59.9999999Z')).toEqual({ ok: true, value: 253402300799999999n });
  });

  it('keeps leap years right before the year 100 (Date.UTC maps 0-99 to 1900-1999)', () => {
    expect(parseDateTimeOffset('0004-02-29T00:00:00Z').ok).toBe(true);
    expect(parseDateTimeOffset('0100-02-29T00:00:00Z').ok).toBe(false);
    expect(parseDateTimeOffset('2000-02-29T00:00:00Z').ok).toBe(true);
    expect(parseDateTimeOffset('1900-02-29T00:00:00Z').ok).toBe(false);
  });
});
