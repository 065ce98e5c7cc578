/**
 * The text of `ir.json`: the IR with keys sorted at every level, one line per top-level member and
 * one line per element of a top-level array (each resource, endpoint, command... on its own line,
 * as compact JSON), the marker in its `"//"` field, and last the `positions` member: the spec
 * positions, which the lines print without (`source` of @specgen/ir's snapshot-positions.ts), one
 * short text per entry. A field edit changes one line and its positions; a row added above an entry
 * changes only the entry's positions, never its line. The runtime only parses the file
 * (`specFromSnapshot` puts every `source` back).
 *
 * Each element's line is kept between calls by the entry's position-free identity (`stableIdentity`:
 * the incremental parser hands over the same object for an unchanged entry, a twin of it for one
 * that only moved and a new one for a changed one), its positions text by the entry object itself:
 * a row save that moves 600 resources walks them for their positions (a few KB of text) and prints
 * no line again. A one-shot run (`keep` false) prints every line once and keeps nothing.
 */
import { POSITIONS_MEMBER, type Source, type Spec, positionsText, stableIdentity } from '@specgen/ir';
import { type LastText, type Plan, collect, movedText, planOf } from './ir-json-plan.ts';
import { positionsOf, strippedOf } from './ir-json-strip.ts';

export { sortKeys } from './ir-json-strip.ts';

/** An element's line, and where its positions are and its last positions text (ir-json-plan.ts). */
interface LineMemo {
  line: string;
  plan?: Plan | null;
  last: { text?: LastText };
}

/** Each element's line, by the entry's position-free identity. */
const lines = new WeakMap<object, LineMemo>();
/** Each element's positions text (JSON string), by the entry object, with the first file it was written against. */
const positionTexts = new WeakMap<object, { text: string; file: string | undefined }>();

/** Lines written rather than kept; kept for a twin (an entry that only moved); positions texts written. */
export const irJsonStats = { made: 0, kept: 0, twins: 0, positions: 0 };

/** The positions of an entry read along its plan (reused from call to call: nothing keeps it). */
const read: Source[] = [];

/** The line of `value` and its positions text (JSON string), made without memos (a one-shot run). */
function elementOnce(value: object, files: string[]): { line: string; positions: string } {
  const positions: Source[] = [];
  const line = JSON.stringify(strippedOf(value, positions));
  irJsonStats.made++;
  irJsonStats.positions++;
  return { line, positions: JSON.stringify(positionsText(positions, listed(positions, files))) };
}

/** The line of `value` and its positions text (JSON string), both from the memos where they can be. */
function element(value: object, files: string[]): { line: string; positions: string } {
  const identity = stableIdentity(value);
  let memo = lines.get(identity);
  let positions: Source[] | undefined;
  if (memo === undefined) {
    positions = [];
    memo = { line: JSON.stringify(strippedOf(value, positions)), last: {} };
    lines.set(identity, memo);
    irJsonStats.made++;
  } else {
    irJsonStats.kept++;
    if (identity !== value) irJsonStats.twins++;
  }
  let text = positionTexts.get(value);
  if (text === undefined || text.file !== files[0]) {
    if (positions === undefined) positions = positionsAlong(value, memo);
    text = { text: movedText(positions, listed(positions, files), memo.last), file: files[0] };
    // a text naming a file other than the first depends on the order files were met: not kept
    if (positions.every((p) => p.file === files[0])) positionTexts.set(value, text);
    read.length = 0;
    irJsonStats.positions++;
  }
  return { line: memo.line, positions: text.text };
}

/** The positions of `value`, read along the plan of its line (made the first time it is needed). */
function positionsAlong(value: object, memo: LineMemo): Source[] {
  read.length = 0;
  if (memo.plan === undefined) memo.plan = planOf(value);
  if (memo.plan === null || collect(value, memo.plan, read)) return read;
  // not the shape its line was printed from: read it all
  read.length = 0;
  positionsOf(value, read);
  return read;
}

/** `files` with the files of `positions` it lacks added. */
function listed(positions: readonly Source[], files: string[]): string[] {
  for (const p of positions) if (!files.includes(p.file)) files.push(p.file);
  return files;
}

/**
 * `ir.json` as fragments (generate-core chunks.ts): each element's line and each positions text is a
 * memo's string, so a watch edit gives the same fragments as the last call's but for what it changed.
 */
export function irJsonChunks(marker: string, spec: Spec, keep = true): string[] {
  const parts: string[] = [];
  irJsonInto(parts, marker, spec, keep);
  return parts;
}

/**
 * The fragments of `irJsonChunks` pushed into `parts` in order: a list, or (a one-shot run into a new
 * folder) generate-core's `ByteStream`, which writes the file as it is made.
 */
export function irJsonInto(
  parts: { push(...texts: string[]): unknown },
  marker: string,
  spec: Spec,
  keep = true,
): void {
  const print = keep ? element : elementOnce;
  parts.push(`{\n"//":${JSON.stringify(marker)}`);
  const files = [spec.source.file];
  const positionParts: string[] = [];
  const record = spec as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    const value = record[key];
    if (value === undefined || key === 'source') continue;
    const name = JSON.stringify(key);
    if (!Array.isArray(value) || value.length === 0) {
      const positions: Source[] = [];
      parts.push(`,\n${name}:${JSON.stringify(strippedOf(value, positions))}`);
      if (positions.length > 0)
        positionParts.push(`,\n${name}:${JSON.stringify(positionsText(positions, listed(positions, files)))}`);
      continue;
    }
    parts.push(`,\n${name}:[\n`);
    const start = positionParts.length;
    let positioned = false;
    positionParts.push(`,\n${name}:[\n`);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const printed =
        item === null || typeof item !== 'object'
          ? { line: JSON.stringify(item), positions: '""' }
          : print(item, files);
      parts.push(i > 0 ? ',\n' : '', printed.line);
      positionParts.push(i > 0 ? ',\n' : '', printed.positions);
      if (printed.positions !== '""') positioned = true;
    }
    parts.push('\n]');
    // a list without any position (the versions) states none
    if (positioned) positionParts.push('\n]');
    else positionParts.length = start;
  }
  const own = JSON.stringify(positionsText([spec.source], files));
  parts.push(`,\n"${POSITIONS_MEMBER}":{\n"files":${JSON.stringify(files)},\n"source":${own}`, ...positionParts);
  parts.push('\n}\n}\n');
}

/** `ir.json` with its final newline, as one text. */
export function irJsonText(marker: string, spec: Spec): string {
  return irJsonChunks(marker, spec).join('');
}
