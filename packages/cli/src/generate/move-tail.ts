/**
 * Watch mode's large files keep their unchanged tail on disk: a row added in the middle of the spec
 * shifts every byte after it in openapi.json, openapi.yaml, ir.json and schemas.ts (81 MB per save
 * on the 600-resource spec when the row is near the top). Encoding those bytes again from the
 * fragments on the main thread was most of the write (about 20 of 25-30 ms of main-thread time);
 * the file already holds them, so they are moved within the file instead, by reads and writes on
 * libuv's thread pool, while the main thread waits (or encodes the changed fragments).
 *
 * The tail on disk is trusted only when the file is as this process last wrote it: the same size
 * and modification time as recorded right after that write (`stampWritten`, `asWritten`); a file
 * touched since (by hand, by another tool) is written from its first change as before.
 */
import { type Stats, fstatSync, read, statSync, write } from 'node:fs';

/**
 * Bytes of each read and write of a move. Large: each piece is two round trips through the main
 * thread's event loop, which is busy encoding the other files' changes meanwhile (with 2 MB pieces
 * the 7.7 MB tail of openapi.json finished 40-50 ms after the write began; with 8 MB, with the rest).
 */
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

const readAt = (fd: number, buffer: Buffer, length: number, position: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, buffer, 0, length, position, (err, bytes) => (err ? reject(err) : resolve(bytes))),
  );

const writeAt = (fd: number, buffer: Buffer, length: number, position: number) =>
  new Promise<void>((resolve, reject) =>
    write(fd, buffer, 0, length, position, (err, bytes) =>
      err ? reject(err) : bytes === length ? resolve() : reject(new Error(`short write: ${bytes} of ${length}`)),
    ),
  );

/** Buffers of `MOVE_PIECE` bytes that no move uses now (at most four kept: one per large file of a save). */
const spare: Buffer[] = [];

/**
 * Moves `length` bytes of the open file `fd` from byte `from` to byte `to`, as memmove does: a move
 * towards the end goes from the last piece back, one towards the start from the first piece on, so
 * no piece is read after a write covered it. Reads and writes run on the thread pool.
 */
export async function moveBytes(fd: number, from: number, to: number, length: number, piece = MOVE_PIECE) {
  if (length <= 0 || from === to) return;
  // a large move takes (and leaves) a whole piece, so the next save finds it: fresh pages cost the kernel zeroing them
  const buffer =
    (piece === MOVE_PIECE && spare.pop()) ||
    Buffer.allocUnsafe(length > ENCODE_PIECE ? piece : Math.min(piece, length));
  try {
    for (let done = 0; done < length; ) {
      const n = Math.min(buffer.length, length - done);
      // towards the end: the last `done + n` bytes first
      const offset = to > from ? length - done - n : done;
      const got = await readAt(fd, buffer, n, from + offset);
      if (got !== n) throw new Error(`the file ended ${n - got} bytes early while its tail was moved`);
      await writeAt(fd, buffer, n, to + offset);
      done += n;
    }
  } finally {
    if (buffer.length === MOVE_PIECE && spare.length < 4) spare.push(buffer);
  }
}

/** Bytes of each encoded piece of `writeChunksAsync`. */
export const ENCODE_PIECE = 1 << 21;

/** Buffers of `ENCODE_PIECE` bytes no write uses now (a fresh 2 MB buffer is 512 new pages for the kernel to zero). */
const spareEncode: Buffer[] = [];

/**
 * Writes `chunks[from..end)` at byte `position` of the open file `fd` (as generate-core's
 * `writeChunksAt`), each 2 MB piece written on the thread pool while the next is encoded, so the
 * event loop turns between pieces and the moves of the other files go on meanwhile (a row save
 * rewrites 14 MB of ir.json's moved lines while the other files' tails move). The fragments must
 * not split a surrogate pair.
 */
export async function writeChunksAsync(
  fd: number,
  chunks: readonly string[],
  from: number,
  end: number,
  position: number,
): Promise<void> {
  let buffer = spareEncode.pop() ?? Buffer.allocUnsafe(ENCODE_PIECE);
  let other = spareEncode.pop() ?? Buffer.allocUnsafe(ENCODE_PIECE);
  let used = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing; // `other` is free again
    writing = writeAt(fd, buffer, used, position);
    writing.catch(() => {}); // awaited (and thrown) at the next flush or the end
    position += used;
    [buffer, other] = [other, buffer];
    used = 0;
  };
  for (let i = from; i < end; i++) {
    const chunk = chunks[i] ?? '';
    // At most 3 bytes per UTF-16 unit: it fits whole, never cut inside a character.
    if (used + chunk.length * 3 > ENCODE_PIECE) {
      if (used > 0) await flush();
      if (chunk.length * 3 > ENCODE_PIECE) {
        await writing;
        const alone = Buffer.from(chunk);
        writing = writeAt(fd, alone, alone.length, position);
        writing.catch(() => {});
        position += alone.length;
        continue;
      }
    }
    used += buffer.write(chunk, used);
  }
  if (used > 0) await flush();
  await writing;
  spareEncode.push(buffer, other);
  spareEncode.length = Math.min(spareEncode.length, 2);
}
