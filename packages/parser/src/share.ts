/**
 * Structural sharing between two parses: every part of the new IR that is deep-equal to the part of
 * the previous IR in the same place (same property; in an array, the entry of the same kind and
 * name, id or title, else the same index) is replaced by the previous object. Deep-equal includes
 * source positions and the order of properties, so the result is always deep-equal to `next`.
 * A new IR entry (an element of one of the spec's arrays: a resource, structure, endpoint...) equal
 * to its counterpart but for `source` positions (its lines moved) is recorded as that counterpart's
 * twin (`markMoved`; generators that print no positions key by `stableIdentity`). Deeper objects
 * (fields, 30,000 on a large spec) are not recorded: no generator keys by them, and a twin table
 * entry each cost more than the rest of the sharing.
 */

import { markMoved } from '@specgen/ir';

type Node = Record<string, unknown> | unknown[];

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null;

/**
 * Set by every `share` call: whether the value it returned equals its `prev` but for `source`
 * positions (or is `prev`). A flag rather than a second return value or a lookup of the twin table
 * per node: a row added above 300 resources walks about 100,000 moved nodes.
 */
let movedOnly = false;

/** Depth of an IR entry: the spec (0), one of its arrays (1), an element of that array (2). */
const ENTRY_DEPTH = 2;

/**
 * Entries made from an entry of the previous IR by moving its positions (relocate.ts): sharing hands
 * such an entry over as a twin of that previous entry without walking it.
 */
const relocations = new WeakMap<object, object>();

/** Records that `entry` is `previous` with some `source` objects replaced, and nothing else. */
export function recordRelocation(entry: object, previous: object): void {
  relocations.set(entry, previous);
}

/** `next` shared with `prev` as inside an entry (for relocate.ts). */
export function shareInside(prev: unknown, next: unknown): unknown {
  return share(prev, next, ENTRY_DEPTH + 1);
}

/** `next`, with each subtree deep-equal to its counterpart in `previous` replaced by that counterpart. */
export function shareUnchanged<T>(previous: T, next: T): T {
  return share(previous, next, 0) as T;
}

function share(prev: unknown, next: unknown, depth: number): unknown {
  if (prev === next) {
    movedOnly = true;
    return next;
  }
  movedOnly = false;
  if (!isNode(prev) || !isNode(next)) return next;
  if (depth === ENTRY_DEPTH) {
    const relocated = relocations.get(next);
    // Looked at once: kept, the record would hold the previous entry (and its own record) in memory.
    if (relocated) relocations.delete(next);
    if (relocated === prev) {
      markMoved(next, prev);
      movedOnly = true;
      return next;
    }
  }
  if (Array.isArray(next)) return Array.isArray(prev) ? shareArray(prev, next, depth) : next;
  if (Array.isArray(prev)) return next;
  const keys = Object.keys(next);
  const prevKeys = Object.keys(prev);
  let same = keys.length === prevKeys.length;
  // equal but for `source` positions (at any depth): a twin of `prev` (identity.ts of @specgen/ir)
  let moved = same;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const value = share(prev[k], next[k], depth + 1);
    if (same && (prevKeys[i] !== k || value !== prev[k])) same = false;
    if (moved && (prevKeys[i] !== k || !(k === 'source' || movedOnly))) moved = false;
    out[k] = value;
  }
  movedOnly = moved;
  if (depth !== ENTRY_DEPTH) return same ? prev : out;
  if (moved && !same && typeof out['kind'] === 'string') markMoved(out, prev);
  return same ? prev : out;
}

function shareArray(prev: unknown[], next: unknown[], depth: number): unknown[] {
  let byKey: Map<string, unknown> | null = null;
  let same = prev.length === next.length;
  let moved = same;
  const out = next.map((x, i) => {
    let counterpart = prev[i];
    const key = entryKey(x);
    if (key !== null && entryKey(counterpart) !== key) {
      byKey ??= new Map(prev.map((p) => [entryKey(p) ?? '', p]));
      counterpart = byKey.get(key);
    }
    const value = share(counterpart, x, depth + 1);
    if (same && value !== prev[i]) same = false;
    // a twin of the entry at the same index (the one `prev[i]` holds)
    if (moved && !(movedOnly && counterpart === prev[i])) moved = false;
    return value;
  });
  movedOnly = moved;
  return same ? prev : out;
}

/** `resource:ProductRecords`, `endpoint:totpLogin`: what an IR entry is called; null when it has no name. */
function entryKey(x: unknown): string | null {
  if (!isNode(x) || Array.isArray(x)) return null;
  const name = x.name ?? x.id ?? x.title;
  return typeof x.kind === 'string' && typeof name === 'string' ? `${x.kind}:${name}` : null;
}
