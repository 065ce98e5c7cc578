/**
 * Where two versions of a large generated file differ: the lengths of their common prefix and
 * suffix. Watch mode's syntax check (edit-chunk.ts) and write (patch-file.ts) both need them for the
 * same two texts, so the last result per file is kept until the write takes it.
 */
const CHUNK = 1 << 16;

/** The last affixes computed per path: the syntax check and the write (patch-file.ts) compare the same two texts. */
const lastAffixes = new Map<string, { previous: string; next: string; prefix: number; suffix: number }>();

/** Lengths of the common prefix and of the common suffix (not overlapping it) of two versions of a file. */
export function commonAffixes(
  path: string,
  previous: string,
  next: string,
  last = false,
): { prefix: number; suffix: number } {
  const known = lastAffixes.get(path);
  // `last`: the final use (the write); the texts are not kept longer.
  if (last) lastAffixes.delete(path);
  if (known && known.previous === previous && known.next === next) return known;
  const prefix = commonPrefix(previous, next);
  const found = { previous, next, prefix, suffix: commonSuffix(previous, next, prefix) };
  if (!last) lastAffixes.set(path, found);
  return found;
}

/** Length of the common prefix: compared 64 KB at a time (flat string compares), then by character. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Length of the common suffix, not reaching into the first `prefix` characters of either text. */
function commonSuffix(a: string, b: string, prefix: number): number {
  const n = Math.min(a.length, b.length) - prefix;
  let i = 0;
  while (i + CHUNK <= n && a.slice(a.length - i - CHUNK, a.length - i) === b.slice(b.length - i - CHUNK, b.length - i))
    i += CHUNK;
  while (i < n && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/** Line breaks before `end`. */
export function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
