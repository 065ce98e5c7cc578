/**
 * Watch mode's large files keep their unchanged bytes on disk: a row added in the middle of the spec
 * shifts every byte after it in openapi.json, openapi.yaml, ir.json and schemas.ts (26-41 MB per row
 * save on the 600-resource synthetic spec; more when the row is near the top). Encoding those bytes
 * again from the fragments was most of the write's main-thread time; the file already holds them, so
 * they are moved within the file instead (a read and a write of each 8 MB piece: kernel copies).
 *
 * The tail on disk is trusted only when the file is as this process last wrote it: the same size
 * and modification time as recorded right after that write (`stampWritten`, `asWritten`); a file
 * touched since (by hand, by another tool) is written from its first change as before.
 */
import { type Stats, fstatSync, readSync, statSync, writeSync } from 'node:fs';

/** Bytes of each read and write of a move. */
export const MOVE_PIECE = 1 << 23;

/** Size and modification time of each large file right after this process wrote it, by absolute path. */
const stamps = new Map<string, { size: number; mtimeMs: number }>();

/** Notes the file open as `fd` at `path` as this process just wrote it. */
export function stampWritten(path: string, fd: number): void {
  const { size, mtimeMs } = fstatSync(fd);
  stamps.set(path, { size, mtimeMs });
}

/** Notes the file at `path` as this process just wrote it (closed already: a staged file moved into place). */
export function stampWrittenPath(path: string): void {
  try {
    const { size, mtimeMs } = statSync(path);
    stamps.set(path, { size, mtimeMs });
  } catch {
    stamps.delete(path);
  }
}

/** Forgets `path`'s stamp (a write of it is under way, or failed). */
export function forgetStamp(path: string): void {
  stamps.delete(path);
}

/** Whether the file at `path`, now `now` (its fstat), is as this process last wrote it. */
export function asWritten(path: string, now: Stats): boolean {
  const stamp = stamps.get(path);
  return stamp !== undefined && stamp.size === now.size && stamp.mtimeMs === now.mtimeMs;
}

/** One buffer of `MOVE_PIECE` bytes kept for the next move (a fresh buffer's pages cost the kernel zeroing them). */
const spare: Buffer[] = [];

/**
 * Smaller moves take a buffer of their own size (not kept), larger ones the kept `MOVE_PIECE` buffer;
 * a rewrite this small is encoded in one piece (patch-chunks.ts).
 */
export const SMALL_BYTES = 1 << 21;

/**
 * Moves `length` bytes of the open file `fd` from byte `from` to byte `to`, as memmove does: a move
 * towards the end goes from the last piece back, one towards the start from the first piece on, so
 * no piece is read after a write covered it. On this thread: the same moves on libuv's pool, each
 * piece a round trip through the event loop, were slower on a loaded machine
 * (docs/benchmarks/watch.md, round core-7).
 */
export function moveBytes(fd: number, from: number, to: number, length: number, piece = MOVE_PIECE): void {
  if (length <= 0 || from === to) return;
  const buffer =
    (piece === MOVE_PIECE && spare.pop()) || Buffer.allocUnsafe(length > SMALL_BYTES ? piece : Math.min(piece, length));
  try {
    for (let done = 0; done < length; ) {
      const n = Math.min(buffer.length, length - done);
      const offset = to > from ? length - done - n : done;
      const got = readSync(fd, buffer, 0, n, from + offset);
      if (got !== n) throw new Error(`the file ended ${n - got} bytes early while its tail was moved`);
      if (writeSync(fd, buffer, 0, n, to + offset) !== n) throw new Error('short write while a tail was moved');
      done += n;
    }
  } finally {
    if (buffer.length === MOVE_PIECE && spare.length === 0) spare.push(buffer);
  }
}
