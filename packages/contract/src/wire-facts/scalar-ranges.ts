/**
 * The ranges of the spec's bounded scalars, once. The production service runs on .NET, so each
 * scalar keeps the range of its .NET type: Int32 (System.Int32), Int64 (System.Int64, written as
 * a JSON string), TimeSpan (a signed 64-bit count of 100 ns ticks, written `[-][d.]hh:mm:ss[.fffffff]`).
 * The OpenAPI document (json-schema.ts), the generated zod validators (their template context),
 * the server's request validation and the query parser (runtime-query scalars.ts) read them here.
 * Decisions: docs/decisions/contract.md.
 */
import { integerRangePattern, timeSpanRangePattern } from './range-patterns.ts';

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

/** 100 ns ticks per day, hour, minute and second. */
export const TICKS_PER_SECOND = 10_000_000n;
const TICKS_PER_MINUTE = 60n * TICKS_PER_SECOND;
const TICKS_PER_HOUR = 60n * TICKS_PER_MINUTE;
export const TICKS_PER_DAY = 24n * TICKS_PER_HOUR;

/** TimeSpan.MinValue and MaxValue in ticks: the 64-bit range. */
export const TIME_SPAN_MIN_TICKS = INT64_MIN;
export const TIME_SPAN_MAX_TICKS = INT64_MAX;

/** A tick count as the .NET "c" format writes it with every field: `[-]d.hh:mm:ss.fffffff`. */
export function formatTicks(ticks: bigint): string {
  const sign = ticks < 0n ? '-' : '';
  let rest = ticks < 0n ? -ticks : ticks;
  const days = rest / TICKS_PER_DAY;
  rest %= TICKS_PER_DAY;
  const two = (n: bigint) => n.toString().padStart(2, '0');
  const hours = rest / TICKS_PER_HOUR;
  const minutes = (rest % TICKS_PER_HOUR) / TICKS_PER_MINUTE;
  const seconds = (rest % TICKS_PER_MINUTE) / TICKS_PER_SECOND;
  const fraction = (rest % TICKS_PER_SECOND).toString().padStart(7, '0');
  return `${sign}${days}.${two(hours)}:${two(minutes)}:${two(seconds)}.${fraction}`;
}

/** `-10675199.02:48:05.4775808` and `10675199.02:48:05.4775807`. */
export const TIME_SPAN_MIN = formatTicks(TIME_SPAN_MIN_TICKS);
export const TIME_SPAN_MAX = formatTicks(TIME_SPAN_MAX_TICKS);
/** The most digits a TimeSpan's day count has (leading zeros aside): 8. */
export const TIME_SPAN_DAY_DIGITS = (TIME_SPAN_MAX_TICKS / TICKS_PER_DAY).toString().length;

/** The ranges as messages and descriptions state them. */
export const SCALAR_RANGES = {
  Int32: `${INT32_MIN} to ${INT32_MAX}`,
  Int64: `${INT64_MIN} to ${INT64_MAX}`,
  TimeSpan: `${TIME_SPAN_MIN} to ${TIME_SPAN_MAX}`,
} as const;

/**
 * Int64 as text: an optional minus, digits (leading zeros allowed), in the 64-bit range. The
 * pattern states the range, so a string one past either end does not match.
 */
export const INT64_PATTERN = integerRangePattern(-INT64_MIN, INT64_MAX);

/**
 * TimeSpan: `[-][d.]hh:mm:ss[.fffffff]` (hours 0-23, minutes and seconds 0-59, at most 7 fraction
 * digits), within [TIME_SPAN_MIN, TIME_SPAN_MAX]: the pattern states the day and tick limits.
 */
export const TIMESPAN_PATTERN = timeSpanRangePattern(TIME_SPAN_MIN.slice(1), TIME_SPAN_MAX);
/**
 * The TimeSpan form alone, any day count and any two-digit fields: a text of this shape that fails
 * the pattern is out of range.
 */
export const TIMESPAN_SHAPE = '^-?(?:[0-9]+\\.)?[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]{1,7})?$';
