/** Pairs removed and added fields of the same type (text, nullability, array) as possible renames. */
import type { Field } from '@specgen/ir';

export interface Rename {
  before: Field;
  after: Field;
}

export function pairRenames(removed: Field[], added: Field[]): Rename[] {
  const free = new Set(added);
  const pairs: Rename[] = [];
  for (const before of removed) {
    let best: Field | null = null;
    let bestScore = -1;
    for (const candidate of added) {
      if (!free.has(candidate) || candidate.type.text !== before.type.text) continue;
      const score = similarity(before.name, candidate.name);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best) {
      free.delete(best);
      pairs.push({ before, after: best });
    }
  }
  return pairs;
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
