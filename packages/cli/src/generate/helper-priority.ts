/**
 * Lower scheduling priority for a one-shot run's helper threads, so that the main thread, which does
 * the run (parse, render, settle), gets a core whenever it can run. On a 2-core machine the process
 * has more runnable threads than cores: V8's four background threads (TurboFan compiling, the GC's
 * helpers), libuv's pool (the small files' creation), the syntax-check thread and esbuild's process.
 * The kernel shared the cores among them evenly, and the main thread waited 230-320 ms of a 2.1 s run
 * for a core (`/proc/self/task/<tid>/schedstat` of the 600-resource spec). With the helpers at nice +10
 * that wait falls to 90-150 ms, and the helpers' work still runs on the other core: the run is about
 * 3% shorter (docs/benchmarks/generate.md, Round 42).
 *
 * Linux only: there a thread has its own nice value (`setpriority` on a thread id) and
 * `/proc/self/task` lists the threads. A thread started later by the main thread (the render worker,
 * which does part of the run) keeps the main thread's priority; one started by a lowered thread (esbuild,
 * spawned by the check thread) inherits its lowered one. Raising a nice value needs no privilege; a
 * failure to set one leaves that thread as it was. `SPECGEN_HELPER_NICE=0` turns this off, another
 * number sets the increment (default 10, capped at nice 19).
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

export const DEFAULT_HELPER_NICE = 10;

/** The nice increment `SPECGEN_HELPER_NICE` asks for: 0 (off) to 19; anything unreadable is the default. */
export function helperNiceIncrement(flag = process.env['SPECGEN_HELPER_NICE']): number {
  if (flag === undefined || flag.trim() === '') return DEFAULT_HELPER_NICE;
  const n = Number(flag);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : DEFAULT_HELPER_NICE;
}

/**
 * Raises by `increment` the nice value of every thread of this process but the main thread (the one
 * whose id is the process id); returns the ids of the threads it lowered. Call it from
 * the main thread; elsewhere, or off Linux, it does nothing.
 */
export function lowerHelperThreads(increment = helperNiceIncrement()): number[] {
  if (increment === 0 || process.platform !== 'linux' || !isMainThread) return [];
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    return [];
  }
  const lowered: number[] = [];
  for (const tid of tids) {
    if (tid === process.pid || !Number.isInteger(tid)) continue;
    try {
      setPriority(tid, Math.min(19, getPriority(tid) + increment));
      lowered.push(tid);
    } catch {
      // the thread ended since the listing, or the system refused: it keeps its priority
    }
  }
  return lowered;
}
