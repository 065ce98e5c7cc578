/**
 * How `ir.json` states the spec positions (docs/ir.md, "The IR snapshot"): every entry line prints
 * its value without `source`, and the last top-level member, `positions`, states each entry's
 * positions once, as one short text: a position is `line:column`, the first of an entry absolute and
 * each next one's line relative to the one before it (`+1:3`, `-40:5`, `0:7`), followed by `@n` when
 * its file is not the first of `positions.files`. An entry's positions are listed in the order a walk
 * meets its objects: an object's own `source` first, then its other members in sorted key order,
 * array elements in order. Which objects had a `source` is read from the IR schema (snapshot-shapes.ts).
 */
import type { Source } from './schema.ts';

/** The name of the member holding the positions, printed last. */
export const POSITIONS_MEMBER = 'positions';

/** One position's text, its line relative to `previous` (the first of an entry: absolute). */
export function positionToken(s: Source, previous: Source | undefined, files: readonly string[]): string {
  const line =
    previous === undefined
      ? `${s.line}`
      : s.line >= previous.line
        ? `+${s.line - previous.line}`
        : `${s.line - previous.line}`;
  const file = s.file === files[0] ? '' : `@${fileIndex(s.file, files)}`;
  return `${line}:${s.column}${file}`;
}

function fileIndex(file: string, files: readonly string[]): number {
  const i = files.indexOf(file);
  if (i === -1) throw new Error(`positions: ${file} is not among the listed files`);
  return i;
}

/** An entry's positions as one text (tokens separated by a space). */
export function positionsText(positions: readonly Source[], files: readonly string[]): string {
  let text = '';
  for (let i = 0; i < positions.length; i++) {
    const token = positionToken(positions[i] as Source, positions[i - 1], files);
    text = i === 0 ? token : `${text} ${token}`;
  }
  return text;
}

const TOKEN = /^([+-]?)(\d{1,9}):(\d{1,9})(?:@(\d{1,6}))?$/;

/** The positions an entry's text states; throws naming `where` and the token that is not a position. */
export function positionsFromText(text: string, files: readonly string[], where: string): Source[] {
  if (text === '') return [];
  const out: Source[] = [];
  let previous: Source | undefined;
  for (const token of text.split(' ')) {
    const m = TOKEN.exec(token);
    const relative = m?.[1] !== '';
    if (!m || relative !== (previous !== undefined))
      throw new Error(`${where}: "${token}" is not a position (${previous ? 'expected +line:column' : 'line:column'})`);
    const delta = Number(m[2]) * (m[1] === '-' ? -1 : 1);
    const file = m[4] === undefined ? files[0] : files[Number(m[4])];
    if (file === undefined) throw new Error(`${where}: "${token}" names file ${m[4]}, which positions.files lacks`);
    const source = { file, line: previous ? previous.line + delta : delta, column: Number(m[3]) };
    out.push(source);
    previous = source;
  }
  return out;
}
