/**
 * A one-shot run's syntax checks on a thread of their own (check-worker.ts). The check of a large
 * target is the line scan of its sample (about 0.1 s of the 600-resource spec's types and validators)
 * and esbuild's parse in its own process, whose requests and answers pass through the event loop of the
 * thread that asked: on the main thread, which renders synchronously, a target's check advanced only
 * between targets, and the run waited for the last two at the end. Here both go on while the main
 * thread renders the next target. The worker is sent only what the sample reads (`sampleInput`). When it
 * cannot start or dies, the checks run on the main thread as before: the same sample, the same errors.
 */
import { Worker } from 'node:worker_threads';
import {
  type GeneratedFile,
  type SampleEntry,
  type SyntaxError as SyntaxProblem,
  sampleInput,
  sampleOf,
  syntaxErrorsAsync,
} from '@specgen/generate-core';

/** Part of one check's files (`sampleInput`), in order; `last`: the check's files are all sent. */
export interface CheckMessage {
  id: number;
  entries: SampleEntry[];
  last: boolean;
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
  /** The syntax errors of the sample of `files` (syntax-sample.ts), found on the check thread. */
  check(files: readonly GeneratedFile[]): Promise<CheckResult>;
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
 * check-worker.js next to this module when built; from source (tsx), a worker that registers tsx's
 * loader first (on Node 20 a worker does not get the loader hooks of `--import tsx`), as offload.ts does.
 */
export function createCheckWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./check-worker.js', import.meta.url), { resourceLimits: WORKER_LIMITS });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./check-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  const execArgv = [...process.execArgv.filter((a) => !a.startsWith('--conditions')), '--conditions=@specgen/source'];
  return new Worker(boot, { eval: true, execArgv, resourceLimits: WORKER_LIMITS });
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
  // never what keeps the process alive: a run closes it, and a failed run exits without it
  worker.unref();
  let stopped = false;
  let nextId = 1;
  /** Each request's answer (null: the thread stopped first). */
  const waiting = new Map<number, (reply: CheckReply | null) => void>();
  const stop = () => {
    stopped = true;
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  worker.on('message', (reply: CheckReply) => {
    const answer = waiting.get(reply.id);
    waiting.delete(reply.id);
    answer?.(reply);
  });
  worker.on('error', stop);
  worker.on('exit', stop);
  return {
    check(files) {
      if (stopped) return checkHere(files);
      const id = nextId++;
      // what the sample reads, kept until the answer (checked here should the thread stop first)
      const input = sampleInput(files);
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) => {
          if (reply === null) checkEntries(input).then(resolve, reject);
          else if ('error' in reply) reject(new Error(reply.error));
          else resolve({ checked: reply.checked, errors: reply.errors });
        });
        let from = 0;
        let chars = 0;
        for (let i = 0; i < input.length; i++) {
          const { file } = input[i] as SampleEntry;
          chars += file.contents.length + (file.syntaxProxy?.length ?? 0);
          if (chars < messageChars && i < input.length - 1) continue;
          worker.postMessage({
            id,
            entries: input.slice(from, i + 1),
            last: i === input.length - 1,
          } satisfies CheckMessage);
          from = i + 1;
          chars = 0;
        }
        if (input.length === 0) worker.postMessage({ id, entries: [], last: true } satisfies CheckMessage);
      });
    },
    close() {
      stop();
      void worker.terminate();
    },
  };
}
