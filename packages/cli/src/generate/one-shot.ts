/**
 * A one-shot `specgen generate` (not --watch). Each target's syntax check runs in esbuild's process
 * while the next target renders, and the commit waits for all of them. A large spec renders on two
 * threads: after the IR the targets are independent, so a worker thread renders, checks and stages
 * the OpenAPI and server targets (the largest two; they read one shared OpenAPI document) while the
 * main thread parses and does the same for the other targets. The worker parses the same spec text itself, at the same time as the
 * main thread (sending it the IR would cost about as much as parsing). Both threads stage into the
 * run's one staging folder and the main thread commits when both succeeded, so a failed target on
 * either thread changes nothing. When the worker cannot start or dies, its targets render on the
 * main thread afterwards: the same files either way.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Worker } from 'node:worker_threads';
import { type Diagnostic, hasErrors } from '@specgen/diagnostics';
import {
  type Generator,
  type RunShared,
  type TemplateEngine,
  createRunShared,
  createStaging,
} from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { startCheckThread } from './check-thread.ts';
import { lowerHelperThreads } from './helper-priority.ts';
import { OFFLOADED_TARGETS, type OffloadRequest, createWorker } from './offload.ts';
import { type GenerateOutcome, type RenderOptions, finish, renderTarget } from './pipeline.ts';
import { type SettledTarget, settleTargetLater } from './settle.ts';
import { GenerateError } from './target-folder.ts';

/** Specs smaller than this render on one thread: starting a worker (about 0.2 s) would cost more than it saves. */
export const WORKER_FROM_BYTES = 256 * 1024;

/** What watch mode's worker is asked (offload.ts), plus where to stage. */
export interface SettleRequest extends OffloadRequest {
  kind: 'settle';
  /** The run's staging folder; null with --check (compare only). */
  stagingDir: string | null;
}

export type SettleReply =
  | { kind: 'rendered'; id: number; target: string; files: number; ms: number }
  | { kind: 'settled'; id: number; settled: SettledTarget[] | null }
  | { id: number; error: string };

/**
 * Whether a run uses the worker: when it would split the selected targets, the spec is large, the
 * machine has 4 cores or more, and one to spare (cores minus the last minute's load average is at
 * least 1.5: this thread's and most of a second). The worker costs about 1 s more CPU on the
 * 600-resource spec (its own parse, module load and JIT) and about 150 MB more peak memory (a second
 * heap); on a busy machine it saves no time, and on a 2-core one (CI runners) the memory weighs more
 * than the second or so it can save (docs/benchmarks/generate.md). `SPECGEN_GENERATE_WORKER=0`
 * never uses it, `=1` whenever it would split the targets.
 */
export function usesWorker(
  specText: string,
  generators: readonly Generator[],
  flag = process.env['SPECGEN_GENERATE_WORKER'],
  machine: { cores: number; load: number } = { cores: availableParallelism(), load: loadavg()[0]! },
): boolean {
  if (flag === '0') return false;
  const remote = generators.filter((g) => OFFLOADED_TARGETS.includes(g.target)).length;
  if (remote === 0 || remote === generators.length) return false;
  return (
    flag === '1' || (specText.length >= WORKER_FROM_BYTES && machine.cores >= 4 && machine.cores - machine.load >= 1.5)
  );
}

/**
 * Heap in use above which the last target of this thread renders on a collected heap (see below).
 * The 600-resource spec reaches about 150-160 MB before the server target, of which about 75 MB live
 * (a one-shot run keeps no memos); the repository's spec stays far below and pays no collection.
 */
const COLLECT_BEFORE_LAST_FROM = 96 * 1024 * 1024;

type Parsed = { spec: Spec; diagnostics: Diagnostic[] };

/**
 * Parse (through `parse`, so the caller reports it), render, check and stage every target, then
 * commit; the outcome is generateFromSpec's. `worker`: whether openapi and server render in a worker
 * thread (default: `usesWorker`), or how to start it (tests); `specText` is what the worker parses.
 * `options.lowerHelpers` (the CLI's run) lowers the priority of this process's helper threads
 * (helper-priority.ts).
 */
