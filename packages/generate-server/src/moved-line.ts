/**
 * The `ir.json` line of an IR entry that only moved (lines added or removed above it), made from the
 * line of the entry it moved from by rewriting its `source` positions, instead of sorting and
 * writing the whole entry again (a row added near the top of a large spec moves hundreds of
 * resources, each 10-30 KB of JSON).
 *
 * The parser records which `source` objects of the previous entry became which new ones
 * (`movedFrom` of @specgen/ir); the previous line was written together with the list of the
 * `source` objects it prints, in the order it prints them. Each `"source":{...}` text of the line
 * (keys sorted: column, file, line) is checked against that list and replaced by the new object's
 * text. Anything unexpected gives `undefined` and the caller writes the line from scratch: a text
 * that is not the listed object's, a source that is not exactly `{ file, line, column }`, counts
 * that differ, or a replaced source the line does not print.
 */
import type { MovedFrom } from '@specgen/ir';

const SOURCE_TEXT = /"source":\{"column":(\d+),"file":("(?:[^"\\]|\\.)*"),"line":(\d+)\}/g;

export interface PrintedLine {
  line: string;
  /** The `source` objects the line prints, in order. */
  sources: readonly object[];
}

export function movedLine(previous: PrintedLine, moved: MovedFrom): PrintedLine | undefined {
  const replaced = new Map<object, object>();
  if (moved.from.length !== moved.to.length) return undefined;
  for (const [i, from] of moved.from.entries()) replaced.set(from, moved.to[i] as object);
  const sources: object[] = [];
  let used = 0;
  let ok = true;
  const line = previous.line.replace(SOURCE_TEXT, (text, column: string, file: string, at: string) => {
    const old = previous.sources[sources.length] as Record<string, unknown> | undefined;
    if (
      old === undefined ||
      !isPosition(old) ||
      old['line'] !== Number(at) ||
      old['column'] !== Number(column) ||
      fileText(old['file'] as string) !== file
    ) {
      ok = false;
      return text;
    }
    const next = replaced.get(old) ?? old;
    sources.push(next);
    if (next === old) return text;
    used++;
    if (!isPosition(next)) {
      ok = false;
      return text;
    }
    const { file: nextFile, line: nextLine, column: nextColumn } = next as Record<string, number | string>;
    return `"source":{"column":${nextColumn},"file":${fileText(nextFile as string)},"line":${nextLine}}`;
  });
  return ok && sources.length === previous.sources.length && used === moved.from.length
    ? { line, sources }
    : undefined;
}

let lastFile = '';
let lastFileText = '""';

function fileText(file: string): string {
  if (file !== lastFile) {
    lastFile = file;
    lastFileText = JSON.stringify(file);
  }
  return lastFileText;
}

/** Exactly `{ file, line, column }` (what the line's pattern matches, keys sorted). */
function isPosition(x: object): boolean {
  const s = x as Record<string, unknown>;
  return (
    typeof s['file'] === 'string' &&
    Number.isInteger(s['line']) &&
    Number.isInteger(s['column']) &&
    Object.keys(s).length === 3
  );
}
