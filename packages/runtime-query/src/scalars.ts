/**
 * Text -> typed value conversions shared by $filter literals and data import. Each returns the
 * value or a message saying which rule failed (never throws).
 *  - Int64: exact, as bigint, from digits (JSON strings above 2^53 keep every digit).
 *  - DateTimeOffset: ISO 8601 with an offset -> microseconds since the epoch (bigint).
 *  - TimeSpan: .NET "c" format `[-][d.]hh:mm:ss[.fffffff]` -> ticks of 100 ns (bigint).
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (message: string): Parsed<never> => ({ ok: false, message });

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const INT32_MIN = -(2 ** 31);
export const INT32_MAX = 2 ** 31 - 1;

export function parseInt64(text: string): Parsed<bigint> {
  if (!/^-?\d{1,19}$/.test(text)) return fail(`expected a 64-bit integer, got "${text}"`);
  const value = BigInt(text);
  if (value < INT64_MIN || value > INT64_MAX) return fail(`${text} is outside the 64-bit integer range`);
  return ok(value);
}

export function parseInt32(text: string): Parsed<number> {
  if (!/^-?\d{1,10}$/.test(text)) return fail(`expected a 32-bit integer, got "${text}"`);
  const value = Number(text);
  if (value < INT32_MIN || value > INT32_MAX) return fail(`${text} is outside the 32-bit integer range`);
  return ok(value);
}

export const DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

export function parseDecimal(text: string): Parsed<number> {
  if (!DECIMAL_PATTERN.test(text)) return fail(`expected a decimal number, got "${text}"`);
  const value = Number(text);
  if (!Number.isFinite(value)) return fail(`${text} is out of range`);
  return ok(value);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `allowDateOnly`: filters may write `2024-01-31` for midnight UTC; stored records need the full form. */
export function parseDateTimeOffset(text: string, allowDateOnly = false): Parsed<bigint> {
  const m = DATE_TIME.exec(text) ?? (allowDateOnly ? DATE_ONLY.exec(text) : null);
  if (!m) return fail(`expected an ISO 8601 date-time with an offset (e.g. 2024-01-31T08:00:00+01:00), got "${text}"`);
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const fraction = (m[7] ?? '').padEnd(7, '0');
  const zone = m[8] ?? 'Z';
  if (month < 1 || month > 12) return fail(`month ${month} is out of range in "${text}"`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
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
  return ok(millis * 1000n + BigInt(fraction.slice(0, 6)));
}

const TIME_SPAN = /^(-)?(?:(\d{1,8})\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;

export function parseTimeSpan(text: string): Parsed<bigint> {
  const m = TIME_SPAN.exec(text);
  if (!m) return fail(`expected a time span [-][d.]hh:mm:ss[.fffffff], got "${text}"`);
  const [days, hours, minutes, seconds] = [m[2] ?? '0', m[3], m[4], m[5]].map(Number) as [number, number, number, number];
  if (hours > 23 || minutes > 59 || seconds > 59) return fail(`hours, minutes or seconds out of range in "${text}"`);
  const ticks =
    ((BigInt(days) * 24n + BigInt(hours)) * 3600n + BigInt(minutes) * 60n + BigInt(seconds)) * 10_000_000n +
    BigInt((m[6] ?? '').padEnd(7, '0'));
  return ok(m[1] ? -ticks : ticks);
}