export async function generateOneShot(
  specText: string,
  parse: () => Parsed,
  generators: readonly Generator[],
  templates: { dir: string | null; engine: () => TemplateEngine },
  options: RenderOptions & { check: boolean; lowerHelpers?: boolean },
  worker: boolean | (() => Worker) = usesWorker(specText, generators),
  checkThread: boolean | (() => Worker) = usesCheckThread(specText),
): Promise<GenerateOutcome> {
  // started first: it boots while this thread parses
  const checker = checkThread ? startCheckThread(typeof checkThread === 'function' ? checkThread : undefined) : null;
  // before the render worker starts: it renders, the threads started so far only help
  if (options.lowerHelpers) lowerHelperThreads();
  const remote = worker ? generators.filter((g) => OFFLOADED_TARGETS.includes(g.target)) : [];
  const local = generators.filter((g) => !remote.includes(g));
  const staging = options.check ? null : createStaging(options.outDir);
  const settling =
    remote.length === 0
      ? null
      : startSettling(typeof worker === 'function' ? worker : createWorker, options, {
          kind: 'settle',
          id: 1,
          targets: remote.map((g) => g.target),
          specText,
          specFile: options.specFile,
          outDir: options.outDir,
          serviceVersion: options.serviceVersion,
          templatesDir: templates.dir,
          templatesVersion: 0,
          packageNames: options.packageNames,
          stagingDir: staging?.dir ?? null,
        });
  const checks: Promise<void>[] = [];
  try {
    // The IR is held in `ir` alone (not in a local of this suspended function), so it can be released below.
    let ir: { spec: Spec; engine: TemplateEngine } | null = null;
    const diagnostics = ((parsed) => {
      ir = hasErrors(parsed.diagnostics) ? null : { spec: parsed.spec, engine: templates.engine() };
      return parsed.diagnostics;
    })(parse());
    if (hasErrors(diagnostics)) {
      await settling?.close();
      await staging?.discard();
      return { kind: 'diagnostics', diagnostics };
    }
    const settleOptions = {
      outDir: options.outDir,
      stage: staging?.stage,
      keep: options.keep,
      seen: new Set<string>(),
      check: checker?.check,
      // the check thread also writes the small changed files into the staging folder
      handOff: checker && staging && usesThreadWrites() ? staging : undefined,
    };
    const settled: SettledTarget[] = [];
    /** Whether a target rendered so far returned a file of fragments (a large text held in this heap). */
    let heldLargeText = false;
    const renderHere = async (g: Generator, shared: RunShared) => {
      const started = performance.now();
      ir ??= { spec: parse().spec, engine: templates.engine() };
      // Into a target folder that does not exist yet (nothing to compare with), large files may be
      // written into the staging folder as they are made (GenerateContext.stageFile).
      const stageFile = staging && !existsSync(join(options.outDir, g.target)) ? staging.openFile : undefined;
      const files = renderTarget(ir.spec, g, ir.engine, { ...options, oneShot: true, stageFile }, shared);
      heldLargeText ||= files.some((f) => f.chunks !== undefined);
      // values only this target still read (its records model, say) are garbage from here
      shared.finished(g.target);
      options.progress?.rendered(g.target, files.length, performance.now() - started);
      const later = settleTargetLater(g.target, files, settleOptions);
      later.checked.catch(() => {}); // read below, by Promise.all
      checks.push(later.checked);
      settled.push(later.settled);
      // lets the worker's progress messages through between targets
      await new Promise((resolve) => setImmediate(resolve));
    };
    let shared: RunShared | null = createRunShared();
    for (const g of local) {
      // The last target renders on a collected heap when a target before held a large text in this heap
      // (openapi.json and openapi.yaml as fragments, 41 MB, when they could not be written as they were
      // made: into an existing folder, or with --check): garbage by then, and V8 would let the heap grow
      // on top of it (peak RSS of the 600-resource spec about 390 -> 325 MB, for 45-80 ms of CPU).
      // Written as they were made (GenerateContext.stageFile), they never were: no collection (265 MB).
      if (g === local.at(-1) && heldLargeText && getHeapStatistics().used_heap_size > COLLECT_BEFORE_LAST_FROM)
        collectGarbage();
      await renderHere(g, shared);
    }
    shared = null;
    // The check's cost to the run: what is left of it when the rendering is done.
    let waitStarted = performance.now();
    await Promise.all(checks);
    let checkWait = performance.now() - waitStarted;
    if (settling) {
      // While the worker renders, this thread needs neither the IR nor the generators' memos (kept
      // by IR object and template engine): dropped and collected now, off the worker's path, they
      // are not part of the run's peak memory. Should the worker fail, the spec is parsed again.
      ir = null;
      collectGarbage();
    }
    const theirs = await (settling?.settled ?? []);
    if (theirs === 'unavailable') {
      const again = createRunShared();
      for (const g of remote) await renderHere(g, again);
      waitStarted = performance.now();
      await Promise.all(checks);
      checkWait += performance.now() - waitStarted;
    } else {
      for (const s of theirs) if (s.staged) staging?.adopt(s.staged);
      settled.push(...theirs);
    }
    const outcome = await finish(settled, generators, options, diagnostics, staging, { checkMs: checkWait });
    return theirs === 'unavailable' || outcome.kind === 'diagnostics'
      ? outcome
      : { ...outcome, offloaded: remote.map((g) => g.target) };
  } catch (err) {
    await settling?.close();
    // a check still running would add nothing: the run fails either way
    await staging?.discard();
    throw err;
  } finally {
    checker?.close();
    await settling?.close();
  }
}

