/**
 * The settle stage of `specgen generate`: one target's rendered files are compared with the output
 * folder (or watch mode's last output), a sample of the changed ones is syntax-checked, and they are
 * staged for the commit (pipeline.ts).
 */
import {
  type CurrentOutput,
  type GeneratedFile,
  type Staged,
  type Staging,
  type SyntaxError as SyntaxProblem,
  currentContents,
  sameContents,
  syntaxErrors,
  syntaxSample,
} from '@specgen/generate-core';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CheckResult, type StageRequest, checkHere } from './check-thread.ts';
import { narrowToEdits } from './edit-chunk.ts';
import { GenerateError, checkFolder } from './target-folder.ts';
import { type KnownOutput, isKnown, knownText } from './write-changed.ts';

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
  /**
   * Writes the changed files into the run's staging folder (absent: --check or watch mode); those in
   * `elsewhere` are written by the check's thread (`handOff`).
   */
  stage?: (files: readonly GeneratedFile[], current: CurrentOutput, elsewhere?: ReadonlySet<string>) => Staged;
  /**
   * The run's staging, when `check` (a check thread) also writes the changed files it can: all but
   * files of fragments and files with a syntax proxy, which `stage` writes on this thread.
   */
  handOff?: Pick<Staging, 'dir' | 'expect' | 'writeHere'>;
  keep?: (path: string) => boolean;
  /** Paths of the targets settled before in this run, to refuse a path produced twice. */
  seen: Set<string>;
  /**
   * The syntax check of `settleTargetLater`, sample included (a one-shot run's check thread,
   * check-thread.ts); default: on this thread. Watch mode's narrowed check stays on this thread.
   */
  check?: (files: readonly GeneratedFile[], stage?: StageRequest) => Promise<CheckResult>;
}

/**
 * One rendered target: refuses a path produced twice, checks the TypeScript syntax of a sample of
 * the files that changed (files identical to the output were checked when they were written; see
 * syntax-sample.ts), then stages them. Throws GenerateError, and stages nothing, on a bad file.
 */
export function settleTarget(target: string, files: readonly GeneratedFile[], options: SettleOptions): SettledTarget {
  const { changed, current, narrowed } = changedFiles(target, files, options);
  const sample = syntaxSample(narrowed?.files ?? changed);
  const checkStarted = performance.now();
  refuseErrors(confirmOf(narrowed)(syntaxErrors(sample)));
  return settledOf(target, files, changed, current, sample.length, performance.now() - checkStarted, options);
}

/**
 * The same, but the syntax check runs in esbuild's process while the caller goes on: the files
 * are staged at once, and `checked` rejects with the GenerateError if the sample does not parse
 * (the run must then discard its staging folder; a commit waits for every `checked`).
 */
export function settleTargetLater(
  target: string,
  files: readonly GeneratedFile[],
  options: SettleOptions,
): { settled: SettledTarget; checked: Promise<void> } {
  const { changed, current, narrowed } = changedFiles(target, files, options);
  const checkStarted = performance.now();
  // Asked before the files are staged: the check goes on while this thread stages them.
  const check = narrowed === null ? (options.check ?? checkHere) : checkHere;
  const stage = handOffOf(narrowed === null ? changed : [], options);
  const result = check(narrowed?.files ?? changed, stage);
  result.catch(() => {}); // read below; quiet should staging throw first
  if (stage) options.handOff?.expect(result);
  const elsewhere = stage ? new Set(stage.files.map((f) => f.path)) : undefined;
  const settled = settledOf(target, files, changed, current, 0, 0, options, elsewhere);
  const checked = result.then((found) => {
    settled.checked = found.checked;
    settled.checkMs = performance.now() - checkStarted;
    refuseErrors(confirmOf(narrowed)(found.errors));
  });
  return { settled, checked };
}

/** What the check's thread is asked to write of the changed files (`SettleOptions.handOff`), if any. */
function handOffOf(changed: readonly GeneratedFile[], options: SettleOptions): StageRequest | undefined {
  const to = options.handOff;
  if (!to || !options.check || !options.stage) return undefined;
  const files = changed.filter((f) => f.chunks === undefined && f.staged === undefined && f.syntaxProxy === undefined);
  return files.length === 0 ? undefined : { dir: to.dir, files, here: to.writeHere };
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
  // A target folder that does not exist holds none of the files (a first run): none is looked for.
  const folder = known ? null : join(options.outDir, target);
  if (folder !== null && !existsSync(folder)) for (const f of files) current.set(f.path, undefined);
  // Watch mode compares with what it wrote (files of fragments fragment by fragment, write-changed.ts).
  const changed = files.filter((f) =>
    known ? !isKnown(known.get(f.path), f) : !sameContents(currentText(options.outDir, f.path, current), f),
  );
  // Watch mode parses only the edited statements of a large file (edit-chunk.ts).
  const narrowed = known ? narrowToEdits(changed, (path) => knownText(known.get(path))) : null;
  return { changed, current, narrowed };
}

/** What the check's errors say of the files: watch mode's narrowed check confirms them (edit-chunk.ts). */
const confirmOf = (narrowed: { confirm: (errors: SyntaxProblem[]) => SyntaxProblem[] } | null) =>
  narrowed?.confirm ?? ((errors: SyntaxProblem[]) => errors);

function settledOf(
  target: string,
  files: readonly GeneratedFile[],
  changed: GeneratedFile[],
  current: CurrentOutput,
  checked: number,
  checkMs: number,
  options: SettleOptions,
  elsewhere?: ReadonlySet<string>,
): SettledTarget {
  return {
    target,
    paths: files.map((f) => f.path),
    changed: changed.map((f) => f.path),
    staged: options.stage?.(files, current, elsewhere),
    kept: options.keep ? files.filter((f) => options.keep!(f.path)) : [],
    checked,
    checkMs,
  };
}

function refuseErrors(errors: readonly SyntaxProblem[]): void {
  if (errors.length === 0) return;
  const list = errors
    .slice(0, 20)
    .map((e) => `  ${e.path}:${e.line}:${e.column}: ${e.message}`)
    .join('\n');
  throw new GenerateError(`generated TypeScript does not parse (check the templates):\n${list}`);
}

function currentText(outDir: string, path: string, disk: Map<string, string | undefined>): string | undefined {
  if (disk.has(path)) return disk.get(path);
  let text: string | undefined;
  try {
    text = currentContents(outDir, path);
  } catch {
    text = undefined;
  }
  disk.set(path, text);
  return text;
}
