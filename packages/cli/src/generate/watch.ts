/**
 * `specgen generate --watch`: regenerate when the spec or a template changes. The incremental
 * parser re-parses only the sections whose text changed, generators re-render, and
 * `writeFiles` writes only files whose bytes changed. Each run reports the time from the file
 * event to the files being written. With SPECGEN_WATCH_WORKER=1 the OpenAPI and server targets
 * render in a worker thread meanwhile (offload.ts). After the initial run, the pipeline rehearses a
 * row edit and a field edit of a large spec without writing anything (warm-up.ts), and then, while
 * idle, runs V8's first full collection of the large heap, so that no early save pays it (idle-collect.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { hasErrors } from '@specgen/diagnostics';
import { createTemplateEngine, type GeneratedFile, type Generator, type TemplateEngine } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { createIncrementalParser } from '@specgen/parser';
import { builtinTemplatesDir } from './templates-dir.ts';
import { generators as registry } from '../generators.ts';
import { OFFLOADED_TARGETS, startOffload } from './offload.ts';
import {
  type GenerateOutcome,
  type KnownOutput,
  type RenderOptions,
  generateFromSpecOverlapped,
  renderTarget,
} from './pipeline.ts';
import {
  HALF_WRITTEN_QUIET_MS,
  REMOVE_QUIET_MS,
  RUN_QUIET_MS,
  SpecChanged,
  assertUnchanged,
  mayRemove,
  readWhenWritten,
} from './spec-stability.ts';
import { rehearseWrite, removeHeld } from './write-changed.ts';
import { type StartUpCollector, startUpCollector } from './idle-collect.ts';
import { WarmUpRehearsed, WarmUpStop, wantsWarmUp, warmUpTexts } from './warm-up.ts';

const SETTLE_MS = 80;

export interface WatchRun {
  /** What triggered the run: `initial` or the changed file. */
  trigger: string;
  outcome?: GenerateOutcome;
  /** The spec text this run parsed (for the source lines of pretty diagnostics); absent when it could not be read. */
  specText?: string;
  error?: Error;
  /** Milliseconds from the file event (or start) to the files being written. */
  ms: number;
  /** Targets this run rendered in the worker thread (offload.ts). */
  offloaded?: readonly string[];
  /**
   * A newer event (or a spec that changed since it was read) superseded this run before it could
   * remove files: the files it no longer produced were kept, and the next run decides (spec-stability.ts).
   * Without an `outcome`: the spec changed while the run parsed and rendered it, so it wrote nothing.
   */
  provisional?: boolean;
}

export interface WatchOptions extends RenderOptions {
  specPath: string;
  templatesDir: string | null;
  generators: readonly Generator[];
  onRun(run: WatchRun): void;
  /**
   * How long the spec must be quiet before a run reads it, before a run removes files, and before a
   * run takes a text that looks half written (spec-stability.ts).
   */
  quietMs?: { run: number; remove: number; halfWritten?: number };
  /** Whether to warm up after the initial run (warm-up.ts); default: SPECGEN_WATCH_WARMUP, else by the spec's size. */
  warmUp?: boolean;
  /** Told how the warm-up ended (tests): every rehearsal ran, a save or close stopped it, or none was due. */
  onWarmUp?(outcome: WarmUpOutcome): void;
}

export type WarmUpOutcome = 'done' | 'stopped' | 'skipped' | 'failed';

export interface WatchHandle {
  /** Resolves when the watcher is listening and the initial generation is done. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchGenerate(options: WatchOptions): WatchHandle {
  const parser = createIncrementalParser();
  let templates: TemplateEngine = createTemplateEngine(options.templatesDir ?? undefined, builtinTemplatesDir());
  /** The output as written by this watcher; the first run reads the folder, later runs compare in memory. */
  const known: KnownOutput = new Map();
  let running = false;
  /** The next run: its trigger, its first and its last event, and whether a template changed. */
  let queued: { trigger: string; at: number; last: number; templatesChanged: boolean } | null = null;
  /**
   * When the last run that finished (not provisional) read the spec: a spec event before then told
   * of a write that run read already, so a run queued only by such events has nothing to do.
   */
  let coveredUntil = Number.NEGATIVE_INFINITY;
  /** The spec text the last run read; see `settle`. */
  let lastSpecText: string | null = null;
  /** A run started and has not read the spec yet: it will read the latest text, so `settle` waits for it. */
  let reading = false;
  let templatesVersion = 0;
  let closed = false;
  // Opt-in (SPECGEN_WATCH_WORKER=1): on the shared 2-core machine it was measured it cost more CPU
  // and memory than it saved (docs/benchmarks/generate.md). Only the registry's own generators can
  // be re-created in the worker.
  const offloaded = options.generators
    .filter((g) => OFFLOADED_TARGETS.includes(g.target) && registry.includes(g))
    .map((g) => g.target);
  const offload = process.env['SPECGEN_WATCH_WORKER'] === '1' ? startOffload(offloaded) : null;
  // V8's first full collection while idle after the start-up runs, not during a save (idle-collect.ts):
  // made when the initial run is done, tried after the warm-up and again after each run until done.
  let startUp: StartUpCollector | null = null;
  const collectAtStartUp = () => startUp?.collectWhenIdle(() => !running && !queued && !closed);

