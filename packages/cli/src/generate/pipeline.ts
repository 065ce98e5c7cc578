/**
 * The stages of `specgen generate`, in order: parse (stop on errors); then per target: render,
 * check the TypeScript syntax of what changed, stage the changed files (or, with --check, list
 * them as stale) and drop their text; then move the staged files into place. Each stage returns
 * data; nothing here prints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '@specgen/diagnostics';
import { hasErrors } from '@specgen/diagnostics';
import {
  GENERATED_MARKER,
  type GenerateContext,
  type GeneratedFile,
  type Generator,
  type RunShared,
  type Staging,
  type TemplateEngine,
  type WriteReport,
  createRunShared,
  createStaging,
  leftOverFiles,
} from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { packageVersionOf } from './package-version.ts';
import type { GenerateProgress } from './progress.ts';
import { type SettleOptions, type SettledTarget, settleTarget, settleTargetLater } from './settle.ts';
import { checkFolder } from './target-folder.ts';
import { stampWrittenPath } from './move-tail.ts';
import { type KnownOutput, isLarge, knownOf, writeChanged } from './write-changed.ts';

export type { KnownOutput } from './write-changed.ts';

export interface RenderOptions {
  outDir: string;
  /** The spec path as printed in headers: relative to the working directory, `/` separators. */
  specFile: string;
  serviceVersion: string | null;
  /** Told when each target is rendered (the command prints it on a terminal). */
  progress?: GenerateProgress;
  /** npm name of every target's package (specgen.config.*); default `@service-api/<target>`. */
  packageNames?: Readonly<Record<string, string>>;
  /** Files whose contents the outcome keeps (`kept`); the others' text is dropped once written. */
  keep?: (path: string) => boolean;
  /** Watch mode: files a run no longer produces are listed here, not removed (write-changed.ts `held`). */
  heldRemovals?: string[];
  /** A one-shot run: generators keep no memos for a later run (GenerateContext.oneShot). */
  oneShot?: boolean;
  /** Where a generator may write a large file as it makes it (GenerateContext.stageFile; one-shot only). */
  stageFile?: GenerateContext['stageFile'];
  /**
   * Watch mode: called once everything is rendered, before anything is written, with the files to write
   * (watch mode's, in render order; none without `known`); throws to write nothing.
   */
  beforeWrite?: (files: readonly GeneratedFile[]) => void;
  /** Watch mode: called after each target is rendered; throws to stop the run (it writes nothing). */
  afterTarget?: () => void;
  /** Watch mode's warm-up: awaited between targets (the overlapped form only), so a save's event is seen. */
  betweenTargets?: () => Promise<void>;
}

/** One target's files, each checked to lie under the target's folder. */
export function renderTarget(
  spec: Spec,
  g: Generator,
  templates: TemplateEngine,
  options: RenderOptions,
  shared?: RunShared,
  versions?: Map<string, string>,
): GeneratedFile[] {
  // Every target's version, also of targets not selected: the client's range on types needs it.
  // `versions`: the ones this run read already (each package.json is read once per run, not per target).
  const targets = new Set([...Object.keys(options.packageNames ?? {}), g.target]);
  const versionOf = (t: string) => {
    let version = versions?.get(t);
    if (version === undefined) {
      version = packageVersionOf(options.outDir, t);
      versions?.set(t, version);
    }
    return version;
  };
  const packageVersions = Object.fromEntries([...targets].map((t) => [t, versionOf(t)]));
  const produced = g.generate({
    spec,
    templates,
    options: {
      serviceVersion: options.serviceVersion,
      specFile: options.specFile,
      packageVersion: packageVersions[g.target]!,
      packageNames: options.packageNames,
      packageVersions,
    },
    shared,
    oneShot: options.oneShot === true,
    ...(options.stageFile ? { stageFile: options.stageFile } : {}),
  });
  checkFolder(g.target, produced);
  return produced;
}

export const byPath = (a: string, b: string) => a.localeCompare(b);

/**
 * Files this run may overwrite or remove: under a selected target's folder and carrying the
 * generated marker. A hand-written file dropped into generated/<target>/ is never deleted.
 */
export function ownedBy(outDir: string, targets: readonly string[]): (path: string) => boolean {
  return (path) => {
    if (!targets.some((t) => path.startsWith(`${t}/`))) return false;
    try {
      return readFileSync(join(outDir, path), 'utf8').includes(GENERATED_MARKER);
    } catch {
      return false;
    }
  };
}

/** Every path a run produced, sorted, and the files `RenderOptions.keep` asked for. */
interface Produced {
  paths: string[];
  kept: GeneratedFile[];
  diagnostics: Diagnostic[];
  /** Targets a worker thread rendered (one-shot.ts); absent: all on this thread. */
  offloaded?: string[];
}

export type GenerateOutcome =
  | { kind: 'diagnostics'; diagnostics: Diagnostic[] }
  | ({ kind: 'written'; report: WriteReport } & Produced)
  | ({ kind: 'checked'; stale: string[] } & Produced);

/**
 * Parse result -> output. Each target is rendered, checked and staged (or compared, with --check)
 * before the next is rendered, so only one target's files are held at a time; the staged files
 * are moved into place when every target succeeded, so a failed run changes nothing (staging.ts).
 * `known`: watch mode's output of the last run, written from memory (write-changed.ts).
 * `prerendered`: files of some targets rendered elsewhere from the same spec (watch mode's worker).
 */
