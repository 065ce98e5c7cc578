/**
 * Structural sharing between two parses: every part of the new IR that is deep-equal to the part of
 * the previous IR in the same place (same property; in an array, the entry of the same kind and
 * name, id or title, else the same index) is replaced by the previous object. Deep-equal includes
 * source positions and the order of properties, so the result is always deep-equal to `next`.
 * A new object equal to its counterpart but for `source` positions (its lines moved) is recorded as
 * that counterpart's twin (`markMoved`; generators that print no positions key by `stableIdentity`).
 */

import { markMoved, stableIdentity } from '@specgen/ir';

type Node = Record<string, unknown> | unknown[];

const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null;

/** `next`, with each subtree deep-equal to its counterpart in `previous` replaced by that counterpart. */
export function shareUnchanged<T>(previous: T, next: T): T {
  return share(previous, next) as T;
}

function share(prev: unknown, next: unknown): unknown {
  if (prev === next || !isNode(prev) || !isNode(next)) return next;
  if (Array.isArray(next)) return Array.isArray(prev) ? shareArray(prev, next) : next;
  if (Array.isArray(prev)) return next;
  const keys = Object.keys(next);
  const prevKeys = Object.keys(prev);
  let same = keys.length === prevKeys.length;
  // equal but for `source` positions (at any depth): a twin of `prev` (identity.ts of @specgen/ir)
  let moved = same;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const value = share(prev[k], next[k]);
    if (same && (prevKeys[i] !== k || value !== prev[k])) same = false;
    if (moved && (prevKeys[i] !== k || !(k === 'source' || sameBesidePositions(value, prev[k])))) moved = false;
    out[k] = value;
  }
  if (same) return prev;
  if (moved) markMoved(out, prev);
  return out;
}

const sameBesidePositions = (a: unknown, b: unknown) =>
  a === b || (isNode(a) && isNode(b) && stableIdentity(a) === stableIdentity(b));

function shareArray(prev: unknown[], next: unknown[]): unknown[] {
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
    const value = share(counterpart, x);
    if (same && value !== prev[i]) same = false;
    if (moved && !sameBesidePositions(value, prev[i])) moved = false;
    return value;
  });
  if (same) return prev;
  if (moved) markMoved(out, prev);
  return out;
}

/** `resource:ProductRecords`, `endpoint:totpLogin`: what an IR entry is called; null when it has no name. */
function entryKey(x: unknown): string | null {
  if (!isNode(x) || Array.isArray(x)) return null;
  const name = x.name ?? x.id ?? x.title;
  return typeof x.kind === 'string' && typeof name === 'string' ? `${x.kind}:${name}` : null;
}
