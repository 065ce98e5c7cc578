/**
 * Identity between parses without positions. The incremental parser hands over the same object for
 * an entry whose text did not change (docs/ir.md); an entry whose lines only moved (a row added above
 * it) is a new object, since its `source` positions are part of its value. The parser records such an
 * entry here as a twin of the previous one, so that a generator that prints no positions can key its
 * memo by `stableIdentity(entry)` and reuse what it built for the entry before it moved; and, for a
 * generator that prints positions, which `source` objects of the previous entry became which new ones
 * (`movedFrom`), so it can rewrite the positions in what it printed instead of printing it again.
 */
const firstOf = new WeakMap<object, object>();

/** An entry that only moved: the entry of the previous parse and the `source` objects that changed. */
export interface MovedFrom {
  previous: object;
  /** `source` objects of `previous` (at any depth) that are not in the moved entry... */
  from: readonly object[];
  /** ... and the moved entry's source object at the same place, index for index. */
  to: readonly object[];
}

const movedFromOf = new WeakMap<object, MovedFrom>();

/** The first object of this entry's value (ignoring `source` positions) the parser handed over; else the entry. */
export function stableIdentity<T extends object>(entry: T): T {
  return (firstOf.get(entry) as T | undefined) ?? entry;
}

/** For an entry the parser saw only move: the previous entry and the positions that changed. */
export function movedFrom(entry: object): MovedFrom | undefined {
  return movedFromOf.get(entry);
}

/**
 * Parser only: `moved` equals `previous` but for `source` positions, at any depth. Recorded for the
 * entries of the spec's arrays (resources, structures, endpoints...), not for the objects inside them.
 * `positions`: every `source` object of `previous` that `moved` does not share, with its replacement.
 */
export function markMoved(moved: object, previous: object, positions?: { from: object[]; to: object[] }): void {
  firstOf.set(moved, stableIdentity(previous));
  if (positions) movedFromOf.set(moved, { previous, ...positions });
  // What `previous` moved from served the run that printed it. Kept, it would hold every earlier
  // version of an entry that moves again and again in memory (the moved entry holds `previous`).
  movedFromOf.delete(previous);
}
