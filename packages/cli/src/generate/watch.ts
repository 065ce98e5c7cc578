/**
 * `specgen generate --watch`: regenerate when the spec or a template changes. The incremental
 * parser re-parses only the sections whose text changed, generators re-render, and
 * `writeFiles` writes only files whose bytes changed. Each run reports the time from the file
 * event to the files being written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { createTemplateEngine, type Generator, type TemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser } from '@specgen/parser';
import { type GenerateOutcome, type KnownOutput, type RenderOptions, generateFromSpec } from './pipeline.ts';

const SETTLE_MS = 80;

export interface WatchRun {
  /** What triggered the run: `initial` or the changed file. */
  trigger: string;
  outcome?: GenerateOutcome;
  error?: Error;
  /** Milliseconds from the file event (or start) to the files being written. */
  ms: number;
}

export interface WatchOptions extends RenderOptions {
  specPath: string;
  templatesDir: string | null;
  generators: readonly Generator[];
  onRun(run: WatchRun): void;
}

export interface WatchHandle {
  /** Resolves when the watcher is listening and the initial generation is done. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchGenerate(options: WatchOptions): WatchHandle {
  const parser = createIncrementalParser();
  let templates: TemplateEngine = createTemplateEngine(options.templatesDir ?? undefined);
  /** The output as written by this watcher; the first run reads the folder, later runs compare in memory. */
  const known: KnownOutput = new Map();
  let running = false;
  let queued: { trigger: string; at: number; templatesChanged: boolean } | null = null;
  /** The spec text the last run read; see `settle`. */
  let lastSpecText: string | null = null;

  const run = (trigger: string, at: number, templatesChanged: boolean) => {
    if (templatesChanged) templates = createTemplateEngine(options.templatesDir ?? undefined);
    try {
      lastSpecText = readFileSync(options.specPath, 'utf8');
      const parsed = parser.parse(lastSpecText, options.specFile);
      const outcome = generateFromSpec(parsed, options.generators, templates, { ...options, check: false }, known);
      options.onRun({ trigger, outcome, ms: performance.now() - at });
    } catch (err) {
      options.onRun({ trigger, error: err instanceof Error ? err : new Error(String(err)), ms: performance.now() - at });
    }
  };

  /**
   * chokidar drops a second `change` of one file within 50 ms, so a save right after another
   * (or an editor writing in two steps) could go unseen. Shortly after every event the spec is
   * read again, and a text that differs from what the last run used triggers one more run.
   */
  const settle = () => {
    let text: string | null = null;
    try {
      text = readFileSync(options.specPath, 'utf8');
    } catch {
      return;
    }
    if (text !== lastSpecText) schedule(options.specPath, false);
  };

  const schedule = (trigger: string, templatesChanged: boolean) => {
    const at = performance.now();
    setTimeout(settle, SETTLE_MS).unref();
    if (queued) {
      queued = { trigger, at: queued.at, templatesChanged: queued.templatesChanged || templatesChanged };
      return;
    }
    queued = { trigger, at, templatesChanged };
    if (!running) setImmediate(drain);
  };

  const drain = () => {
    running = true;
    while (queued) {
      const next = queued;
      queued = null;
      run(next.trigger, next.at, next.templatesChanged);
    }
    running = false;
  };

  const templateDirs = templates.dirs.map((d) => join(d));
  const watcher: FSWatcher = watch([options.specPath, ...templateDirs], { ignoreInitial: true });
  const onEvent = (path: string) => schedule(path, templateDirs.some((d) => path.startsWith(d)));
  watcher.on('change', onEvent).on('add', onEvent).on('unlink', onEvent);

  const ready = new Promise<void>((resolve, reject) => {
    watcher.once('ready', () => {
      run('initial', performance.now(), false);
      resolve();
    });
    watcher.once('error', reject);
  });
  return { ready, close: () => watcher.close() };
}
