/**
 * Small files created on libuv's thread pool while the caller goes on (staging.ts). Creating a file
 * is most of writing a small one here: ext4 looks for a free inode past the recently deleted ones,
 * 0.04-1.3 ms a file depending on what was removed in the last minutes, on the thread that asks. A
 * one-shot run renders synchronously, so each file is opened on the pool (`fs.open`), and written
 * and closed (about 20 us) by the callback, which runs when the caller next lets the event loop
 * turn: the pool creates one target's files while the next target renders.
 */
import { closeSync, open, writeFileSync } from 'node:fs';

export interface PoolWrites {
  /** Starts writing `text` to `path` (its folder exists; a file there is replaced). */
  write(path: string, text: string): void;
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
  const waiting: Array<[string, string]> = [];
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
  const start = (path: string, text: string) => {
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
    done() {
      if (pending === 0) return failure ? Promise.reject(failure) : Promise.resolve();
      return new Promise((resolve, reject) => idle.push({ resolve, reject }));
    },
  };
}
