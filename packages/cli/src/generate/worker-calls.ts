/**
 * What generate's worker threads (offload.ts: the render worker; check-thread.ts: the check thread)
 * share: how a worker module starts, built or from source, and requests matched to their replies by id.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The worker module `name` next to this one: `<name>.js` when built; from source (tsx), a worker that
 * registers tsx's loader first (on Node 20 a worker does not get the loader hooks of `--import tsx`)
 * and reads the workspace packages' sources (their `@specgen/source` export).
 */
export function startWorkerModule(name: string, options: WorkerOptions = {}): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, import.meta.url), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  const execArgv = [...process.execArgv.filter((a) => !a.startsWith('--conditions')), '--conditions=@specgen/source'];
  return new Worker(boot, { ...options, eval: true, execArgv });
}

export interface WorkerCalls<Reply extends { id: number }> {
  /**
   * One request: `send` posts its message(s) under the id it is given; resolves with the reply that
   * carries that id, or null when the worker ended (or had ended) before answering.
   */
  call(send: (id: number) => void): Promise<Reply | null>;
  /** Stops waiting: every open request resolves with null. */
  stop(): void;
}

/**
 * Requests to `worker`, which answers each with one message carrying the request's id. The worker is
 * never what keeps the process alive (unref): a run closes it, and a failed run exits without it.
 */
export function workerCalls<Reply extends { id: number }>(worker: Worker): WorkerCalls<Reply> {
  worker.unref();
  let stopped = false;
  let nextId = 1;
  const waiting = new Map<number, (reply: Reply | null) => void>();
  const stop = () => {
    stopped = true;
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const answer = waiting.get(reply.id);
    waiting.delete(reply.id);
    answer?.(reply);
  });
  // Only once the thread has ended: its uncaught error ('error') comes first, and until 'exit' the
  // thread's environment is still being torn down, including the file system requests it had queued
  // on libuv's pool (Node lets them finish or cancels them before the thread ends). A caller that
  // redoes the thread's work on a null reply (the check thread's writes) then never races one of them.
  worker.on('error', () => {});
  worker.on('exit', stop);
  return {
    call(send) {
      if (stopped) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        send(id);
      });
    },
    stop,
  };
}
