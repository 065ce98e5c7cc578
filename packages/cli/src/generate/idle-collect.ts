/**
 * Watch mode's start-up collection: one full garbage collection once the initial run and its warm-up
 * are done and nothing is queued. V8 sets its first old-generation limit early in the initial run (at
 * 110-125 MB live on the 600-resource spec: a limit of about 440-490 MB); the initial run and the
 * warm-up's rehearsals fill the heap to 430-450 MB, so without this the first or second save crossed
 * it and paid V8's first full collection of a 340 MB live heap: incremental marking steps on the main
 * thread (200-630 ms of them on the loaded machine, the largest 50-130 ms), concurrent markers on the
 * other core and the final pause. Here that collection runs while the user has not saved yet; after it
 * V8's next limit is about 1.8 times the live heap (20 row saves or so away). A save that comes during
 * it waits for it, as it would have paid for it. Only when the heap is large (`MIN_HEAP_BYTES`): the
 * real spec's watcher never needs it. `SPECGEN_WATCH_IDLE_GC=0` turns it off (docs/decisions/generate.md).
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Below this many bytes of used heap after the start-up runs, no collection. */
export const MIN_HEAP_BYTES = 128 * 1024 * 1024;
/** How long the watcher must stay idle after the start-up runs (a save right then goes first). */
export const IDLE_GC_DELAY_MS = 50;

export interface StartUpCollection {
  /** Heap used before and after, and the time it took (ms); null when it was not needed. */
  ran: { before: number; after: number; ms: number } | null;
}

export interface StartUpCollector {
  /**
   * At an idle point (after the warm-up, or after a run while it is still due): `IDLE_GC_DELAY_MS`
   * later, if `idle()` still holds, one full collection, unless the heap is small or V8 ran one of its
   * own since the collector was made (during the warm-up: its next limit is far then too).
   */
  collectWhenIdle(idle: () => boolean): void;
  /** Whether it ran or was found not needed (then `collectWhenIdle` does nothing). */
  readonly done: boolean;
  cancel(): void;
}

/** Made once the initial run is done, before the warm-up. `SPECGEN_WATCH_IDLE_GC=0`: never collects. */
export function startUpCollector(
  setting: string | undefined,
  told?: (outcome: StartUpCollection) => void,
  minHeapBytes = MIN_HEAP_BYTES,
): StartUpCollector {
  let done = setting === '0';
  let majorSeen = false;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorSeen = true;
  });
  if (!done) observer.observe({ entryTypes: ['gc'] });
  let timer: NodeJS.Timeout | null = null;
  const finish = (outcome: StartUpCollection) => {
    done = true;
    observer.disconnect();
    told?.(outcome);
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    get done() {
      return done;
    },
    collectWhenIdle(idle) {
      if (done) return;
      cancel();
      timer = setTimeout(() => {
        timer = null;
        if (done || !idle()) return; // a save came: tried again after it
        const before = getHeapStatistics().used_heap_size;
        if (majorSeen || before < minHeapBytes) return finish({ ran: null });
        const started = performance.now();
        fullCollection()();
        finish({ ran: { before, after: getHeapStatistics().used_heap_size, ms: performance.now() - started } });
      }, IDLE_GC_DELAY_MS);
      timer.unref();
    },
    cancel() {
      cancel();
      observer.disconnect();
    },
  };
}

let gc: (() => void) | null = null;
/** V8's `gc()`: the flag gives new contexts a `gc` function; the process's own global stays as it was. */
function fullCollection(): () => void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  return gc;
}
