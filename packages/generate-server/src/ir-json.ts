/**
 * The text of `ir.json`: the IR with keys sorted at every level, one line per top-level member and
 * one line per element of a top-level array (each resource, endpoint, command... on its own line,
 * as compact JSON), the marker in its `"//"` field. A field edit changes one line; the file is about
 * half the size of the two-space pretty form (14.7 against 30.4 MB on the 600-resource synthetic
 * spec), which the runtime only parses.
 *
 * Each element's line is kept between calls by the identity of its IR object: the IR is never
 * changed in place (the incremental parser hands over the same object for an unchanged section and
 * a new one for a changed one), so a watch edit sorts and writes the one element it changed.
 *
 * An entry that only moved (lines added or removed above it) is a new object with new positions:
 * its line is the previous object's with the `source` positions rewritten (moved-line.ts).
 */
import { type Spec, movedFrom } from '@specgen/ir';
import { type PrintedLine, movedLine } from './moved-line.ts';

/** Object keys sorted at every level, so the file does not depend on the order a producer used. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of shapeOf(value).sorted) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}

/** An object's keys, in order and sorted, whether they are already sorted, and whether they are a parser's `source`. */
interface Shape {
  keys: string[];
  sorted: string[];
  inOrder: boolean;
  position: boolean;
}

/**
 * The IR has a few object shapes repeated thousands of times: each shape's key order is sorted once.
 * Shapes are found by comparing key lists (by length, then key by key) rather than by a string made
 * of the keys, which cost as much as the sort it saved (about 40% less CPU for ir.json).
 */
const shapesByLength = new Map<number, Shape[]>();
const SHAPES_PER_LENGTH = 64;

function shapeOf(value: object): Shape {
  const keys = Object.keys(value);
  let shapes = shapesByLength.get(keys.length);
  if (shapes === undefined) {
    shapes = [];
    shapesByLength.set(keys.length, shapes);
  }
  for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape;
  const sorted = [...keys].sort();
  const position = keys.length === 3 && sameKeys(keys, POSITION_KEYS);
  const shape = { keys, sorted, inOrder: sameKeys(keys, sorted), position };
  if (shapes.length < SHAPES_PER_LENGTH) shapes.push(shape);
  return shape;
}

/** The keys of a `source` as the parser writes it (shift.ts). */
const POSITION_KEYS = ['file', 'line', 'column'];

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Each element's line, and how many `source` objects it prints (for a moved entry: moved-line.ts). */
const lines = new WeakMap<object, PrintedLine>();

/** How many element lines were written rather than kept, and of those how many moved (tests check the memo hits). */
export const irJsonStats = { made: 0, kept: 0, moved: 0 };

function elementLine(value: object): string {
  let printed = lines.get(value);
  if (printed === undefined) {
    // An entry that only moved: the line of its previous object with the positions rewritten.
    const from = movedFrom(value);
    const previous = from && lines.get(from.previous);
    printed = from && previous ? movedLine(previous, from) : undefined;
    if (printed === undefined) {
      sourceCount = 0;
      const line = JSON.stringify(sortKeysCountingSources(value));
      printed = { line, count: sourceCount };
    } else irJsonStats.moved++;
    lines.set(value, printed);
    irJsonStats.made++;
  } else irJsonStats.kept++;
  return printed.line;
}

/** How many objects under a `source` key the last `sortKeysCountingSources` met. */
let sourceCount = 0;

/**
 * What JSON.stringify writes as `sortKeys(value)`, counting the objects under a `source` key, copying
 * only what it must (a cold run's `ir.json` copied 215,000 objects): an array or an object whose keys
 * are already in order is itself when nothing inside it is copied, and a parser's position
 * `{ file, line, column }` is copied as one literal.
 */
function sortKeysCountingSources(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const copy = sortKeysCountingSources(item);
      if (out === undefined) {
        if (copy === item) continue;
        out = value.slice(0, i);
      }
      out.push(copy);
    }
    return out ?? value;
  }
  const shape = shapeOf(value);
  const record = value as Record<string, unknown>;
  if (shape.position) {
    const { file, line, column } = record;
    if (typeof file === 'string' && typeof line === 'number' && typeof column === 'number')
      return { column, file, line };
  }
  const keys = shape.sorted;
  let out: Record<string, unknown> | undefined = shape.inOrder ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = record[k];
    if (k === 'source' && typeof v === 'object' && v !== null) sourceCount++;
    const copy = sortKeysCountingSources(v);
    if (out === undefined) {
      if (copy === v) continue;
      out = {};
      for (let j = 0; j < i; j++) out[keys[j] as string] = record[keys[j] as string];
    }
    out[k] = copy;
  }
  return out ?? value;
}

/**
 * `ir.json` as fragments (generate-core chunks.ts): each element's line is the memo's string, so a
 * watch edit gives the same fragments as the last call's but for the elements it changed.
 */
export function irJsonChunks(marker: string, spec: Spec): string[] {
  const parts = [`{\n"//":${JSON.stringify(marker)}`];
  const record = spec as unknown as Record<string, unknown>;
  for (const key of Object.keys(record).sort()) {
    const value = record[key];
    if (value === undefined) continue;
    const name = JSON.stringify(key);
    if (!Array.isArray(value) || value.length === 0) parts.push(`,\n${name}:${JSON.stringify(sortKeys(value))}`);
    else {
      parts.push(`,\n${name}:[\n`);
      for (let i = 0; i < value.length; i++) {
        const element: unknown = value[i];
        const line = element === null || typeof element !== 'object' ? JSON.stringify(element) : elementLine(element);
        parts.push(i > 0 ? ',\n' : '', line);
      }
      parts.push('\n]');
    }
  }
  parts.push('\n}\n');
  return parts;
}

/** `ir.json` with its final newline, as one text. */
export function irJsonText(marker: string, spec: Spec): string {
  return irJsonChunks(marker, spec).join('');
}
