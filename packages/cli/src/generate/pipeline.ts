/**
 * The stages of `specgen generate`, in order: parse (stop on errors), render every selected
 * target, check the TypeScript syntax of what was rendered, then write only what changed
 * (or, with --check, list what is stale). Each stage returns data; nothing here prints.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '@specgen/diagnostics';
import { hasErrors } from '@specgen/diagnostics';
import {
  GENERATED_MARKER, type GeneratedFile, type Generator, type RunShared, type TemplateEngine, type WriteReport,
  createRunShared, currentContents, staleFiles, syntaxErrors, syntaxSample, writeFiles,
} from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import type { GenerateProgress } from './progress.ts';
import { type KnownOutput, writeChanged } from './write-changed.ts';

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

/**
 * `known`: watch mode's output of the last run (compared in memory). Without it the folder is
 * read, and each file's text is kept in `disk` when given, for the write or check that follows.
 * `prerendered`: files of some targets rendered elsewhere from the same spec (watch mode renders
 * the OpenAPI target in a worker thread); those targets are not rendered again.
 */
export function renderTargets(
  spec: Spec, generators: readonly Generator[], templates: TemplateEngine, options: RenderOptions, known?: KnownOutput,
  disk?: Map<string, string | undefined>, prerendered?: ReadonlyMap<string, readonly GeneratedFile[]>,
): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  const shared = createRunShared();
  for (const g of generators) {
    const started = performance.now();
    const ready = prerendered?.get(g.target);
    if (ready) checkFolder(g.target, ready);
    const produced = ready ?? renderTarget(spec, g, templates, options, shared);
    files.push(...produced);
    options.progress?.rendered(g.target, produced.length, performance.now() - started);
  }
  const paths = new Set<string>();
  for (const f of files) {
    if (paths.has(f.path)) throw new GenerateError(`two files are generated at ${f.path}`);
    paths.add(f.path);
  }
  // Files identical to what is on disk were checked when they were written; parse a sample of the
  // rest that holds every line shape (see syntax-sample.ts).
  const checkStarted = performance.now();
  const sample = syntaxSample(files.filter((f) => currentText(options.outDir, f.path, known, disk) !== f.contents));
  const errors = syntaxErrors(sample);
  options.progress?.checked?.(sample.length, performance.now() - checkStarted);
  if (errors.length > 0) {
    const list = errors.slice(0, 20).map((e) => `  ${e.path}:${e.line}:${e.column}: ${e.message}`).join('\n');
    throw new GenerateError(`generated TypeScript does not parse (check the templates):\n${list}`);
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

function currentText(outDir: string, path: string, known?: KnownOutput, disk?: Map<string, string | undefined>): string | undefined {
  if (known) return known.get(path);
  let text: string | undefined;
  try {
    text = currentContents(outDir, path);
  } catch {
    text = undefined;
  }
  disk?.set(path, text);
  return text;
}

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

export type GenerateOutcome =
  | { kind: 'diagnostics'; diagnostics: Diagnostic[] }
  | { kind: 'written'; report: WriteReport; files: GeneratedFile[]; diagnostics: Diagnostic[] }
  | { kind: 'checked'; stale: string[]; files: GeneratedFile[]; diagnostics: Diagnostic[] };

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
  const disk = new Map<string, string | undefined>();
  const files = renderTargets(parsed.spec, generators, templates, options, memory, disk, prerendered);
  const owned = ownedBy(options.outDir, generators.map((g) => g.target));
  if (options.check) return { kind: 'checked', stale: staleFiles(options.outDir, files, owned, disk), files, diagnostics: parsed.diagnostics };
  const writeStarted = performance.now();
  const report = memory ? writeChanged(options.outDir, files, memory) : writeFiles(options.outDir, files, owned, disk);
  options.progress?.wrote?.(report, performance.now() - writeStarted);
  if (known && !memory) for (const f of files) known.set(f.path, f.contents);
  return { kind: 'written', report, files, diagnostics: parsed.diagnostics };
}
