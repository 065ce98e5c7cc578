/**
 * Small files created on libuv's thread pool while the caller goes on (staging.ts). Creating a file
 * is most of writing a small one here: ext4 looks for a free inode past the recently deleted ones,
 * 0.04-1.3 ms a file depending on what was removed in the last minutes, on the thread that asks. A
 * one-shot run renders synchronously, so each file is opened on the pool (`fs.open`), and written
 * and closed (about 20 us) by the callback, which runs when the caller next lets the event loop
 * turn: the pool creates one target's files while the next target renders.
 */
import { close, closeSync, open, writeFileSync, writev } from 'node:fs';
import { encodeChunks } from './chunks.ts';

export interface PoolWrites {
  /** Starts writing `text` to `path` (its folder exists; a file there is replaced). */
  write(path: string, text: string): void;
  /**
   * Starts writing the fragments `chunks` in order to `path` (15-20 MB files: openapi.json, ir.json): they
   * are encoded at once, here, into a few 2 MB buffers (so the strings may go), and the pool writes the
   * buffers (one `pwritev`). The fragments must not split a surrogate pair (`wholeCharacters`).
   */
  writeChunks(path: string, chunks: readonly string[]): void;
  /** Resolves once every write started before is done; rejects with the first that failed. */
  done(): Promise<void>;
}

/** What an open that found no free descriptor fails with: it is asked again once another file is closed. */
const NO_DESCRIPTOR = new Set(['EMFILE', 'ENFILE']);

export function poolWrites(): PoolWrites {
  /** Writes started and not finished (waiting ones included). */
  let pending = 0;
  /** Opens in flight or done and not yet closed; files closed so far. */
  let holding = 0;
  let closed = 0;
  let failure: Error | null = null;
  const waiting: Array<[string, string | Buffer[]]> = [];
  let idle: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  const settleOne = (err?: unknown) => {
    if (err !== undefined) failure ??= err instanceof Error ? err : new Error(String(err));
    pending--;
    const next = waiting.shift();
    if (next) start(next[0], next[1]);
    if (pending > 0) return;
    const waiters = idle;
    idle = [];
    for (const w of waiters) failure ? w.reject(failure) : w.resolve();
  };
  const start = (path: string, text: string | Buffer[]) => {
    holding++;
    const closedBefore = closed;
    open(path, 'w', (err, fd) => {
      holding--;
      if (err) {
        if (NO_DESCRIPTOR.has(err.code ?? '')) {
          // a write closed its file since this open was asked for: ask again
          if (closed !== closedBefore) return start(path, text);
          // other writes hold descriptors: wait for the next of them to close
          if (holding > 0) return void waiting.push([path, text]);
        }
        settleOne(err);
        return;
      }
      if (typeof text !== 'string') {
        writeAll(fd, text, 0, (e) => {
          closed++;
          settleOne(e);
        });
        return;
      }
      let failed: unknown;
      try {
        writeFileSync(fd, text);
      } catch (e) {
        failed = e;
      }
      try {
        closeSync(fd);
      } catch (e) {
        failed ??= e;
      }
      closed++;
      settleOne(failed);
    });
  };
  return {
    write(path, text) {
      pending++;
      start(path, text);
    },
    writeChunks(path, chunks) {
      pending++;
      start(path, encodeChunks(chunks));
    },
    done() {
      if (pending === 0) return failure ? Promise.reject(failure) : Promise.resolve();
      return new Promise((resolve, reject) => idle.push({ resolve, reject }));
    },
  };
}

/** Writes `pieces` at `position` of the open file `fd` on the pool (again after a short write), then closes it. */
function writeAll(fd: number, pieces: Buffer[], position: number, then: (err?: unknown) => void): void {
  writev(fd, pieces, position, (err, written) => {
    const rest = pieces;
    let skip = written;
    while (rest.length > 0 && skip >= (rest[0]?.length ?? 0)) skip -= rest.shift()?.length ?? 0;
    const failed = err ?? (rest.length > 0 && written === 0 ? new Error(`no bytes written to fd ${fd}`) : null);
    if (failed || rest.length === 0) return close(fd, (e) => then(failed ?? e ?? undefined));
    const [first, ...others] = rest as [Buffer, ...Buffer[]];
    writeAll(fd, [first.subarray(skip), ...others], position + written, then);
  });
}
