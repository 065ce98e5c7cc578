/**
 * The stages of `specgen generate`, in order: parse (stop on errors); then per target: render,
 * check the TypeScript syntax of what changed, stage the changed files (or, with --check, list
 * them as stale) and drop their text; then move the staged files into place. Each stage returns
 * data; nothing here prints.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '@specgen/diagnostics';
import { hasErrors } from '@specgen/diagnostics';
import {
  type CurrentOutput, GENERATED_MARKER, type GeneratedFile, type Generator, type RunShared, type Staged, type Staging, type TemplateEngine,
  type SyntaxError, type WriteReport, createRunShared, createStaging, currentContents, sameContents, leftOverFiles, syntaxErrors, syntaxErrorsAsync, syntaxSample,
} from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { narrowToEdits } from './edit-chunk.ts';
import type { GenerateProgress } from './progress.ts';
import { type KnownOutput, isKnown, knownOf, knownText, writeChanged } from './write-changed.ts';

export type { KnownOutput } from './write-changed.ts';

export const DEFAULT_PACKAGE_VERSION = '0.1.0';

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
}

export class GenerateError extends Error {}

/** `spec/service-api.md` whatever the platform, so headers are the same on every machine. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel.startsWith('..') ? resolve(path) : rel).split(sep).join('/');
}

/**
 * The version in an existing generated package.json wins, so that a release tool (changesets)
 * may bump it and a later regeneration keeps the bump.
 */
export function packageVersionOf(outDir: string, target: string): string {
  const file = join(outDir, target, 'package.json');
  if (!existsSync(file)) return DEFAULT_PACKAGE_VERSION;
  try {
    const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && /^\d+\.\d+\.\d+/.test(version) ? version : DEFAULT_PACKAGE_VERSION;
  } catch {
    return DEFAULT_PACKAGE_VERSION;
  }
}

/** One target's files, each checked to lie under the target's folder. */
export function renderTarget(spec: Spec, g: Generator, templates: TemplateEngine, options: RenderOptions, shared?: RunShared): GeneratedFile[] {
  // Every target's version, also of targets not selected: the client's range on types needs it.
  const targets = new Set([...Object.keys(options.packageNames ?? {}), g.target]);
  const packageVersions = Object.fromEntries([...targets].map((t) => [t, packageVersionOf(options.outDir, t)]));
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
  });
  checkFolder(g.target, produced);
  return produced;
}

function checkFolder(target: string, files: readonly GeneratedFile[]): void {
  for (const f of files) {
    if (!f.path.startsWith(`${target}/`)) throw new GenerateError(`generator ${target} produced ${f.path}, outside its folder ${target}/`);
  }
}

/** What became of one target's files; their text is dropped once they are staged or compared. */
export interface SettledTarget {
  target: string;
  /** Every path the target produced. */
  paths: string[];
  /** Files whose text differs from the output folder's (with --check: the stale ones). */
  changed: string[];
  /** Staged for the commit (a one-shot write). */
  staged?: Staged;
  /** The contents of files `RenderOptions.keep` asked for. */
  kept: GeneratedFile[];
  /** Files the syntax check parsed, and its time. */
  checked: number;
  checkMs: number;
}

export interface SettleOptions {
  outDir: string;
  /** Watch mode's output of the last run, compared in memory instead of reading the folder. */
  known?: KnownOutput;
  /** Writes the changed files into the run's staging folder (absent: --check or watch mode). */
  stage?: (files: readonly GeneratedFile[], current: CurrentOutput) => Staged;
  keep?: (path: string) => boolean;
  /** Paths of the targets settled before in this run, to refuse a path produced twice. */
  seen: Set<string>;
}

/**
 * One rendered target: refuses a path produced twice, checks the TypeScript syntax of a sample of
 * the files that changed (files identical to the output were checked when they were written; see
 * syntax-sample.ts), then stages them. Throws GenerateError, and stages nothing, on a bad file.
 */
export function settleTarget(target: string, files: readonly GeneratedFile[], options: SettleOptions): SettledTarget {
  const { changed, sample, current, confirm } = changedFiles(target, files, options);
  const checkStarted = performance.now();
  refuseErrors(confirm(syntaxErrors(sample)));
  return settledOf(target, files, changed, current, sample.length, performance.now() - checkStarted, options);
}

/**
 * The same, but the syntax check runs in esbuild's process while the caller goes on: the files
 * are staged at once, and `checked` rejects with the GenerateError if the sample does not parse
 * (the run must then discard its staging folder; a commit waits for every `checked`).
 */
export function settleTargetLater(target: string, files: readonly GeneratedFile[], options: SettleOptions): { settled: SettledTarget; checked: Promise<void> } {
  const { changed, sample, current, confirm } = changedFiles(target, files, options);
  const checkStarted = performance.now();
  const settled = settledOf(target, files, changed, current, sample.length, 0, options);
  const checked = syntaxErrorsAsync(sample).then((errors) => {
    settled.checkMs = performance.now() - checkStarted;
    refuseErrors(confirm(errors));
  });
  return { settled, checked };
}

