/**
 * Identity between parses without positions. The incremental parser hands over the same object for
 * an entry whose text did not change (docs/ir.md); an entry whose lines only moved (a row added above
 * it) is a new object, since its `source` positions are part of its value. The parser records such an
 * entry here as a twin of the previous one, so that a generator that prints no positions (every one:
 * `ir.json` states its positions apart from its entry lines) can key its memo by `stableIdentity(entry)`
 * and reuse what it built for the entry before it moved.
 */
const firstOf = new WeakMap<object, object>();

/** The first object of this entry's value (ignoring `source` positions) the parser handed over; else the entry. */
export function stableIdentity<T extends object>(entry: T): T {
  return (firstOf.get(entry) as T | undefined) ?? entry;
}

/**
 * Parser only: `moved` equals `previous` but for `source` positions, at any depth. Recorded for the
 * entries of the spec's arrays (resources, structures, endpoints...), not for the objects inside them.
 */
export function markMoved(moved: object, previous: object): void {
  firstOf.set(moved, stableIdentity(previous));
}
