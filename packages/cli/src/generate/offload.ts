/**
 * `generate --watch` renders the OpenAPI and server targets (the slowest per edit: the whole
 * document, its JSON and YAML texts, the server's schemas from it) in a worker thread, on the second
 * core, while the main thread parses and renders the other targets; the worker parses the same spec text with its own incremental
 * parser. When the worker cannot start (a test runner that cannot load TypeScript in workers) or
 * stops, those targets render in the main thread as before: same files either way.
 */
import { Worker } from 'node:worker_threads';
import { chunkedFile, type GeneratedFile } from '@specgen/generate-core';
import { GenerateError } from './target-folder.ts';

/** Targets rendered in the worker when they are selected (in a one-shot run: with at least one other target, one-shot.ts). */
// The server target reads the same OpenAPI document: rendered together, it is built once per edit.
export const OFFLOADED_TARGETS: readonly string[] = ['openapi', 'server'];

export interface OffloadRequest {
  id: number;
  targets: readonly string[];
  specText: string;
  specFile: string;
  outDir: string;
  serviceVersion: string | null;
  templatesDir: string | null;
  /** npm names of the generated packages (specgen.config.*). */
  packageNames?: Readonly<Record<string, string>>;
  /** Changes when a template changed, so the worker loads the templates again. */
  templatesVersion: number;
}

/** A file as posted: a file of fragments without `contents` (cloning would read, so join, it). */
export type PostedFile = Omit<GeneratedFile, 'contents'> & { contents?: string };

export type OffloadReply = { id: number; files: Record<string, PostedFile[]> | null } | { id: number; error: string };

/** What the worker posts for `file`. */
export function postedFile(file: GeneratedFile): PostedFile {
  if (!file.chunks) return file;
  return file.syntaxProxy === undefined
    ? { path: file.path, chunks: file.chunks }
    : { path: file.path, chunks: file.chunks, syntaxProxy: file.syntaxProxy };
}

/** The file the worker posted. */
function receivedFile(file: PostedFile): GeneratedFile {
  if (!file.chunks) return file as GeneratedFile;
  const made = chunkedFile(file.path, file.chunks);
  if (file.syntaxProxy !== undefined) made.syntaxProxy = file.syntaxProxy;
  return made;
}

export interface Offload {
  readonly targets: readonly string[];
  /** Files per target; null when the spec has errors or the worker is unavailable (render them here). */
  render(request: Omit<OffloadRequest, 'id' | 'targets'>): Promise<Map<string, GeneratedFile[]> | null>;
  close(): Promise<void>;
}

/**
 * Next to this module: render-worker.js when built (also the one-shot worker of two-threads.ts). Run from source (tsx), the worker registers
 * tsx's loader itself first: on Node 20 a worker does not get the loader hooks of `--import tsx`.
 */
export function createWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./render-worker.js', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./render-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  // From source, the worker reads the workspace packages' sources too (their `@specgen/source` export).
  const execArgv = [...process.execArgv.filter((a) => !a.startsWith('--conditions')), '--conditions=@specgen/source'];
  return new Worker(boot, { eval: true, execArgv });
}

export function startOffload(targets: readonly string[]): Offload | null {
  if (targets.length === 0) return null;
  let worker: Worker;
  try {
    worker = createWorker();
  } catch {
    return null;
  }
  worker.unref();
  let stopped = false;
  let nextId = 1;
  const waiting = new Map<number, (reply: OffloadReply | null) => void>();
  const stop = () => {
    stopped = true;
    for (const answer of waiting.values()) answer(null);
    waiting.clear();
  };
  worker.on('message', (reply: OffloadReply) => {
    const answer = waiting.get(reply.id);
    waiting.delete(reply.id);
    answer?.(reply);
  });
  worker.on('error', stop);
  worker.on('exit', stop);
  return {
    targets,
    render(request) {
      if (stopped) return Promise.resolve(null);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) => {
          if (reply === null) resolve(null);
          else if ('error' in reply) reject(new GenerateError(reply.error));
          else
            resolve(
              reply.files === null
                ? null
                : new Map(Object.entries(reply.files).map(([target, files]) => [target, files.map(receivedFile)])),
            );
        });
        worker.postMessage({ ...request, id, targets } satisfies OffloadRequest);
      });
    },
    async close() {
      stop();
      await worker.terminate();
    },
  };
}
