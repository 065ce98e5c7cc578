/**
 * Names of the constants of `schemas.ts` (shared-literals.ts), made from a value's contents alone,
 * so that a constant keeps its name whatever else the file holds and wherever the value first
 * occurs: `s` and base-36 digits of a 64-bit hash of the value (its keys, its scalars' JSON texts,
 * and the hashes of the objects and arrays it holds). Distinct values whose digits are the same are
 * told apart by `compareContent`, an order of their contents: the first keeps the bare name, the
 * others get `_1`, `_2`, ... (with 8 digits and the 4,300 constants of the dense 600-resource
 * spec, about one chance in 300,000 that any two collide).
 */

/** An object or array of the table: its keys (JSON texts) and items (scalars' JSON texts, or children). */
export interface Content {
  array: boolean;
  keys: readonly string[];
  items: readonly (Content | string)[];
  /** The two 32-bit halves of the hash, made when first asked for (most values are never asked). */
  hash: { high: number; low: number } | undefined;
}

/** A character, or any 32-bit value, into the two lanes (FNV-1a and a multiply-xorshift). */
let high = 0;
let low = 0;
const mix = (value: number) => {
  high = Math.imul(high ^ value, 0x01000193);
  low = Math.imul(low ^ value, 0x5bd1e995);
  low ^= low >>> 15;
};

const mixText = (text: string) => {
  // `mix` written out: a call per character was most of the hashing (a cold run's code is seldom
  // optimized enough to inline it).
  let h = high;
  let l = low;
  for (let i = 0; i < text.length; i++) {
    const value = text.charCodeAt(i);
    h = Math.imul(h ^ value, 0x01000193);
    l = Math.imul(l ^ value, 0x5bd1e995);
    l ^= l >>> 15;
  }
  high = h;
  low = l;
  // An end mark no character has (JSON texts delimit themselves; this keeps keys and items apart).
  mix(0x10000);
};

/** murmur3's finalizer: every bit of the lane depends on every bit of its input. */
const finish = (h: number) => {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * Sets the hash of `node` from its keys and items (children hashed first), unless it has one: only
 * the constants and what is inside them are hashed, not every value of the table.
 */
export function hash(node: Content): void {
  if (node.hash !== undefined) return;
  const { array, keys, items } = node;
  for (const item of items) if (typeof item !== 'string') hash(item);
  high = 0x811c9dc5;
  low = 0x9747b28c;
  mix(array ? 0x20001 : 0x20002);
  for (let i = 0; i < items.length; i++) {
    if (!array) mixText(keys[i]!);
    const item = items[i]!;
    if (typeof item === 'string') mixText(item);
    else {
      mix(0x20003);
      mix(item.hash!.high);
      mix(item.hash!.low);
    }
  }
  node.hash = { high: finish(high), low: finish(low ^ Math.imul(high, 0x27d4eb2d)) };
}

/** `digits` base-36 digits of the hash of `node` (at most 10: 53 bits). */
export function nameDigits(node: Content, digits: number): string {
  hash(node);
  const { high: h, low: l } = node.hash!;
  const value = h * 2 ** 21 + (l >>> 11);
  return (value % 36 ** digits).toString(36).padStart(digits, '0');
}

/** An order of distinct contents (0 only for the same value): arrays first, then shorter, then item by item. */
export function compareContent(a: Content, b: Content): number {
  if (a === b) return 0;
  if (a.array !== b.array) return a.array ? -1 : 1;
  if (a.items.length !== b.items.length) return a.items.length - b.items.length;
  for (let i = 0; i < a.items.length; i++) {
    if (!a.array && a.keys[i] !== b.keys[i]) return a.keys[i]! < b.keys[i]! ? -1 : 1;
    const x = a.items[i]!;
    const y = b.items[i]!;
    if (typeof x === 'string' || typeof y === 'string') {
      if (typeof x !== typeof y) return typeof x === 'string' ? -1 : 1;
      if (x !== y) return (x as string) < (y as string) ? -1 : 1;
      continue;
    }
    const order = compareContent(x, y);
    if (order !== 0) return order;
  }
  return 0;
}