function changedFiles(target: string, files: readonly GeneratedFile[], options: SettleOptions) {
  checkFolder(target, files);
  for (const f of files) {
    if (options.seen.has(f.path)) throw new GenerateError(`two files are generated at ${f.path}`);
    options.seen.add(f.path);
  }
  // the output folder's texts, read once: compared here, reused by `stage`
  const current = new Map<string, string | undefined>();
  const known = options.known;
  // Watch mode compares with what it wrote (files of fragments fragment by fragment, write-changed.ts).
  const changed = files.filter((f) => (known ? !isKnown(known.get(f.path), f) : !sameContents(currentText(options.outDir, f.path, current), f)));
  // Watch mode parses only the edited statements of a large file (edit-chunk.ts).
  const narrowed = known ? narrowToEdits(changed, (path) => knownText(known.get(path))) : null;
  return { changed, sample: syntaxSample(narrowed?.files ?? changed), current, confirm: narrowed?.confirm ?? ((errors: SyntaxError[]) => errors) };
}

function settledOf(
  target: string, files: readonly GeneratedFile[], changed: GeneratedFile[], current: CurrentOutput, checked: number, checkMs: number,
  options: SettleOptions,
): SettledTarget {
  return {
    target,
    paths: files.map((f) => f.path),
    changed: changed.map((f) => f.path),
    staged: options.stage?.(files, current),
    kept: options.keep ? files.filter((f) => options.keep!(f.path)) : [],
    checked,
    checkMs,
  };
}

function refuseErrors(errors: readonly SyntaxError[]): void {
  if (errors.length === 0) return;
  const list = errors.slice(0, 20).map((e) => `  ${e.path}:${e.line}:${e.column}: ${e.message}`).join('\n');
  throw new GenerateError(`generated TypeScript does not parse (check the templates):\n${list}`);
}

function currentText(outDir: string, path: string, disk: Map<string, string | undefined>): string | undefined {
  let text: string | undefined;
  try {
    text = currentContents(outDir, path);
  } catch {
    text = undefined;
  }
  disk.set(path, text);
  return text;
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
export function generateFromSpec(
  parsed: { spec: Spec; diagnostics: Diagnostic[] },
  generators: readonly Generator[],
  templates: TemplateEngine,
  options: RenderOptions & { check: boolean },
  known?: KnownOutput,
  prerendered?: ReadonlyMap<string, readonly GeneratedFile[]>,
): GenerateOutcome {
  if (hasErrors(parsed.diagnostics)) return { kind: 'diagnostics', diagnostics: parsed.diagnostics };
  const memory = known && known.size > 0 ? known : undefined;
  const staging = options.check || memory ? null : createStaging(options.outDir);
  try {
    const settle: SettleOptions = { outDir: options.outDir, known: memory, stage: staging?.stage, keep: options.keep, seen: new Set() };
    // Watch mode keeps every file's text between runs anyway.
    const collected: GeneratedFile[] | null = known ? [] : null;
    const settled: SettledTarget[] = [];
    let shared: RunShared | null = createRunShared();
    for (const g of generators) {
      const started = performance.now();
      const produced = prerendered?.get(g.target) ?? renderTarget(parsed.spec, g, templates, options, shared);
      options.progress?.rendered(g.target, produced.length, performance.now() - started);
      settled.push(settleTarget(g.target, produced, settle));
      collected?.push(...produced);
    }
    shared = null;
    return finish(settled, generators, options, parsed.diagnostics, staging, { known, collected });
  } catch (err) {
    staging?.discard();
    throw err;
  }
}

/**
 * After every target settled: the syntax check's total, then the commit (or --check's list).
 * `known`, `collected`: watch mode's output of the last run and this run's files. `checkMs`: the check's time as
 * reported (default: the sum of the targets'; a run whose checks overlap the rendering says less).
 */
export function finish(
  settled: readonly SettledTarget[], generators: readonly Generator[], options: RenderOptions & { check: boolean }, diagnostics: Diagnostic[],
  staging: Staging | null, more: { known?: KnownOutput; collected?: GeneratedFile[] | null; checkMs?: number } = {},
): GenerateOutcome {
  const { known, collected } = more;
  options.progress?.checked?.(sum(settled.map((s) => s.checked)), more.checkMs ?? sum(settled.map((s) => s.checkMs)));
  const wanted = new Set(settled.flatMap((s) => s.paths));
  const produced: Produced = { paths: [...wanted].sort(byPath), kept: settled.flatMap((s) => s.kept), diagnostics };
  const owned = ownedBy(options.outDir, generators.map((g) => g.target));
  if (options.check) {
    const leftOver = leftOverFiles(options.outDir, wanted, owned);
    return { kind: 'checked', stale: [...settled.flatMap((s) => s.changed), ...leftOver].sort(), ...produced };
  }
  const writeStarted = performance.now();
  const report = staging
    ? staging.commit(wanted, owned)
    : writeChanged(options.outDir, collected!.sort((a, b) => byPath(a.path, b.path)), known!, options.heldRemovals);
  options.progress?.wrote?.(report, performance.now() - writeStarted);
  if (known && staging) for (const f of collected!) known.set(f.path, knownOf(f));
  return { kind: 'written', report, ...produced };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
