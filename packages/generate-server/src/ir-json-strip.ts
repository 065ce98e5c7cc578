/**
 * The IR as `ir.json` prints it: keys sorted at every level, and without the `source` positions,
 * which are listed apart in the order the snapshot's reader puts them back (an object's own `source`
 * first, then its other members in sorted key order, array elements in order: snapshot-positions.ts
 * of @specgen/ir).
 */
import type { Source } from '@specgen/ir';

/** Object keys sorted at every level, so the file does not depend on the order a producer used. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of shapeOf(value).all) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}

/** An object's keys, in order; sorted without `source`; whether they are in that order; whether it has a `source`. */
export interface Shape {
  keys: string[];
  /** All its keys sorted, `source` too. */
  all: string[];
  sorted: string[];
  inOrder: boolean;
  sourced: boolean;
  /** The shape the object at each of `sorted`'s keys had last (a hint for the next object of this shape). */
  next: (Shape | undefined)[];
}

/**
 * The IR has a few object shapes repeated thousands of times: each shape's key order is sorted once.
 * Shapes are found by comparing key lists (by length, then key by key) rather than by a string made
 * of the keys, which cost as much as the sort it saved.
 */
const shapesByLength = new Map<number, Shape[]>();
const SHAPES_PER_LENGTH = 64;

export function shapeOf(value: object): Shape {
  const keys = Object.keys(value);
  let shapes = shapesByLength.get(keys.length);
  if (shapes === undefined) {
    shapes = [];
    shapesByLength.set(keys.length, shapes);
  }
  for (const shape of shapes) if (sameKeys(shape.keys, keys)) return shape;
  const sourced = keys.includes('source');
  const sorted = keys.filter((k) => k !== 'source').sort();
  const inOrder = !sourced && sameKeys(keys, sorted);
  const shape: Shape = { keys, all: [...keys].sort(), sorted, inOrder, sourced, next: [] };
  if (shapes.length < SHAPES_PER_LENGTH) shapes.push(shape);
  return shape;
}

/**
 * `shapeOf(value)`, checked first against `hint` (the shape of the object met last at the same place
 * of the same shape, or of the array item before) by walking the keys without listing them: the IR's
 * objects of one place have one shape, and `Object.keys` of each of 126,000 objects was 11 MB of
 * arrays a cold run.
 */
function shapeFrom(value: object, hint: Shape | undefined): Shape {
  if (hint !== undefined) {
    const keys = hint.keys;
    let i = 0;
    for (const k in value) {
      if (keys[i] !== k) {
        i = -1;
        break;
      }
      i++;
    }
    if (i === keys.length) return hint;
  }
  return shapeOf(value);
}

/** The shape `strippedOf` used for the object it was given last (undefined after an array or scalar). */
let lastShape: Shape | undefined;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The object's `source` when it is a position (the parser writes `{ file, line, column }`). */
function ownSource(record: Record<string, unknown>): Source | undefined {
  const s = record['source'];
  return typeof s === 'object' && s !== null ? (s as Source) : undefined;
}

/**
 * What JSON.stringify writes as `value` with sorted keys and no `source`, each `source` met added to
 * `positions`, copying only what it must: an array or an object whose keys are already in order
 * (and hold no `source`) is itself when nothing inside it is copied.
 */
export function strippedOf(value: unknown, positions: Source[], hint?: Shape): unknown {
  lastShape = undefined;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    let itemHint: Shape | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const copy = strippedOf(item, positions, itemHint);
      if (lastShape !== undefined) itemHint = lastShape;
      if (out === undefined) {
        if (copy === item) continue;
        out = value.slice(0, i);
      }
      out.push(copy);
    }
    lastShape = undefined;
    return out ?? value;
  }
  const shape = shapeFrom(value, hint);
  const record = value as Record<string, unknown>;
  if (shape.sourced) {
    const source = ownSource(record);
    if (source) positions.push(source);
  }
  const keys = shape.sorted;
  const next = shape.next;
  let out: Record<string, unknown> | undefined = shape.inOrder ? undefined : {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = record[k];
    let copy = v;
    if (v !== null && typeof v === 'object') {
      copy = strippedOf(v, positions, next[i]);
      if (lastShape !== undefined) next[i] = lastShape;
    }
    if (out === undefined) {
      if (copy === v) continue;
      out = {};
      for (let j = 0; j < i; j++) out[keys[j] as string] = record[keys[j] as string];
    }
    out[k] = copy;
  }
  lastShape = shape;
  return out ?? value;
}

/** The `source` positions `strippedOf(value)` would list, without copying anything. */
export function positionsOf(value: unknown, positions: Source[]): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) positionsOf(value[i], positions);
    return;
  }
  const shape = shapeOf(value);
  const record = value as Record<string, unknown>;
  if (shape.sourced) {
    const source = ownSource(record);
    if (source) positions.push(source);
  }
  const keys = shape.sorted;
  for (let i = 0; i < keys.length; i++) {
    const v = record[keys[i] as string];
    if (v !== null && typeof v === 'object') positionsOf(v, positions);
  }
}
