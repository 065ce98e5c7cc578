/**
 * The `ir.json` line of an IR entry that only moved (lines added or removed above it), made from the
 * line of the entry it moved from by rewriting the line numbers of its `source` positions, instead of
 * sorting and writing the whole entry again (a row added near the top of a large spec moves hundreds
 * of resources, each 10-30 KB of JSON).
 *
 * The parser records which `source` objects of the previous entry became which new ones
 * (`movedFrom` of @specgen/ir): one pair per place the previous entry holds a replaced `source`, or,
 * when every replaced source kept its file and column and moved by the same number of lines (a
 * section that moved whole: the usual case), only how many and by how many lines (`shift`).
 * The printed line is read by value, not by object: the first time it moves, each place's
 * `"source":{"column":..,"file":..,"line":..}` is found in the text, with its numbers (`placesOf`);
 * the line counts as placed only when it holds exactly as many such texts as the entry has `source`
 * objects. Then:
 * - every place replaced (as many pairs as places, or a `shift` counting as many), each by its
 *   position moved the same number of lines (same file and column): every line number moves by that
 *   delta, without matching a pair to a place (the usual case: a section that moved whole);
 * - otherwise each pair is matched to the places printing its old position, and a place's number is
 *   rewritten when the pair's old position is printed at exactly as many places as there are pairs
 *   for it (so an unreplaced source that prints the same position is never moved by mistake).
 * Anything else gives `undefined` and the caller writes the line from scratch: a replacement that is
 * not exactly `{ file, line, column }` or changes its file or column, a replaced source the line does
 * not print, a position printed both by a replaced and by a kept source.
 */
import type { MovedFrom } from '@specgen/ir';

export interface PrintedLine {
  line: string;
  /** How many `source` objects the line prints (a source object printed twice counts twice). */
  count: number;
  /** Its places, found when it first moves (a cold run places nothing); null when they could not be. */
  places?: Places | null;
}

/** Each place's printed position, in the order of the line: the line numbers are where the text is rewritten. */
export interface Places {
  /** The file every place names. */
  readonly file: string;
  /** Where each place's line number starts in the line. */
  readonly lineAt: number[];
  readonly lines: number[];
  readonly columns: number[];
}

const HEAD = '"source":{"column":';
/**
 * What the places are looked for by: a part of HEAD shorter than 7 characters, which V8 finds by a
 * plain scan (a longer one makes a Boyer-Moore table on every call: 60% of a first move's time).
 */
const NEEDLE = '{"colu';
const NEEDLE_AT = HEAD.indexOf(NEEDLE);
const FILE = ',"file":';
const LINE = ',"line":';
/** Positions up to 9 digits (small integers in the places' arrays). */
const MAX_LINE = 999_999_999;

/** The places of the printed `source` texts, found once; null when they are not `count` plain positions of one file. */
export function placesOf(printed: PrintedLine): Places | null {
  if (printed.places !== undefined) return printed.places;
  const { line, count } = printed;
  const lineAt: number[] = [];
  const lines: number[] = [];
  const columns: number[] = [];
  let file: string | undefined;
  let n = 0;
  for (let at = line.indexOf(NEEDLE); at !== -1; at = line.indexOf(NEEDLE, at + 1)) {
    if (!holds(line, at - NEEDLE_AT, HEAD)) continue;
    if (n === count) return unplaced(printed);
    at += HEAD.length - NEEDLE_AT;
    const column = number(line, at);
    if (column === -1 || !holds(line, column, FILE)) return unplaced(printed);
    columns.push(lastNumber);
    at = column + FILE.length;
    // the file's JSON text (the first place's, without escapes; the others must print the same)
    if (file === undefined) {
      const end = line.indexOf('"', at + 1);
      if (line.charCodeAt(at) !== 34 || end === -1) return unplaced(printed);
      file = line.slice(at, end + 1);
      if (file.includes('\\')) return unplaced(printed);
    } else if (!holds(line, at, file)) return unplaced(printed);
    at += file.length;
    if (!holds(line, at, LINE)) return unplaced(printed);
    at += LINE.length;
    const end = number(line, at);
    if (end === -1 || line.charCodeAt(end) !== 125) return unplaced(printed);
    lineAt.push(at);
    lines.push(lastNumber);
    n++;
    at = end;
  }
  if (n !== count || file === undefined) return unplaced(printed);
  printed.places = { file: JSON.parse(file) as string, lineAt, lines, columns };
  return printed.places;
}

function unplaced(printed: PrintedLine): null {
  printed.places = null;
  return null;
}

