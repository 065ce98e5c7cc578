/**
 * Text -> typed value conversions shared by $filter literals and data import. Each returns the
 * value or a message saying which rule failed (never throws).
 *  - Int64: exact, as bigint, from digits (JSON strings above 2^53 keep every digit).
 *  - DateTimeOffset: ISO 8601 with an offset -> microseconds since the epoch (bigint).
 *  - TimeSpan: .NET "c" format `[-][d.]hh:mm:ss[.fffffff]` -> ticks of 100 ns (bigint).
 *
 * Every type keeps the range of its .NET counterpart (the production service's stack), so a value
 * the service could never hold is refused here with a message instead of overflowing later (a
 * TimeSpan of 99999999 days does not fit the 64-bit ticks a column binds: RangeError, once a 500).
 * The Int32, Int64 and TimeSpan limits and the TimeSpan pattern come from the contract
 * (@specgen/contract wire-facts), which the OpenAPI document and the generated validators read too.
 * See RANGES for the limits and docs/decisions/resources.md for why.
 */
import {
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
  SCALAR_RANGES,
  TICKS_PER_SECOND,
  TIME_SPAN_MAX_TICKS,
  TIME_SPAN_MIN_TICKS,
  TIMESPAN_PATTERN,
  TIMESPAN_SHAPE,
} from '@specgen/contract';

export { INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, TIME_SPAN_MAX_TICKS, TIME_SPAN_MIN_TICKS };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

/** System.Decimal.MaxValue (2^96 - 1); MinValue is its negation. */
export const DECIMAL_MAX = 79228162514264337593543950335n;
/** DateTimeOffset.MinValue and MaxValue (UTC) in microseconds since the epoch, the unit the store keeps. */
export const DATE_TIME_MIN_MICROS = -62135596800000000n;
export const DATE_TIME_MAX_MICROS = 253402300799999999n;

/** The ranges as the messages state them. */
export const RANGES = {
  Int32: SCALAR_RANGES.Int32,
  Int64: SCALAR_RANGES.Int64,
  Decimal: `-${DECIMAL_MAX} to ${DECIMAL_MAX}`,
  DateTimeOffset: '0001-01-01T00:00:00Z to 9999-12-31T23:59:59.9999999Z',
  TimeSpan: SCALAR_RANGES.TimeSpan,
} as const;

/** Echoes input in messages without repeating kilobytes of it. */
export function shown(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}

const LABELS: Record<keyof typeof RANGES, string> = {
  Int32: '32-bit integer',
  Int64: '64-bit integer',
  Decimal: 'Decimal',
  DateTimeOffset: 'DateTimeOffset',
  TimeSpan: 'TimeSpan',
};

const outside = (text: string, type: keyof typeof RANGES) =>
  fail(`${shown(text)} is outside the ${LABELS[type]} range (${RANGES[type]})`);

export function parseInt64(text: string): Parsed<bigint> {
  if (!/^-?\d+$/.test(text)) return fail(`expected a 64-bit integer, got "${shown(text)}"`);
  if (text.replace(/^-?0*/, '').length > 19) return outside(text, 'Int64');
  const value = BigInt(text);
  if (value < INT64_MIN || value > INT64_MAX) return outside(text, 'Int64');
  return ok(value);
}

export function parseInt32(text: string): Parsed<number> {
  if (!/^-?\d+$/.test(text)) return fail(`expected a 32-bit integer, got "${shown(text)}"`);
  if (text.replace(/^-?0*/, '').length > 10) return outside(text, 'Int32');
  const value = Number(text);
  if (value < INT32_MIN || value > INT32_MAX) return outside(text, 'Int32');
  return ok(value === 0 ? 0 : value);
}

/**
 * String: any text except U+0000, which PostgreSQL's text type cannot hold (binding it fails the
 * query), so neither store keeps it and a filter refuses it the same way on both.
 */
export function parseString(text: string): Parsed<string> {
  const at = text.indexOf('\u0000');
  return at < 0
    ? ok(text)
    : fail(`a string may not contain the NUL character (U+0000), found at character ${at + 1} of the string`);
}

export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Whether a decimal literal's magnitude exceeds System.Decimal.MaxValue, decided on the digits
 * (a double cannot tell 79228162514264337593543950336 from the maximum).
 */
