/**
 * Whether two JSON values are the same, property order included: what comparing their
 * `JSON.stringify` texts would tell, without writing either. `skipKey`: a property name left out of
 * the comparison at every depth (the parser compares facts but for their `source` positions).
 * The parser (relocate.ts, resolve-resources.ts) and the contract's patched document build
 * (document-patch.ts) compare with it.
 */
export function sameJson(x: unknown, y: unknown, skipKey?: string): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  // Arrays by index: `Object.keys` of an array makes a string of each index (the parser compares
  // 600 status enumerations' values on a row edit).
  if (Array.isArray(x)) {
    const other = y as unknown[];
    if (x.length !== other.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJson(x[i], other[i], skipKey)) return false;
    return true;
  }
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (k !== other[i]) return false;
    if (k !== skipKey && !sameJson(a[k], b[k], skipKey)) return false;
  }
  return true;
}
