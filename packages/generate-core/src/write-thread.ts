/**
 * Staged files written by a second thread. Creating a file is the costly part of writing a small
 * one here (ext4 scans the inodes of its block group that were freed lately: 0.2-0.9 ms per file
 * under load, 1,269 files per run of the 600-resource spec), and a synchronous write stops the
 * rendering for it. This thread encodes a small file's text into a ring of shared buffers (UTF-8,
 * as `writeFileSync` would) and a worker thread makes its folder, opens, writes and closes it while
 * this one renders on. This thread never waits for the worker: a file that does not fit into one
 * buffer (the few large ones, whose cost is their bytes, not their creation), or that finds no free
 * buffer (the worker is behind), is written here as before (`write` returns false). So the ring
 * stays small (4 x 256 kB) and nothing piles up in memory on a slow disk or a busy machine.
 * `flushed()` resolves once every file handed over is written and closed; the commit waits for it.
 */
import { Worker } from 'node:worker_threads';
import { wholeCharacters } from './chunks.ts';
import type { GeneratedFile } from './files.ts';

export interface FileWriter {
  /**
   * Hands `file` over to be written at `path` (absolute; its folder is made when missing); false
   * when it is not taken (too large for a buffer, or none is free): then the caller writes it.
   */
  write(path: string, file: GeneratedFile): boolean;
  /** Sends the files taken so far to the worker (they are sent when a buffer is full otherwise). */
  handOver(): void;
  /** Resolves when every file handed over is written and closed; rejects with the first error. */
  flushed(): Promise<void>;
  /**
   * Takes no more files; the thread ends by itself once it has written those it has (its memory is
   * freed then, without waiting for this thread). Resolves and rejects as `flushed`.
   */
  finish(): Promise<void>;
  /** Drops what is not written yet and waits until the thread touches no file. */
  abort(): void;
  /** Ends the thread (after `flushed` or `abort`); resolves when it has ended and freed its memory. */
  close(): Promise<void>;
}

const SLOTS = 4;
const SLOT_BYTES = 1 << 18;
/** Per slot: 0 free, 1 handed to the worker. After the slots: the abort flag. */
const ABORT = SLOTS;
/** How long `abort` waits for the worker to give its buffers back. */
const STALL_MS = 60_000;

/** The worker, as CommonJS source (`eval`): the same text under tsx, from dist/ and from the bundle. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, mkdirSync, openSync, writeSync } = require('node:fs');
const { dirname } = require('node:path');
const { shared, slots, slotBytes } = workerData;
const state = new Int32Array(shared, 0, slots + 1);
const bytes = new Uint8Array(shared, (slots + 1) * 4);
const made = new Set();
let error = null;
parentPort.on('message', (m) => {
  if (m.kind === 'flush') {
    parentPort.postMessage({ kind: 'flushed', error });
    // the last flush: the thread ends at once, and its memory with it, whether or not the caller is listening yet
    if (m.last) process.exit(0);
    return;
  }
  let at = m.slot * slotBytes;
  for (const [path, length] of m.files) {
    if (error === null && Atomics.load(state, slots) === 0) {
      let fd = -1;
      try {
        const dir = dirname(path);
        if (!made.has(dir)) mkdirSync(dir, { recursive: true }), made.add(dir);
        fd = openSync(path, 'w');
        for (let done = 0; done < length; ) done += writeSync(fd, bytes, at + done, length - done);
      } catch (e) {
        error = (e && e.message) || String(e);
      } finally {
        if (fd >= 0) try { closeSync(fd); } catch (e) { error = error || (e && e.message) || String(e); }
      }
    }
    at += length;
  }
  Atomics.store(state, m.slot, 0);
  Atomics.notify(state, m.slot);
});
`;

export function startFileWriter(): FileWriter {
  const shared = new SharedArrayBuffer((SLOTS + 1) * 4 + SLOTS * SLOT_BYTES);
  const state = new Int32Array(shared, 0, SLOTS + 1);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { shared, slots: SLOTS, slotBytes: SLOT_BYTES },
  });
  worker.unref();
  let stopped: Error | null = null;
  let waiting: { resolve: () => void; reject: (e: Error) => void } | null = null;
  const fail = (error: Error) => {
    stopped ??= error;
    waiting?.reject(stopped);
    waiting = null;
  };
  worker.on('error', (e) => fail(new Error(`the file writer thread failed: ${e.message}`)));
  worker.on('exit', () => fail(new Error('the file writer thread stopped')));
  worker.on('message', (m: { kind: 'flushed'; error: string | null }) => {
    if (m.error === null) waiting?.resolve();
    else waiting?.reject(new Error(`cannot write a staged file: ${m.error}`));
    waiting = null;
  });

  /** The slot being filled (the next in ring order), the bytes used in it and its files. */
  let slot = 0;
  let used = 0;
  let files: [string, number][] = [];
  const buffers = Array.from({ length: SLOTS }, (_, n) =>
    Buffer.from(shared, (SLOTS + 1) * 4 + n * SLOT_BYTES, SLOT_BYTES),
  );
  const handOver = () => {
    if (files.length === 0) return;
    Atomics.store(state, slot, 1);
    worker.postMessage({ kind: 'slot', slot, files });
    slot = (slot + 1) % SLOTS;
    used = 0;
    files = [];
  };

  let finished = false;
  const flush = (last: boolean): Promise<void> => {
    if (stopped) return Promise.reject(stopped);
    handOver();
    finished ||= last;
    return new Promise<void>((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage({ kind: 'flush', last });
    });
  };

  return {
    write(path, file) {
      if (stopped || finished) return false;
      const chunks = file.chunks && wholeCharacters(file.chunks) ? file.chunks : [file.contents];
      let length = 0;
      for (const chunk of chunks) length += chunk.length;
      // At most 3 bytes per UTF-16 unit: a file taken always fits, never cut inside a character.
      if (length * 3 > SLOT_BYTES) return false;
      if (used + length * 3 > SLOT_BYTES) handOver();
      // an empty slot is taken only once the worker gave it back
      if (files.length === 0 && Atomics.load(state, slot) !== 0) return false;
      const buffer = buffers[slot] as Buffer;
      const start = used;
      for (const chunk of chunks) used += buffer.write(chunk, used);
      files.push([path, used - start]);
      return true;
    },
    handOver,
    flushed: () => flush(false),
    finish: () => flush(true),
    abort() {
      Atomics.store(state, ABORT, 1);
      files = [];
      const deadline = performance.now() + STALL_MS;
      for (let n = 0; n < SLOTS; n++)
        while (Atomics.load(state, n) !== 0 && !stopped && performance.now() < deadline) Atomics.wait(state, n, 1, 50);
    },
    async close() {
      await worker.terminate();
    },
  };
}
