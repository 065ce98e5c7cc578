/**
 * The `ir.json` line of an IR entry that only moved (lines added or removed above it), made from the
 * line of the entry it moved from by rewriting its `source` positions, instead of sorting and
 * writing the whole entry again (a row added near the top of a large spec moves hundreds of
 * resources, each 10-30 KB of JSON).
 *
 * The parser records which `source` objects of the previous entry became which new ones
 * (`movedFrom` of @specgen/ir); the previous line was written together with the `source` objects it
 * prints, in order; where it prints them is found the first time the line moves (`placesOf`, which
 * checks each place holds that object's text: `"source":{"column":..,"file":..,"line":..}`, keys
 * sorted) and kept for the moved line. The new line is the previous one with
 * the texts of the replaced objects swapped for the new objects' texts. Anything unexpected gives
 * `undefined` and the caller writes the line from scratch: an object that is not exactly
 * `{ file, line, column }`, or a replaced source the line does not print.
 */
import type { MovedFrom } from '@specgen/ir';

export interface PrintedLine {
  line: string;
  /** The `source` objects the line prints, in order (as JSON.stringify wrote them). */
  sources: readonly object[];
  /**
   * Where each one's text starts; undefined until the line is first moved (a cold run places
   * nothing), null when they could not be placed.
   */
  at?: readonly number[] | null;
}

/** The places of `printed.sources` in its line, found once; null when one is not where expected. */
export function placesOf(printed: PrintedLine): readonly number[] | null {
  if (printed.at !== undefined) return printed.at;
  const at: number[] = [];
  let from = 0;
  for (const source of printed.sources) {
    const text = sourceText(source);
    const start = text === undefined ? -1 : printed.line.indexOf(text, from);
    if (text === undefined || start === -1) {
      printed.at = null;
      return null;
    }
    at.push(start);
    from = start + text.length;
  }
  printed.at = at;
  return at;
}

export function movedLine(previous: PrintedLine, moved: MovedFrom): PrintedLine | undefined {
  const old = previous.sources;
  const places = placesOf(previous);
  if (places === null || moved.from.length !== moved.to.length) return undefined;
  const replaced = new Map<object, object>();
  for (const [i, from] of moved.from.entries()) replaced.set(from, moved.to[i] as object);
  const parts: string[] = [];
  const sources: object[] = [];
  const at: number[] = [];
  let used = 0;
  let copied = 0;
  let length = 0;
  for (let i = 0; i < old.length; i++) {
    const was = old[i] as object;
    const next = replaced.get(was);
    if (next === undefined) {
      sources.push(was);
      at.push((places[i] as number) + length - copied);
      continue;
    }
    const start = places[i] as number;
    const oldText = sourceText(was);
    const newText = sourceText(next);
    if (oldText === undefined || newText === undefined) return undefined;
    parts.push(previous.line.slice(copied, start));
    length += start - copied;
    at.push(length);
    parts.push(newText);
    length += newText.length;
    copied = start + oldText.length;
    sources.push(next);
    used++;
  }
  if (used !== moved.from.length) return undefined;
  parts.push(previous.line.slice(copied));
  return { line: parts.join(''), sources, at };
}

let lastFile = '';
let lastFileText = '""';

/** `"source":{...}` as JSON.stringify writes a sorted `{ file, line, column }`; undefined for any other object. */
function sourceText(x: object): string | undefined {
  const s = x as Record<string, unknown>;
  const file = s['file'];
  const line = s['line'];
  const column = s['column'];
  if (typeof file !== 'string' || !Number.isInteger(line) || !Number.isInteger(column)) return undefined;
  if (Object.keys(s).length !== 3) return undefined;
  if (file !== lastFile) {
    lastFile = file;
    lastFileText = JSON.stringify(file);
  }
  return `"source":{"column":${column as number},"file":${lastFileText},"line":${line as number}}`;
}
