/**
 * Watch mode's write of a file given as fragments (generate-core chunks.ts: openapi.json,
 * openapi.yaml, ir.json): the fragments are compared with the last run's by position from both
 * ends (an unchanged entry is the same string, so each compare is a pointer check), and the file
 * is rewritten from the first changed fragment's byte offset, the sum of the UTF-8 lengths of the
 * fragments before it, kept from the last run. When the changed fragments keep their byte length
 * only they are written; otherwise the rest of the file, and it is truncated. The 15-17 MB text is
 * never joined, scanned or compared whole.
 */
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { wholeCharacters, writeChunksAt } from '@specgen/generate-core';
import { keptRuns } from './kept-runs.ts';
import { SMALL_BYTES, asWritten, forgetStamp, moveBytes, stampWritten } from './move-tail.ts';

/** A file as this watcher last wrote it: its fragments and each fragment's UTF-8 byte length. */
export interface WrittenChunks {
  chunks: readonly string[];
  bytes: number[];
  total: number;
}

/** The record of `chunks` as written, or null when a fragment boundary splits a character (then the file is handled whole). */
export function writtenChunks(chunks: readonly string[]): WrittenChunks | null {
  if (!wholeCharacters(chunks)) return null;
  const bytes = chunks.map((c) => Buffer.byteLength(c));
  return { chunks, bytes, total: sum(bytes, 0, bytes.length) };
}

/** Whether `next` is the same text as `previous`, fragment by fragment. */
export function sameChunks(previous: readonly string[], next: readonly string[]): boolean {
  if (previous === next) return true;
  if (previous.length !== next.length) return false;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return false;
  return true;
}

/** Writes the whole file from its fragments; the record of what was written. */
export function writeChunksWhole(path: string, chunks: readonly string[], record: WrittenChunks): WrittenChunks {
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, 'w');
  try {
    writeChunksAt(fd, chunks, 0, 0);
    stampWritten(path, fd);
  } finally {
    closeSync(fd);
  }
  return record;
}

/** Where `next` differs from `previous`: fragments [first, nextEnd) replace [first, oldEnd) at byte `head`. */
function planPatch(previous: WrittenChunks, next: readonly string[]) {
  const old = previous.chunks;
  let first = 0;
  const shorter = Math.min(old.length, next.length);
  while (first < shorter && old[first] === next[first]) first++;
  let oldEnd = old.length;
  let nextEnd = next.length;
  while (oldEnd > first && nextEnd > first && old[oldEnd - 1] === next[nextEnd - 1]) oldEnd--, nextEnd--;
  if (!wholeCharacters(next, first, nextEnd)) return null;
  const changedBytes = byteLengths(previous, next, first, nextEnd);
  const bytes = previous.bytes.slice(0, first).concat(changedBytes, previous.bytes.slice(oldEnd));
  const head = sum(previous.bytes, 0, first);
  const before = sum(previous.bytes, first, oldEnd);
  const after = sum(changedBytes, 0, changedBytes.length);
  const record: WrittenChunks = { chunks: next, bytes, total: previous.total - before + after };
  return { first, nextEnd, head, before, after, record };
}

/**
 * The UTF-8 length of each of `next`'s fragments `[first, nextEnd)`. A row added near the top of the spec
 * changes fragments far apart (schemas.ts: 1,620 to 25,112 of 35,566; ir.json: 37 to 5,648), and most
 * of those between are the old fragments, moved: a fragment that is the old one aligned from the end (or
 * from the start) has its old length; only the others are measured (measuring all cost 3-6 ms a save).
 */
function byteLengths(previous: WrittenChunks, next: readonly string[], first: number, nextEnd: number): number[] {
  const old = previous.chunks;
  const shift = old.length - next.length;
  const bytes: number[] = [];
  for (let j = first; j < nextEnd; j++) {
    const chunk = next[j] ?? '';
    const fromEnd = j + shift;
    const kept = fromEnd >= first && old[fromEnd] === chunk ? fromEnd : old[j] === chunk ? j : -1;
    bytes.push(kept >= 0 ? (previous.bytes[kept] ?? 0) : Buffer.byteLength(chunk));
  }
  return bytes;
}

/** The file open for patching, or null when it is gone or not the size that was written. */
function openWritten(path: string, previous: WrittenChunks) {
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch {
    return null; // removed meanwhile: written whole
  }
  const stat = fstatSync(fd);
  if (stat.size === previous.total) return { fd, stat };
  closeSync(fd);
  return null;
}

/**
 * Makes the file at `path`, which holds `previous`, hold `next`; the new record, or null (nothing
 * done) when it cannot tell it is safe: the file's size is not what was written, or it is gone.
 * The changed fragments are written. When they change the byte length and the file is as this
 * process last wrote it (move-tail.ts), the unchanged fragments after the first change (its tail,
 * and the runs between changes far apart: kept-runs.ts) stay on disk, moved within the file;
 * otherwise the file is written from its first changed fragment to its end.
 */
export function patchChunks(path: string, previous: WrittenChunks, next: readonly string[]): WrittenChunks | null {
  const plan = planPatch(previous, next);
  const file = plan && openWritten(path, previous);
  if (!plan || !file) return null;
  const { fd } = file;
  try {
    const { first, head, before, after, record } = plan;
    const tail = previous.total - head - before;
    if (after !== before && tail > 0 && asWritten(path, file.stat)) {
      forgetStamp(path);
      const { moves, rewrites } = keptRuns(previous.chunks, previous.bytes, next, record.bytes, first);
      // memmove's order across runs: towards the start from the first on, towards the end from the last back;
      // the rewrites last, as they may cover bytes a move reads
      for (const m of moves) if (m.to < m.from) moveBytes(fd, m.from, m.to, m.length);
      for (const m of moves.toReversed()) if (m.to > m.from) moveBytes(fd, m.from, m.to, m.length);
      for (const r of rewrites) {
        const bytes = sum(record.bytes, r.first, r.end);
        // a small one at once (a row's entries); a large one through generate-core's 2 MB buffer
        if (bytes < SMALL_BYTES) writeSync(fd, Buffer.from(next.slice(r.first, r.end).join('')), 0, bytes, r.at);
        else writeChunksAt(fd, next.slice(0, r.end), r.first, r.at);
      }
      if (after < before) ftruncateSync(fd, record.total);
    } else writeFrom(fd, next, plan);
    stampWritten(path, fd);
    return record;
  } finally {
    closeSync(fd);
  }
}

/**
 * What `patchChunks` computes before it touches the file, computed and dropped: the warm-up's rehearsals
 * run it (write-changed.ts `rehearseWrite`), so that a user's first save does not run this code cold (its
 * fragment compare took about 20 ms per file on the first save without it). Whether there was a patch to plan.
 */
export function rehearsePatch(previous: WrittenChunks, next: readonly string[]): boolean {
  const plan = planPatch(previous, next);
  if (!plan) return false;
  if (plan.after !== plan.before) keptRuns(previous.chunks, previous.bytes, next, plan.record.bytes, plan.first);
  return true;
}

/** Writes the changed fragments, and the rest of the file after them when their byte length changed. */
function writeFrom(fd: number, next: readonly string[], plan: NonNullable<ReturnType<typeof planPatch>>): void {
  const { first, nextEnd, head, before, after, record } = plan;
  if (after === before) writeChunksAt(fd, next.slice(0, nextEnd), first, head);
  else {
    writeChunksAt(fd, next, first, head);
    ftruncateSync(fd, record.total);
  }
}

function sum(xs: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += xs[i]!;
  return total;
}