/** Whether `text` holds `part` at `at` (compared by character: startsWith cost more, called 240,000 times). */
function holds(text: string, at: number, part: string): boolean {
  if (at < 0) return false;
  for (let i = 0; i < part.length; i++) if (text.charCodeAt(at + i) !== part.charCodeAt(i)) return false;
  return true;
}

/** The value of the last `number` read. */
let lastNumber = 0;

/** The end of the 1-9 decimal digits at `at` (their value in `lastNumber`), or -1. */
function number(text: string, at: number): number {
  let end = at;
  let value = 0;
  for (let c = text.charCodeAt(end); c >= 48 && c <= 57; c = text.charCodeAt(++end)) value = value * 10 + c - 48;
  if (end === at || end - at > 9) return -1;
  lastNumber = value;
  return end;
}

export function movedLine(previous: PrintedLine, moved: MovedFrom): PrintedLine | undefined {
  const places = placesOf(previous);
  const { from, to, shift } = moved;
  if (places === null) return undefined;
  // Every place replaced, each moved alike (the parser vouches for file and column): no pairs to check.
  if (shift !== undefined)
    return shift.count === places.lines.length && shift.count > 0 && Number.isInteger(shift.lines)
      ? shiftedLine(previous, places, shift.lines)
      : undefined;
  if (from.length !== to.length || from.length === 0) return undefined;
  const file = places.file;
  const delta = (to[0] as Position).line - (from[0] as Position).line;
  let uniform = from.length === places.lines.length;
  for (let i = 0; i < from.length; i++) {
    const was = from[i] as Position;
    const next = to[i] as Position;
    if (!isPosition(next) || next.file !== file || was.file !== file || next.column !== was.column) return undefined;
    if (next.line - was.line !== delta) uniform = false;
  }
  // Every place replaced, each moved by `delta`: no pair needs to be matched to its place.
  const lines = uniform ? places.lines.map((n) => n + delta) : matchedLines(places, from, to);
  return lines && rewritten(previous, places, lines);
}

/** `previous`'s line with every place's line number `lines` further; undefined when one would leave 0..MAX_LINE. */
function shiftedLine(previous: PrintedLine, places: Places, lines: number): PrintedLine | undefined {
  const moved = places.lines.map((n) => n + lines);
  for (const n of moved) if (n < 0 || n > MAX_LINE) return undefined;
  return rewritten(previous, places, moved);
}

interface Position {
  file: unknown;
  line: number;
  column: number;
}

/** Exactly `{ file, line, column }` with a string and two integers, as the parser writes a source. */
function isPosition(x: Position): boolean {
  return (
    typeof x.file === 'string' &&
    Number.isInteger(x.line) &&
    Number.isInteger(x.column) &&
    x.line >= 0 &&
    x.line <= MAX_LINE &&
    Object.keys(x).length === 3
  );
}

/**
 * The line numbers after replacing some sources: each pair's old position is looked up among the
 * places; undefined when a pair's position is printed at more or fewer places than it has pairs, or
 * two pairs from one position go to different lines.
 */
function matchedLines(places: Places, from: readonly object[], to: readonly object[]): number[] | undefined {
  const pairs = new Map<number, { line: number; left: number }>();
  for (let i = 0; i < from.length; i++) {
    const was = from[i] as Position;
    const key = was.line * 2 ** 32 + was.column;
    const line = (to[i] as Position).line;
    const pair = pairs.get(key);
    if (pair === undefined) pairs.set(key, { line, left: 1 });
    else if (pair.line !== line) return undefined;
    else pair.left++;
  }
  const lines = places.lines.slice();
  for (let p = 0; p < lines.length; p++) {
    const pair = pairs.get((lines[p] as number) * 2 ** 32 + (places.columns[p] as number));
    if (pair === undefined) continue;
    pair.left--;
    lines[p] = pair.line;
  }
  for (const pair of pairs.values()) if (pair.left !== 0) return undefined;
  return lines;
}

/** `previous`'s line with each place's line number written as `lines` gives it. */
function rewritten(previous: PrintedLine, places: Places, lines: number[]): PrintedLine {
  const text = previous.line;
  const parts: string[] = [];
  const lineAt: number[] = [];
  let copied = 0;
  let shift = 0;
  for (let p = 0; p < lines.length; p++) {
    const at = places.lineAt[p] as number;
    const old = places.lines[p] as number;
    const end = at + digitCount(old);
    lineAt.push(at + shift);
    const line = lines[p] as number;
    if (line === old) continue;
    const number = `${line}`;
    parts.push(text.slice(copied, at), number);
    shift += number.length - (end - at);
    copied = end;
  }
  parts.push(text.slice(copied));
  return { line: parts.join(''), count: previous.count, places: { ...places, lineAt, lines } };
}

function digitCount(n: number): number {
  let count = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) count++;
  return count;
}
