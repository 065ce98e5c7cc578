/** Pairs removed and added fields of the same type (text, nullability, array) as possible renames. */
import type { Field } from '@specgen/ir';

export interface Rename {
  before: Field;
  after: Field;
}

/**
 * The most similar pairs first, each field in at most one pair. The order of the candidates does not
 * depend on which side is "removed" (the score is symmetric, ties are broken by the two names), so
 * the diff of B against A pairs exactly what the diff of A against B pairs. Returned in the order of
 * `removed`.
 */
export function pairRenames(removed: Field[], added: Field[]): Rename[] {
  const candidates: Array<Rename & { score: number; names: string }> = [];
  for (const before of removed) {
    for (const after of added) {
      if (after.type.text !== before.type.text) continue;
      const names = before.name < after.name ? `${before.name}\0${after.name}` : `${after.name}\0${before.name}`;
      candidates.push({ before, after, score: similarity(before.name, after.name), names });
    }
  }
  candidates.sort((x, y) => y.score - x.score || (x.names < y.names ? -1 : x.names > y.names ? 1 : 0));
  const paired = new Set<Field>();
  const pairs: Rename[] = [];
  for (const { before, after } of candidates) {
    if (paired.has(before) || paired.has(after)) continue;
    paired.add(before);
    paired.add(after);
    pairs.push({ before, after });
  }
  const order = new Map(removed.map((f, i) => [f, i]));
  return pairs.sort((x, y) => (order.get(x.before) ?? 0) - (order.get(y.before) ?? 0));
}

/** 1 - normalized Levenshtein distance, case-insensitive. */
export function similarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
    }
    row = next;
  }
  return 1 - (row[y.length] ?? 0) / Math.max(x.length, y.length, 1);
}
