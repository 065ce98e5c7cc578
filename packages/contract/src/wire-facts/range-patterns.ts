/**
 * Regular expressions (as JSON Schema `pattern` strings, ECMA-262 syntax without flags) that
 * accept exactly the texts of a bounded range: an integer whose magnitude is at most a bound, and
 * a .NET TimeSpan text (`[-][d.]hh:mm:ss[.fffffff]`) whose magnitude is at most a bound. The
 * document, the generated validators and the server all test the same pattern, so a value at the
 * edge of a range is accepted or refused alike everywhere (docs/decisions/contract.md).
 * Leading zeros are allowed where the server's parsers allow them (`007`, `0001.00:00:00`).
 */

const any = (count: number): string => (count === 0 ? '' : count === 1 ? '[0-9]' : `[0-9]{${count}}`);

/** Digit strings of exactly `bound.length` digits that are smaller than `bound`. */
function sameLengthBelow(bound: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < bound.length; i++) {
    const digit = Number(bound[i]);
    if (digit === 0) continue;
    const range = digit === 1 ? '0' : `[0-${digit - 1}]`;
    out.push(`${bound.slice(0, i)}${range}${any(bound.length - 1 - i)}`);
  }
  return out;
}

/** A group of alternatives. */
const oneOf = (alternatives: string[]): string => `(?:${alternatives.join('|')})`;

/** Unsigned integer texts (leading zeros allowed) whose value is smaller than `bound` (digits, no leading zero). */
export function integerBelow(bound: string): string {
  const shorter = bound.length > 1 ? [bound.length === 2 ? '[0-9]' : `[0-9]{1,${bound.length - 1}}`] : [];
  return `0*${oneOf([...shorter, ...sameLengthBelow(bound)])}`;
}

/** Unsigned integer texts (leading zeros allowed) whose value is at most `bound`. */
export function integerAtMost(bound: string): string {
  const shorter = bound.length > 1 ? [bound.length === 2 ? '[0-9]' : `[0-9]{1,${bound.length - 1}}`] : [];
  return `0*${oneOf([...shorter, ...sameLengthBelow(bound), bound])}`;
}

/** Signed integer texts in [-minMagnitude, max]. */
export function integerRangePattern(minMagnitude: bigint, max: bigint): string {
  return `^(?:${integerAtMost(max.toString())}|-${integerAtMost(minMagnitude.toString())})$`;
}

/** Fractions of 1-7 digits whose value (padded with zeros on the right) is at most `bound` (7 digits). */
function fractionAtMost(bound: string): string {
  const prefixes = bound.split('').map((_, i) => bound.slice(0, i + 1));
  const below: string[] = [];
  for (let i = 0; i < bound.length; i++) {
    const digit = Number(bound[i]);
    if (digit === 0) continue;
    const range = digit === 1 ? '0' : `[0-${digit - 1}]`;
    const rest = bound.length - 1 - i;
    below.push(`${bound.slice(0, i)}${range}${rest === 0 ? '' : `[0-9]{0,${rest}}`}`);
  }
  return oneOf([...below, ...prefixes]);
}

const HOURS = '(?:[01][0-9]|2[0-3])';
const SIXTY = '[0-5][0-9]';
const FRACTION = '(?:\\.[0-9]{1,7})?';
/** Any valid time of day of a TimeSpan, fraction included. */
const ANY_TIME = `${HOURS}:${SIXTY}:${SIXTY}${FRACTION}`;

/** Times of day `hh:mm:ss[.f]` at most `hh:mm:ss.fffffff`. */
function timeAtMost(time: string): string {
  const [, hh, mm, ss, fraction] = /^(\d{2}):(\d{2}):(\d{2})\.(\d{7})$/.exec(time) ?? [];
  if (!hh || !mm || !ss || !fraction) throw new Error(`not a full time of day: ${time}`);
  const alternatives: string[] = [];
  const hoursBelow = sameLengthBelow(hh);
  if (hoursBelow.length > 0) alternatives.push(`${oneOf(hoursBelow)}:${SIXTY}:${SIXTY}${FRACTION}`);
  const minutesBelow = sameLengthBelow(mm);
  if (minutesBelow.length > 0) alternatives.push(`${hh}:${oneOf(minutesBelow)}:${SIXTY}${FRACTION}`);
  const secondsBelow = sameLengthBelow(ss);
  if (secondsBelow.length > 0) alternatives.push(`${hh}:${mm}:${oneOf(secondsBelow)}${FRACTION}`);
  alternatives.push(`${hh}:${mm}:${ss}(?:\\.${fractionAtMost(fraction)})?`);
  return oneOf(alternatives);
}

/** Unsigned TimeSpan texts `[d.]hh:mm:ss[.f]` whose magnitude is at most `bound` (`d.hh:mm:ss.fffffff`). */
function timeSpanAtMost(bound: string): string {
  const [, days, time] = /^(\d+)\.(\d{2}:\d{2}:\d{2}\.\d{7})$/.exec(bound) ?? [];
  if (!days || !time) throw new Error(`not a full TimeSpan text: ${bound}`);
  return oneOf([`(?:${integerBelow(days)}\\.)?${ANY_TIME}`, `0*${days}\\.${timeAtMost(time)}`]);
}

/** TimeSpan texts in [-minMagnitude, max], both written `d.hh:mm:ss.fffffff`. */
export function timeSpanRangePattern(minMagnitude: string, max: string): string {
  return `^(?:${timeSpanAtMost(max)}|-${timeSpanAtMost(minMagnitude)})$`;
}
