/**
 * An empty object for values keyed by HTTP status ("200", "404"). Such keys are array indexes,
 * which V8 keeps in an elements store: added one by one to a plain `{}`, that store is a holey
 * array of about 1.5 times the largest status (617 slots, 5 kB, for 200..404, after a first one of
 * 317), while an object whose first index key came from a literal keeps them in a dictionary
 * (about 0.3 kB). Every route and every operation of a large spec has such an object (1,200 of
 * each on the 600-resource spec). The keys, their order (ascending) and JSON are the same.
 * A spread copy (`{ ...map }`) is a plain object again.
 */
export function statusMap<T>(): Record<string, T> {
  const map: Record<string, T | undefined> = { 999: undefined };
  delete map[999];
  return map as Record<string, T>;
}
