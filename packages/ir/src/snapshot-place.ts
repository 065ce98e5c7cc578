/**
 * Puts the positions of a snapshot's `positions` member (snapshot-positions.ts) back into its
 * entries, in place: each object of the IR schema that has a `source` gets the next position of its
 * entry, in the order the printer met them. Throws naming the first thing that does not fit: a
 * member without its positions or positions without their member, an entry with more or fewer
 * positions than it has objects to place them in, a text that is not positions, an entry that still
 * prints a `source` of its own.
 */
import type { Source } from './schema.ts';
import { positionsFromText } from './snapshot-positions.ts';
import { sourcedShape } from './snapshot-shapes.ts';

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export function placePositions(body: Json, positions: unknown): void {
  if (!isObject(positions)) throw new Error('positions: expected an object');
  const files = positions['files'];
  if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === 'string'))
    throw new Error('positions.files: expected a list of file names');
  for (const key of Object.keys(positions))
    if (key !== 'files' && key !== 'source' && !(key in body))
      throw new Error(`positions.${key}: the snapshot has no member ${key}`);
  if ('source' in body) throw new Error('the snapshot prints its own source as well');
  const own = positionsOf(positions['source'], files, 'positions.source');
  if (own.length !== 1) throw new Error(`positions.source: ${own.length} positions for the spec's one`);
  body['source'] = own[0];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'source' || value === null || typeof value !== 'object') continue;
    const texts = positions[key];
    if (!Array.isArray(value)) {
      place(value, texts === undefined ? [] : positionsOf(texts, files, `positions.${key}`), key);
      continue;
    }
    if (texts === undefined) {
      for (let i = 0; i < value.length; i++) place(value[i], [], `${key}[${i}]`);
      continue;
    }
    if (!Array.isArray(texts) || texts.length !== value.length)
      throw new Error(`positions.${key}: expected ${value.length} texts, one per entry of ${key}`);
    for (let i = 0; i < value.length; i++)
      place(value[i], positionsOf(texts[i], files, `positions.${key}[${i}]`), `${key}[${i}]`);
  }
}

function positionsOf(text: unknown, files: string[], where: string): Source[] {
  if (typeof text !== 'string') throw new Error(`${where}: expected a text of positions`);
  return positionsFromText(text, files, where);
}

/** Places `list` in `entry`'s objects, in walk order; throws when they are not as many. */
function place(entry: unknown, list: Source[], where: string): void {
  const state = { list, next: 0, where };
  walk(entry, state);
  if (state.next !== list.length)
    throw new Error(`positions for ${where}: ${list.length} positions for ${state.next} places`);
}

interface State {
  list: Source[];
  next: number;
  where: string;
}

function walk(value: unknown, state: State): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, state);
    return;
  }
  const record = value as Json;
  const shape = shapeOf(record);
  if (shape.hasSource) throw new Error(`${state.where} prints a source of its own as well`);
  if (shape.sourced) {
    const source = state.list[state.next++];
    if (source === undefined)
      throw new Error(`positions for ${state.where}: ${state.list.length} positions for more places`);
    record['source'] = source;
  }
  const keys = shape.sorted;
  for (const k of keys) walk(record[k], state);
}

/** An object's keys as met, sorted, whether they name an IR object that has a `source`, whether `source` is one. */
interface Shape {
  keys: string[];
  sorted: string[];
  sourced: boolean;
  hasSource: boolean;
}

/** The shapes met, by key count: a snapshot has a few shapes repeated thousands of times. */
const shapes = new Map<number, Shape[]>();

function shapeOf(record: Json): Shape {
  const keys = Object.keys(record);
  let list = shapes.get(keys.length);
  if (list === undefined) {
    list = [];
    shapes.set(keys.length, list);
  }
  for (const shape of list) if (sameKeys(shape.keys, keys)) return shape;
  const sorted = [...keys].sort();
  const shape = { keys, sorted, sourced: sourcedShape(sorted), hasSource: keys.includes('source') };
  if (list.length < 64) list.push(shape);
  return shape;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
