/**
 * `generate --watch` renders the OpenAPI and server targets (the slowest per edit: the whole
 * document, its JSON and YAML texts, the server's schemas from it) in a worker thread, on the second
 * core, while the main thread parses and renders the other targets; the worker parses the same spec text with its own incremental
 * parser. When the worker cannot start (a test runner that cannot load TypeScript in workers) or
 * stops, those targets render in the main thread as before: same files either way.
 */
import type { Worker } from 'node:worker_threads';
import { chunkedFile, type GeneratedFile } from '@specgen/generate-core';
import { GenerateError } from './target-folder.ts';
import { startWorkerModule, workerCalls } from './worker-calls.ts';

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

/** The render worker (render-worker.ts; also the one-shot worker of one-shot.ts). */
export function createWorker(): Worker {
  return startWorkerModule('render-worker');
}

export function startOffload(targets: readonly string[]): Offload | null {
  if (targets.length === 0) return null;
  let worker: Worker;
  try {
    worker = createWorker();
  } catch {
    return null;
  }
  const calls = workerCalls<OffloadReply>(worker);
  return {
    targets,
    async render(request) {
      const reply = await calls.call((id) => worker.postMessage({ ...request, id, targets } satisfies OffloadRequest));
      if (reply === null) return null;
      if ('error' in reply) throw new GenerateError(reply.error);
      if (reply.files === null) return null;
      return new Map(Object.entries(reply.files).map(([target, files]) => [target, files.map(receivedFile)]));
    },
    async close() {
      calls.stop();
      await worker.terminate();
    },
  };
}