export async function generateFromSpec(
  parsed: { spec: Spec; diagnostics: Diagnostic[] },
  generators: readonly Generator[],
  templates: TemplateEngine,
  options: RenderOptions & { check: boolean },
  known?: KnownOutput,
  prerendered?: ReadonlyMap<string, readonly GeneratedFile[]>,
): Promise<GenerateOutcome> {
  if (hasErrors(parsed.diagnostics)) return { kind: 'diagnostics', diagnostics: parsed.diagnostics };
  const run = startRun(options, known);
  try {
    for (const g of generators)
      run.settled.push(settleTarget(g.target, run.render(parsed.spec, g, templates, prerendered), run.settle));
    return await run.finish(generators, parsed.diagnostics);
  } catch (err) {
    await run.discard();
    throw err;
  }
}

/**
 * `generateFromSpec` for watch mode: each target's syntax check runs in esbuild's process while the
 * next target renders (settle.ts `settleTargetLater`), and nothing is written before every check
 * passed. The sync form waited for each target's check in turn (5-15 ms of every save).
 */
export async function generateFromSpecOverlapped(
  parsed: { spec: Spec; diagnostics: Diagnostic[] },
  generators: readonly Generator[],
  templates: TemplateEngine,
  options: RenderOptions & { check: boolean },
  known?: KnownOutput,
  prerendered?: ReadonlyMap<string, readonly GeneratedFile[]>,
): Promise<GenerateOutcome> {
  if (hasErrors(parsed.diagnostics)) return { kind: 'diagnostics', diagnostics: parsed.diagnostics };
  const run = startRun(options, known);
  const checks: Promise<void>[] = [];
  try {
    for (const g of generators) {
      const later = settleTargetLater(g.target, run.render(parsed.spec, g, templates, prerendered), run.settle);
      later.checked.catch(() => {}); // read below, by Promise.all
      checks.push(later.checked);
      run.settled.push(later.settled);
      await options.betweenTargets?.();
    }
    await Promise.all(checks);
    return await run.finish(generators, parsed.diagnostics);
  } catch (err) {
    await run.discard();
    throw err;
  }
}

/** What `generateFromSpec` and its overlapped form share: one run's staging, settle options and files. */
function startRun(options: RenderOptions & { check: boolean }, known: KnownOutput | undefined) {
  const memory = known && known.size > 0 ? known : undefined;
  const staging = options.check || memory ? null : createStaging(options.outDir);
  const settle: SettleOptions = {
    outDir: options.outDir,
    known: memory,
    stage: staging?.stage,
    keep: options.keep,
    seen: new Set(),
  };
  // Watch mode keeps every file's text between runs anyway.
  const collected: GeneratedFile[] | null = known ? [] : null;
  const settled: SettledTarget[] = [];
  let shared: RunShared | null = createRunShared();
  const versions = new Map<string, string>();
  return {
    settle,
    settled,
    render(
      spec: Spec,
      g: Generator,
      templates: TemplateEngine,
      prerendered?: ReadonlyMap<string, readonly GeneratedFile[]>,
    ): readonly GeneratedFile[] {
      const started = performance.now();
      const produced =
        prerendered?.get(g.target) ?? renderTarget(spec, g, templates, options, shared ?? undefined, versions);
      options.progress?.rendered(g.target, produced.length, performance.now() - started);
      options.afterTarget?.();
      collected?.push(...produced);
      return produced;
    },
    finish(generators: readonly Generator[], diagnostics: Diagnostic[]): Promise<GenerateOutcome> {
      shared = null;
      return finish(settled, generators, options, diagnostics, staging, { known, collected });
    },
    discard: async () => staging?.discard(),
  };
}

/**
 * After every target settled: the syntax check's total, then the commit (or --check's list).
 * `known`, `collected`: watch mode's output of the last run and this run's files. `checkMs`: the check's time as
 * reported (default: the sum of the targets'; a run whose checks overlap the rendering says less).
 */
export async function finish(
  settled: readonly SettledTarget[],
  generators: readonly Generator[],
  options: RenderOptions & { check: boolean },
  diagnostics: Diagnostic[],
  staging: Staging | null,
  more: { known?: KnownOutput; collected?: GeneratedFile[] | null; checkMs?: number } = {},
): Promise<GenerateOutcome> {
  const { known, collected } = more;
  options.progress?.checked?.(sum(settled.map((s) => s.checked)), more.checkMs ?? sum(settled.map((s) => s.checkMs)));
  const wanted = new Set(settled.flatMap((s) => s.paths));
  const produced: Produced = { paths: [...wanted].sort(byPath), kept: settled.flatMap((s) => s.kept), diagnostics };
  const owned = ownedBy(
    options.outDir,
    generators.map((g) => g.target),
  );
  if (options.check) {
    const leftOver = leftOverFiles(options.outDir, wanted, owned);
    return { kind: 'checked', stale: [...settled.flatMap((s) => s.changed), ...leftOver].sort(), ...produced };
  }
  options.beforeWrite?.(collected ?? []);
  const writeStarted = performance.now();
  const done = (report: WriteReport): GenerateOutcome => {
    options.progress?.wrote?.(report, performance.now() - writeStarted);
    if (known && staging)
      for (const f of collected!) {
        known.set(f.path, knownOf(f));
        if (isLarge(f)) stampWrittenPath(join(options.outDir, f.path));
      }
    return { kind: 'written', report, ...produced };
  };
  if (staging) return done(await staging.commit(wanted, owned));
  return done(
    writeChanged(
      options.outDir,
      collected!.sort((a, b) => byPath(a.path, b.path)),
      known!,
      options.heldRemovals,
      new Set(settled.flatMap((s) => s.changed)),
    ),
  );
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
