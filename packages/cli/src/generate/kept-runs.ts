/**
 * Which bytes of a file of fragments (patch-chunks.ts) a watch save can keep on disk. A row added
 * to the spec changes a few entries of openapi.json far apart (the resource's path item near the
 * top, its schema further down) and inserts fragments: everything from the first changed fragment
 * to the last is not "changed", only moved. Walking the new fragments with the old ones by identity,
 * aligned either from the start or from the end (a save adds or removes fragments in one place, or
 * in several that each keep the count), gives runs of fragments the old file holds at some byte
 * offset: large runs are moved within the file (move-tail.ts), the rest are encoded and written.
 */

/** Bytes of the old file at `from`, to go to `to` in the new one. */
export interface Move {
  from: number;
  to: number;
  length: number;
}

/** Fragments `[first, end)` of the new file, encoded and written at byte `at`. */
export interface Rewrite {
  first: number;
  end: number;
  at: number;
}

/** A kept run shorter than this is encoded with its neighbours instead (a move is two pool round trips per piece). */
export const MIN_MOVE = 1 << 18;

/**
 * The moves and rewrites that turn the old file (fragments `old`, byte lengths `oldBytes`) into the
 * new one (`next`, `nextBytes`), both equal before fragment `first`. Sources and destinations of the
 * moves are in increasing order and do not overlap one another; rewrites fill the rest of the new file.
 */
export function keptRuns(
  old: readonly string[],
  oldBytes: readonly number[],
  next: readonly string[],
  nextBytes: readonly number[],
  first: number,
  minMove = MIN_MOVE,
): { moves: Move[]; rewrites: Rewrite[] } {
  const shift = old.length - next.length;
  const oldStart = starts(oldBytes);
  const moves: Move[] = [];
  const rewrites: Rewrite[] = [];
  let at = oldStart[first] ?? 0; // byte offset of next[j] in the new file (the head is the same)
  let lastOld = first - 1;
  let pending: Rewrite | null = null;
  const rewrite = (j: number, end: number, to: number) => {
    if (pending && pending.end === j) pending.end = end;
    else {
      pending = { first: j, end, at: to };
      rewrites.push(pending);
    }
  };
  for (let j = first; j < next.length; ) {
    const i = matchOf(old, next, j, shift, lastOld);
    if (i < 0) {
      rewrite(j, j + 1, at);
      at += nextBytes[j] ?? 0;
      j++;
      continue;
    }
    // the run of fragments from (i, j) on that follow each other in both files
    let n = 1;
    let length = nextBytes[j] ?? 0;
    while (j + n < next.length && i + n < old.length && old[i + n] === next[j + n]) length += nextBytes[j + n++] ?? 0;
    const from = oldStart[i] ?? 0;
    // already in place: nothing to write
    if (length >= minMove || from === at) moves.push({ from, to: at, length });
    else rewrite(j, j + n, at);
    at += length;
    lastOld = i + n - 1;
    j += n;
  }
  return { moves, rewrites };
}

/** The old fragment that `next[j]` is, aligned from the start or from the end, after `lastOld`; -1: none. */
function matchOf(old: readonly string[], next: readonly string[], j: number, shift: number, lastOld: number): number {
  const fromEnd = j + shift;
  if (fromEnd > lastOld && fromEnd < old.length && old[fromEnd] === next[j]) return fromEnd;
  if (j > lastOld && j < old.length && old[j] === next[j]) return j;
  return -1;
}

/** Byte offset of each fragment: `bytes`' running sum. */
function starts(bytes: readonly number[]): Float64Array {
  const at = new Float64Array(bytes.length + 1);
  for (let i = 0; i < bytes.length; i++) at[i + 1] = (at[i] ?? 0) + (bytes[i] ?? 0);
  return at;
}
