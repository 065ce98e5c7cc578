/**
 * Watch mode's write of a file given as fragments (generate-core chunks.ts: openapi.json,
 * openapi.yaml, ir.json): the fragments are compared with the last run's by position from both
 * ends (an unchanged entry is the same string, so each compare is a pointer check), and the file
 * is rewritten from the first changed fragment's byte offset, the sum of the UTF-8 lengths of the
 * fragments before it, kept from the last run. When the changed fragments keep their byte length
 * only they are written; otherwise the rest of the file, and it is truncated. The 15-17 MB text is
 * never joined, scanned or compared whole.
 */
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { wholeCharacters, writeChunksAt } from '@specgen/generate-core';

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
  } finally {
    closeSync(fd);
  }
  return record;
}

/**
 * Makes the file at `path`, which holds `previous`, hold `next`; the new record, or null (nothing
 * done) when it cannot tell it is safe: the file's size is not what was written, or it is gone.
 */
export function patchChunks(path: string, previous: WrittenChunks, next: readonly string[]): WrittenChunks | null {
  const old = previous.chunks;
  let first = 0;
  const shorter = Math.min(old.length, next.length);
  while (first < shorter && old[first] === next[first]) first++;
  let oldEnd = old.length;
  let nextEnd = next.length;
  while (oldEnd > first && nextEnd > first && old[oldEnd - 1] === next[nextEnd - 1]) oldEnd--, nextEnd--;
  if (!wholeCharacters(next, first, nextEnd)) return null;
  const changedBytes = next.slice(first, nextEnd).map((c) => Buffer.byteLength(c));
  const bytes = [...previous.bytes.slice(0, first), ...changedBytes, ...previous.bytes.slice(oldEnd)];
  const head = sum(previous.bytes, 0, first);
  const before = sum(previous.bytes, first, oldEnd);
  const after = sum(changedBytes, 0, changedBytes.length);
  const record = { chunks: next, bytes, total: previous.total - before + after };
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch {
    return null; // removed meanwhile: written whole
  }
  try {
    if (fstatSync(fd).size !== previous.total) return null;
    if (after === before) writeChunksAt(fd, next.slice(0, nextEnd), first, head);
    else {
      writeChunksAt(fd, next, first, head);
      ftruncateSync(fd, record.total);
    }
    return record;
  } finally {
    closeSync(fd);
  }
}

function sum(xs: readonly number[], from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += xs[i]!;
  return total;
}