  const run = async (trigger: string, at: number, templatesChanged: boolean) => {
    if (templatesChanged) {
      templates = createTemplateEngine(options.templatesDir ?? undefined, builtinTemplatesDir());
      templatesVersion++;
    }
    let specText: string | undefined;
    coveredUntil = Number.NEGATIVE_INFINITY;
    try {
      // A save truncates, then writes: read once the spec is quiet and does not look half written,
      // and note what was read (spec-stability.ts).
      reading = true;
      const quiet = options.quietMs;
      const { text, read, readAt } = await readWhenWritten(options.specPath, lastSpecText, {
        run: quiet?.run ?? RUN_QUIET_MS,
        halfWritten: quiet?.halfWritten ?? HALF_WRITTEN_QUIET_MS,
      });
      specText = text;
      lastSpecText = specText;
      reading = false;
      // A spec that changed since it was read (a save still being written): stop, and write nothing
      // from it. Checked after the parse, after each target and before the write, so that a run on
      // a stale text renders as little of it as it can (each target keeps what its last run used).
      const stillAsRead = () => assertUnchanged(options.specPath, read);
      const remote = offload?.render({
        specText,
        specFile: options.specFile,
        outDir: options.outDir,
        serviceVersion: options.serviceVersion,
        templatesDir: options.templatesDir,
        packageNames: options.packageNames,
        templatesVersion,
      });
      remote?.catch(() => undefined); // not awaited when the spec has errors; awaited (and thrown) below otherwise
      const parseStarted = performance.now();
      const parsed = parser.parse(specText, options.specFile);
      options.progress?.parsed(
        options.specFile,
        {
          resources: parsed.spec.resources.length,
          structures: parsed.spec.structures.length,
          diagnostics: parsed.diagnostics.length,
        },
        performance.now() - parseStarted,
      );
      stillAsRead();
      let prerendered: Map<string, readonly GeneratedFile[]> | undefined;
      const offloaded: string[] = [];
      if (offload && remote && !hasErrors(parsed.diagnostics)) {
        // The other targets render here while the worker renders its own; a target the worker
        // could not render (null) is rendered by generateFromSpec below.
        prerendered = new Map();
        for (const g of options.generators)
          if (!offload.targets.includes(g.target))
            prerendered.set(g.target, renderTarget(parsed.spec, g, templates, options));
        for (const [target, files] of (await remote) ?? []) {
          prerendered.set(target, files);
          offloaded.push(target);
        }
      }
      const held: string[] = [];
      const settings = {
        ...options,
        check: false,
        heldRemovals: held,
        beforeWrite: stillAsRead,
        afterTarget: stillAsRead,
      };
      const outcome = await generateFromSpecOverlapped(
        parsed,
        options.generators,
        templates,
        settings,
        known,
        prerendered,
      );
      let provisional = false;
      if (held.length > 0 && outcome.kind === 'written') {
        // Removals only from a run no newer event superseded, on a spec that stayed as read.
        const quietMs = options.quietMs?.remove ?? REMOVE_QUIET_MS;
        if (await mayRemove(options.specPath, read, () => queued !== null, quietMs)) {
          outcome.report.removed.push(...removeHeld(options.outDir, held, known));
        } else {
          provisional = true;
          if (!queued) schedule(options.specPath, false);
        }
      }
      if (!provisional) coveredUntil = readAt;
      options.onRun({ trigger, outcome, specText, ms: performance.now() - at, offloaded, provisional });
      return !provisional && outcome.kind === 'written' ? parsed.spec : null;
    } catch (err) {
      reading = false;
      if (err instanceof SpecChanged) {
        if (!queued) schedule(options.specPath, false);
        options.onRun({ trigger, specText, ms: performance.now() - at, provisional: true });
        return null;
      }
      options.onRun({
        trigger,
        error: err instanceof Error ? err : new Error(String(err)),
        specText,
        ms: performance.now() - at,
      });
      return null;
    }
  };

