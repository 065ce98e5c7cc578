/**
 * `specgen diff` end to end: read both specs (the old one from a file or a git ref), parse them,
 * diff, render, optionally write a changeset, and return the exit status
 * (0 fine, 1 the --fail-on threshold was met, 2 bad usage or an unreadable/invalid spec).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Diagnostic } from '@specgen/diagnostics';
import { formatDiagnostic } from '@specgen/diagnostics';
import type { Spec } from '@specgen/ir';
import type { Change } from './change.ts';
import { writeChangeset } from './changeset.ts';
import { diffSpecs, type DiffResult } from './diff.ts';
import { GitReadError, readAtRef, repoTopLevel } from './git.ts';
import { DEFAULT_CHANGESET_DIR, exitStatus, parseDiffArgs, UsageError } from './options.ts';
import { releasedGeneratedPackages } from './release/packages.ts';
import { relocateRemovals, render, type Relocate } from './report/index.ts';

export type ParseFn = (markdown: string, file: string) => { spec: Spec; diagnostics: Diagnostic[] };

export interface DiffIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  parse: ParseFn;
  /**
   * The workspace root (default `cwd`): the default changeset folder `.changeset` and the generated
   * packages (`generated/`, whose published packages a changeset names) are there, from any folder.
   */
  root?: string;
  /**
   * Reads a spec file; `shown` is the path as typed. The cli passes its reader, whose message for a
   * missing file names the nearest existing spec (`...; did you mean spec/service-api.md?`).
   * Default: a plain read (`cannot read nope.md: ENOENT`).
   */
  readSpec?: (path: string, shown: string) => Promise<SpecRead>;
  /**
   * The npm name of every generated target (`types` -> `@acme-api/types`), as `specgen generate`
   * names them: specgen.config.* with `--package-scope` (null when not given) over it. The cli
   * passes it; without it a changeset names the packages found under `generated/`.
   */
  packageNames?: (packageScope: string | null) => Promise<Readonly<Record<string, string>>>;
}

export type SpecRead = { ok: true; text: string } | { ok: false; message: string };

class InputError extends Error {}

export async function runDiff(args: string[], io: DiffIo): Promise<number> {
  try {
    const options = parseDiffArgs(args);
    const newFile = displayPath(io.cwd, options.newPath);
    const newText = await readSpecFile(io, options.newPath);
    const oldText =
      options.base !== null
        ? readAtRef(options.base, options.newPath, io.cwd)
        : await readSpecFile(io, options.oldPath!);
    const oldFile = options.base !== null ? `${options.base}:${newFile}` : displayPath(io.cwd, options.oldPath!);
    const before = parseOrFail(io, oldText, oldFile);
    const after = parseOrFail(io, newText, newFile);
    const result = diffSpecs(before, after);
    const relocate =
      options.base !== null
        ? relocateRemovals({ oldFile, newFile, base: options.base, oldText, newText, after })
        : (c: Change) => c;
    io.stdout(render(result, options.format, options.format === 'github' ? fromRepoRoot(io.cwd, relocate) : relocate));
    if (options.changeset !== null) {
      const root = io.root ?? io.cwd;
      const packages = releasedGeneratedPackages(
        resolve(root, 'generated'),
        await configuredNames(io, options.packageScope),
      );
      const dir =
        options.changeset === DEFAULT_CHANGESET_DIR
          ? resolve(root, DEFAULT_CHANGESET_DIR)
          : resolve(io.cwd, options.changeset);
      const path = writeChangesetOrFail(result, dir, packages);
      io.stderr(
        path
          ? `specgen diff: wrote ${displayPath(io.cwd, path)}\n`
          : 'specgen diff: no changes, no changeset written\n',
      );
    }
    return exitStatus(result.summary, options.failOn);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`specgen diff: ${err.message}\nRun \`specgen diff --help\` for usage.\n`);
      return 2;
    }
    if (err instanceof InputError || err instanceof GitReadError) {
      io.stderr(`specgen diff: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}

async function configuredNames(
  io: DiffIo,
  packageScope: string | null,
): Promise<Readonly<Record<string, string>> | undefined> {
  if (!io.packageNames) {
    if (packageScope !== null)
      throw new UsageError(
        '--package-scope needs the package names of specgen generate (run it through the specgen cli)',
      );
    return undefined;
  }
  try {
    return await io.packageNames(packageScope);
  } catch (err) {
    throw new InputError(err instanceof Error ? err.message : String(err));
  }
}

function writeChangesetOrFail(result: DiffResult, dir: string, packages: string[]): string | null {
  try {
    return writeChangeset(result, dir, packages);
  } catch (err) {
    throw new InputError(
      `cannot write the changeset into ${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}

async function readSpecFile(io: DiffIo, path: string): Promise<string> {
  const read = io.readSpec ? await io.readSpec(resolve(io.cwd, path), path) : plainRead(resolve(io.cwd, path), path);
  if (!read.ok) throw new InputError(read.message);
  return read.text;
}

function plainRead(path: string, shown: string): SpecRead {
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (err) {
    return {
      ok: false,
      message: `cannot read ${shown}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    };
  }
}

function parseOrFail(io: DiffIo, text: string, file: string): Spec {
  const { spec, diagnostics } = io.parse(text, file);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new InputError(`${file} has ${errors.length} error(s):\n${errors.map(formatDiagnostic).join('\n')}`);
  }
  return spec;
}

/**
 * GitHub places an annotation by its path from the repository's top folder, so github output names
 * files from there even when specgen runs in a sub-folder (`pnpm -w specgen` keeps the caller's folder).
 */
function fromRepoRoot(cwd: string, relocate: Relocate): Relocate {
  const top = repoTopLevel(cwd);
  if (top === null) return relocate;
  return (change) => {
    const c = relocate(change);
    const rel = relative(top, realPath(resolve(cwd, c.location.file)));
    if (c.location.file.includes(':') || rel.startsWith('..')) return c;
    return { ...c, location: { ...c.location, file: rel.split('\\').join('/') } };
  };
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Paths in reports are relative to the working directory, with forward slashes, so output is the same on every machine. */
function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel.startsWith('..') ? resolve(cwd, path) : rel).split('\\').join('/');
}
