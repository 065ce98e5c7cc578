/**
 * "Did you mean ...?": the candidate nearest to a misspelt word by Levenshtein distance
 * (fastest-levenshtein), compared case-insensitively. A candidate is offered only when it is
 * close enough to be a typo: at most 1 edit for words up to 4 characters, 2 up to 8, and a
 * quarter of the length beyond, so `Bolean` finds `Boolean` but `Comments` finds no scalar.
 */
import { distance } from 'fastest-levenshtein';

/** Largest distance still taken as a typo of a word of this length. */
export function typoLimit(length: number): number {
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return Math.floor(length / 4);
}

/**
 * The nearest candidate within the typo limit; on a tie the one sharing the longer prefix
 * (`Int3` -> `Int32`, not `Int64`), then the earlier one. Null when none is near, or when the
 * word is itself a candidate.
 */
export function closestMatch(word: string, candidates: Iterable<string>): string | null {
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  let bestPrefix = -1;
  for (const candidate of candidates) {
    if (candidate === word) return null;
    const other = candidate.toLowerCase();
    const d = distance(lower, other);
    if (d > typoLimit(Math.max(word.length, candidate.length)) || d > bestDistance) continue;
    const prefix = commonPrefix(lower, other);
    if (d < bestDistance || prefix > bestPrefix) {
      best = candidate;
      bestDistance = d;
      bestPrefix = prefix;
    }
  }
  return best;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** `; did you mean Boolean?` to append to a message, or '' when nothing is near. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closestMatch(word, candidates);
  return match === null ? '' : `; did you mean ${match}?`;
}