  /**
   * After the initial run wrote the spec `spec` (read as `lastSpecText`): the pipeline on each of
   * `warmUpTexts`, writing nothing (warm-up.ts). Runs as a run does (`running`), so an event queues
   * a run; that run starts as soon as the warm-up sees it, at the next target at the latest.
   */
  const warmUp = async (spec: Spec): Promise<WarmUpOutcome> => {
    const text = lastSpecText;
    const wanted = options.warmUp ?? wantsWarmUp(process.env['SPECGEN_WATCH_WARMUP'], text?.length ?? 0);
    // Never without a known output: a run without one would stage its files (pipeline.ts `startRun`).
    if (!wanted || offload || text === null || known.size === 0) return 'skipped';
    const texts = warmUpTexts(text, spec);
    if (texts.length === 0) return 'skipped';
    const stop = () => {
      if (queued || closed || lastSpecText !== text) throw new WarmUpStop('a save came');
    };
    const settings = {
      ...options,
      progress: undefined,
      check: false,
      afterTarget: stop,
      betweenTargets: async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        stop();
      },
      beforeWrite: (files: readonly GeneratedFile[]) => {
        // the write's planning runs too (nothing is written), so a first save does not run it cold
        rehearseWrite(files, known);
        throw new WarmUpRehearsed();
      },
    };
    try {
      for (const [i, rehearsed] of texts.entries()) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        stop();
        const parsed = parser.parse(rehearsed, options.specFile);
        stop();
        try {
          await generateFromSpecOverlapped(parsed, options.generators, templates, settings, known);
        } catch (err) {
          if (!(err instanceof WarmUpRehearsed)) throw err;
        }
        // The last text is the spec's own: every memo is as after the initial run.
        if (i < texts.length - 1) stop();
      }
      return 'done';
    } catch (err) {
      return err instanceof WarmUpStop ? 'stopped' : 'failed';
    }
  };

  /**
   * chokidar drops a second `change` of one file within 50 ms, so a save right after another
   * (or an editor writing in two steps) could go unseen. Shortly after every event the spec is
   * read again, and a text that differs from what the last run used triggers one more run.
   * Not while a run is going: it would read the 2 MB spec (a few ms) at the run's wait for its
   * syntax checks, just before the write; a change after the run's read is found by the run itself
   * (`SpecChanged` before the write), or by this look once the run is done.
   */
  const settle = () => {
    // A run that will read the spec is on its way, or one is rendering: look again after it.
    if (queued || reading || running) return void setTimeout(settle, SETTLE_MS).unref();
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
      queued = { trigger, at: queued.at, last: at, templatesChanged: queued.templatesChanged || templatesChanged };
      return;
    }
    queued = { trigger, at, last: at, templatesChanged };
    if (!running) setImmediate(() => void drain());
  };

  const drain = async () => {
    running = true;
    while (queued) {
      const next = queued;
      queued = null;
      // Events of a save that the last run read whole (an editor that writes in two steps, more
      // than chokidar's 50 ms apart): no second run on the same text.
      if (!next.templatesChanged && next.last < coveredUntil) continue;
      await run(next.trigger, next.at, next.templatesChanged);
    }
    running = false;
    collectAtStartUp();
  };

  const templateDirs = templates.dirs.map((d) => join(d));
  const watcher: FSWatcher = watch([options.specPath, ...templateDirs], { ignoreInitial: true });
  const onEvent = (path: string) =>
    schedule(
      path,
      templateDirs.some((d) => path.startsWith(d)),
    );
  watcher.on('change', onEvent).on('add', onEvent).on('unlink', onEvent);

  let warming: Promise<void> | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    watcher.once('ready', () => {
      running = true;
      void run('initial', performance.now(), false).then((spec) => {
        resolve();
        if (!closed) startUp = startUpCollector(process.env['SPECGEN_WATCH_IDLE_GC']);
        warming = (spec && !queued ? warmUp(spec) : Promise.resolve<WarmUpOutcome>('skipped')).then((outcome) => {
          running = false;
          options.onWarmUp?.(outcome);
          if (queued) setImmediate(() => void drain());
          else collectAtStartUp();
        });
      });
    });
    watcher.once('error', reject);
  });
  return {
    ready,
    close: async () => {
      closed = true;
      startUp?.cancel();
      await watcher.close();
      await warming;
      await offload?.close();
    },
  };
}
