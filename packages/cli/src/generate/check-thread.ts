/**
 * A one-shot run's syntax checks on a thread of their own (check-worker.ts). The check of a large
 * target is the line scan of its sample (about 0.1 s of the 600-resource spec's types and validators)
 * and esbuild's parse in its own process, whose requests and answers pass through the event loop of the
 * thread that asked: on the main thread, which renders synchronously, a target's check advanced only
 * between targets, and the run waited for the last two at the end. Here both go on while the main
 * thread renders the next target. The worker is sent what the sample reads (`sampleInput`), and, when asked
 * (`StageRequest`), the target's small changed files to write into the staging folder (most of them the
 * same `.ts` texts). When it cannot start or dies, the checks run on the main thread as before (the same
 * sample, the same errors), and the main thread writes the files it had given the thread.
 */
import type { Worker } from 'node:worker_threads';
import {
  type GeneratedFile,
  type SampleEntry,
  type SyntaxError as SyntaxProblem,
  sampleInput,
  sampleOf,
  syntaxErrorsAsync,
} from '@specgen/generate-core';
import { startWorkerModule, workerCalls } from './worker-calls.ts';

/**
 * One file sent to the thread: a `.ts` file the check reads (`sampleInput`, in order), and/or (`write`) a
 * file the thread writes into the staging folder (`check: false`: written only).
 */
export interface ThreadEntry extends SampleEntry {
  check: boolean;
  write: boolean;
}

/**
 * Part of one check's files, in order; `last`: the check's files are all sent. `stagingDir`: where the
 * entries marked `write` go (their paths under it), null when none is.
 */
export interface CheckMessage {
  id: number;
  entries: ThreadEntry[];
  stagingDir: string | null;
  last: boolean;
}

/**
 * Files the thread writes into the run's staging folder `dir`, besides checking (staging.ts `stage`,
 * `elsewhere`); `here` writes them on this thread should the thread stop before it answered.
 */
export interface StageRequest {
  dir: string;
  files: readonly GeneratedFile[];
  here(files: readonly GeneratedFile[]): void;
}

/**
 * Characters of text per message. Sent in one message, a target's 13 MB of text made one serialized
 * copy of that size (the C library's heap kept it afterwards) and arrived as one set of strings this
 * large in the worker's heap, which kept it until a collection: about 30 MB more peak memory.
 */
const MESSAGE_CHARS = 1 << 20;

export type CheckReply = { id: number; checked: number; errors: SyntaxProblem[] } | { id: number; error: string };

/** What a check found: how many files it parsed, and their syntax errors. */
export interface CheckResult {
  checked: number;
  errors: SyntaxProblem[];
}

export interface CheckThread {
  /**
   * The syntax errors of the sample of `files` (syntax-sample.ts), found on the check thread, which
   * also writes `stage.files` (none of them a file of fragments) into `stage.dir`: the promise resolves
   * once they are written, and rejects when one could not be.
   */
  check(files: readonly GeneratedFile[], stage?: StageRequest): Promise<CheckResult>;
  /** Stops the thread (a check still asked for then runs on this thread). */
  close(): void;
}

/** The same check on this thread. */
export function checkHere(files: readonly GeneratedFile[]): Promise<CheckResult> {
  return checkEntries(sampleInput(files));
}

async function checkEntries(entries: readonly SampleEntry[]): Promise<CheckResult> {
  const sample = sampleOf(entries);
  return { checked: sample.length, errors: await syntaxErrorsAsync(sample) };
}

/**
 * The check's entries (`sampleInput`) marked with whether the thread writes them, followed by the files
 * it only writes (the ones that are not `.ts`, say), in the order of `writes`.
 */
function threadEntries(input: readonly SampleEntry[], writes: readonly GeneratedFile[]): ThreadEntry[] {
  const toWrite = new Set<string>();
  for (const f of writes) toWrite.add(f.path);
  const entries: ThreadEntry[] = [];
  for (const e of input) {
    // a file with a proxy may be sent without its contents (`sampleInput`): written from its own entry
    const write = e.file.syntaxProxy === undefined && toWrite.delete(e.file.path);
    entries.push({ ...e, check: true, write });
  }
  for (const f of writes)
    if (toWrite.has(f.path))
      entries.push({ file: { path: f.path, contents: f.contents }, sampled: false, check: false, write: true });
  return entries;
}

/** The check thread's worker (check-worker.ts). */
export function createCheckWorker(): Worker {
  return startWorkerModule('check-worker', { resourceLimits: WORKER_LIMITS });
}

/**
 * A small young generation: what the worker is sent dies as soon as it is scanned, and V8 would
 * otherwise grow the young generation to its largest (about 30 MB more peak memory of the run).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** Starts the check thread (`start`, `messageChars`: how, and the size of its messages, for tests); null when it cannot start. */
export function startCheckThread(
  start: () => Worker = createCheckWorker,
  messageChars = MESSAGE_CHARS,
): CheckThread | null {
  let worker: Worker;
  try {
    worker = start();
  } catch {
    return null;
  }
  const calls = workerCalls<CheckReply>(worker);
  return {
    async check(files, stage) {
      // what the sample reads, kept until the answer (checked here should the thread stop first)
      const input = sampleInput(files);
      const entries = threadEntries(input, stage?.files ?? []);
      const stagingDir = stage?.dir ?? null;
      const reply = await calls.call((id) => {
        let from = 0;
        let chars = 0;
        for (let i = 0; i < entries.length; i++) {
          const { file } = entries[i] as ThreadEntry;
          chars += file.contents.length + (file.syntaxProxy?.length ?? 0);
          if (chars < messageChars && i < entries.length - 1) continue;
          worker.postMessage({
            id,
            entries: entries.slice(from, i + 1),
            stagingDir,
            last: i === entries.length - 1,
          } satisfies CheckMessage);
          from = i + 1;
          chars = 0;
        }
        if (entries.length === 0)
          worker.postMessage({ id, entries: [], stagingDir, last: true } satisfies CheckMessage);
      });
      if (reply === null) {
        // The thread stopped: whatever it wrote of these files is written again here.
        stage?.here(stage.files);
        return checkEntries(input);
      }
      if ('error' in reply) throw new Error(reply.error);
      return { checked: reply.checked, errors: reply.errors };
    },
    close() {
      calls.stop();
      void worker.terminate();
    },
  };
}
