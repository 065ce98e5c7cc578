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
export interface MovedFrom extends MovedPositions {
  previous: object;
}

/** The `source` objects of a previous entry that a moved entry replaced. */
export interface MovedPositions {
  /** `source` objects of `previous` (at any depth) that are not in the moved entry... */
  from: readonly object[];
  /** ... and the moved entry's source object at the same place, index for index. */
  to: readonly object[];
  /**
   * Set when every `source` of `previous` was replaced by a `{ file, line, column }` of the same file
   * and column, `lines` further: `count` is how many (one per place `previous` holds one). `from` and
   * `to` are then not recorded (empty): a row added above 600 resources replaces about 60,000
   * sources, all by one line.
   */
  shift?: { readonly lines: number; readonly count: number };
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
 * `positions`: every `source` object of `previous` that `moved` does not share, with its replacement
 * (or, when they all moved alike, how many and by how many lines).
 */
export function markMoved(moved: object, previous: object, positions?: MovedPositions): void {
  firstOf.set(moved, stableIdentity(previous));
  if (positions) {
    const { from, to, shift } = positions;
    movedFromOf.set(moved, shift ? { previous, from, to, shift } : { previous, from, to });
  }
  // What `previous` moved from served the run that printed it. Kept, it would hold every earlier
  // version of an entry that moves again and again in memory (the moved entry holds `previous`).
  movedFromOf.delete(previous);
}