function beyondDecimal(text: string): boolean {
  const m = /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const digits = `${m[1]}${m[2] ?? ''}`.replace(/^0+/, '');
  if (digits === '') return false;
  const exponent = Number(m[3] ?? '0') - (m[2]?.length ?? 0);
  const integerDigits = digits.length + exponent;
  const maxDigits = DECIMAL_MAX.toString().length;
  if (integerDigits !== maxDigits) return integerDigits > maxDigits;
  const whole = BigInt(digits.slice(0, maxDigits).padEnd(maxDigits, '0'));
  const fraction = digits.slice(maxDigits);
  return whole > DECIMAL_MAX || (whole === DECIMAL_MAX && /[1-9]/.test(fraction));
}

export function parseDecimal(text: string): Parsed<number> {
  if (!DECIMAL_PATTERN.test(text)) return fail(`expected a decimal number, got "${shown(text)}"`);
  if (beyondDecimal(text)) return outside(text, 'Decimal');
  const value = Number(text);
  return ok(value === 0 ? 0 : value);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `allowDateOnly`: filters may write `2024-01-31` for midnight UTC; stored records need the full form. */
export function parseDateTimeOffset(text: string, allowDateOnly = false): Parsed<bigint> {
  const m = DATE_TIME.exec(text) ?? (allowDateOnly ? DATE_ONLY.exec(text) : null);
  if (!m)
    return fail(`expected an ISO 8601 date-time with an offset (e.g. 2024-01-31T08:00:00+01:00), got "${shown(text)}"`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(
    Number,
  ) as [number, number, number, number, number, number];
  const fraction = (m[7] ?? '').padEnd(7, '0');
  const zone = m[8] ?? 'Z';
  if (year < 1) return outside(text, 'DateTimeOffset');
  if (month < 1 || month > 12) return fail(`month ${month} is out of range in "${text}"`);
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !leapYear(year) ? 1 : 0);
  if (day < 1 || day > daysInMonth) return fail(`day ${day} is out of range in "${text}"`);
  if (hour > 23 || minute > 59 || second > 59) return fail(`time of day is out of range in "${text}"`);
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 14 || om > 59 || (oh === 14 && om > 0)) return fail(`offset ${zone} is out of range in "${text}"`);
    offsetMinutes = sign * (oh * 60 + om);
  }
  const utcDate = new Date(0);
  utcDate.setUTCFullYear(year, month - 1, day);
  utcDate.setUTCHours(hour, minute, second, 0);
  const millis = BigInt(utcDate.getTime()) - BigInt(offsetMinutes) * 60_000n;
  const micros = millis * 1000n + BigInt(fraction.slice(0, 6));
  // .NET refuses a local time whose UTC instant falls outside the years 1-9999 (e.g. 0001-01-01T00:00+01:00).
  if (micros < DATE_TIME_MIN_MICROS || micros > DATE_TIME_MAX_MICROS) return outside(text, 'DateTimeOffset');
  return ok(micros);
}

function leapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const TIME_SPAN = /^(-)?(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;
/** The contract's pattern: the form with the day and tick limits (a text of the form that fails it is out of range). */
const TIME_SPAN_IN_RANGE = new RegExp(TIMESPAN_PATTERN);
const TIME_SPAN_FORM = new RegExp(TIMESPAN_SHAPE);

export function parseTimeSpan(text: string): Parsed<bigint> {
  const m = TIME_SPAN_FORM.test(text) ? TIME_SPAN.exec(text) : null;
  if (!m) return fail(`expected a time span [-][d.]hh:mm:ss[.fffffff], got "${shown(text)}"`);
  const [hours, minutes, seconds] = [m[3], m[4], m[5]].map(Number) as [number, number, number];
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(`hours, minutes or seconds out of range in "${text}"`);
  if (!TIME_SPAN_IN_RANGE.test(text)) return outside(text, 'TimeSpan');
  const days = m[2] ?? '0';
  const wholeSeconds = (BigInt(days) * 24n + BigInt(hours)) * 3600n + BigInt(minutes) * 60n + BigInt(seconds);
  const magnitude = wholeSeconds * TICKS_PER_SECOND + BigInt((m[6] ?? '').padEnd(7, '0'));
  const ticks = m[1] ? -magnitude : magnitude;
  // The pattern holds the range; the check stays as the guard of the 64-bit column the value binds to.
  if (ticks < TIME_SPAN_MIN_TICKS || ticks > TIME_SPAN_MAX_TICKS) return outside(text, 'TimeSpan');
  return ok(ticks);
}