/**
 * Whether a run checks the syntax on a thread of its own (check-thread.ts): for a spec as large as the
 * render worker's (a smaller one has little to scan, and the thread's start, about 30 ms of CPU, would
 * weigh more), on a machine with a second core (on one, the thread's work would only wait for this
 * thread's). `SPECGEN_CHECK_THREAD=0` never, `=1` always.
 */
export function usesCheckThread(
  specText: string,
  flag = process.env['SPECGEN_CHECK_THREAD'],
  cores = availableParallelism(),
): boolean {
  if (flag === '0' || flag === '1') return flag === '1';
  return specText.length >= WORKER_FROM_BYTES && cores >= 2;
}

/**
 * Whether the check thread, when the run has one, also writes each target's small changed files into the
 * staging folder (check-worker.ts), so that this thread neither writes them nor keeps their texts for
 * its own writes. `SPECGEN_CHECK_THREAD_WRITES=0`: this thread writes them, as without a check thread.
 */
export function usesThreadWrites(flag = process.env['SPECGEN_CHECK_THREAD_WRITES']): boolean {
  return flag !== '0';
}

/**
 * A full garbage collection of this thread's heap. `gc` exists only with --expose-gc; setting the
 * flag at run time gives new contexts the function (`v8.setFlagsFromString`, then `gc` from a new
 * context: the way jest's leak detector collects without a command-line flag).
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as (() => void) | undefined)?.();
}

interface Settling {
  /** The worker's targets, settled; 'unavailable' when it could not start or died (render them here). */
  settled: Promise<SettledTarget[] | 'unavailable'>;
  close(): Promise<void>;
}

function startSettling(start: () => Worker, options: RenderOptions, request: SettleRequest): Settling {
  let worker: Worker;
  try {
    worker = start();
  } catch {
    return { settled: Promise.resolve('unavailable'), close: async () => {} };
  }
  let closed = false;
  const settled = new Promise<SettledTarget[] | 'unavailable'>((resolve, reject) => {
    worker.on('message', (reply: SettleReply) => {
      if ('error' in reply) reject(new GenerateError(reply.error));
      else if (reply.kind === 'rendered') options.progress?.rendered(reply.target, reply.files, reply.ms);
      // The worker parsed the same text as this thread, which found no errors: it cannot find any.
      else if (reply.settled === null)
        reject(new GenerateError('the worker thread found errors in the spec that the main thread did not'));
      else resolve(reply.settled);
    });
    worker.on('error', () => resolve('unavailable'));
    worker.on('exit', () => resolve('unavailable'));
  });
  // Rejections are read by generateOnTwoThreads; this keeps an unread one (the main thread failed first) quiet.
  settled.catch(() => {});
  worker.postMessage(request);
  return {
    settled,
    async close() {
      if (closed) return;
      closed = true;
      await worker.terminate();
    },
  };
}
