/**
 * A run's output written target by target, yet all or nothing. Each target's changed files are
 * written as soon as the target is rendered and checked, into a staging folder inside the output
 * folder (same file system, so moving a file into place is a rename), and the run drops their
 * text; only when every target succeeded does `commit` move the staged files into place and
 * remove generated files no longer produced. `discard` (a failed run) removes the staging folder
 * and leaves the output folder as it was. So a run holds one target's files in memory at a time,
 * not all of them (about 80 MB of text on the 600-resource synthetic spec).
 * A staging folder left behind by a killed run is removed by the next run in that output folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sameContents, writeGenerated } from './chunks.ts';
import {
  type CurrentOutput,
  type GeneratedFile,
  STAGING_PREFIX,
  type WriteReport,
  currentContents,
  leftOverFiles,
} from './files.ts';

export interface Staged {
  written: string[];
  unchanged: string[];
}

export interface Staging {
  /** The staging folder; another thread may stage into it with `attachStaging`. */
  readonly dir: string;
  /** Writes the files whose text differs from the output folder's into the staging folder. */
  stage(files: readonly GeneratedFile[], current?: CurrentOutput): Staged;
  /** Takes over what another thread staged into `dir` (see `attachStaging`). */
  adopt(staged: Staged): void;
  /** Moves the staged files into place and removes owned files not in `wanted`. */
  commit(wanted: ReadonlySet<string>, owned: (path: string) => boolean): WriteReport;
  /** Removes the staging folder (and the output folder, if this run created it and it is empty). */
  discard(): void;
}

/** A new staging folder for `outDir`; removes the ones of runs that are no longer running. */
export function createStaging(outDir: string): Staging {
  removeAbandoned(outDir);
  const createdOut = !existsSync(outDir);
  const dir = join(outDir, `${STAGING_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  const staging = attachStaging(outDir, dir);
  const written: string[] = [];
  const unchanged: string[] = [];
  const adopt = (s: Staged) => {
    written.push(...s.written);
    unchanged.push(...s.unchanged);
  };
  return {
    dir,
    stage(files, current) {
      const s = staging.stage(files, current);
      adopt(s);
      return s;
    },
    adopt,
    commit(wanted, owned) {
      const made = new Set<string>();
      for (const path of written) {
        const to = join(outDir, path);
        makeDir(dirname(to), made);
        renameSync(join(dir, path), to);
      }
      rmSync(dir, { recursive: true, force: true });
      const removed = leftOverFiles(outDir, wanted, owned);
      for (const p of removed) rmSync(join(outDir, p));
      return { written: written.sort(), unchanged: unchanged.sort(), removed: removed.sort() };
    },
    discard() {
      rmSync(dir, { recursive: true, force: true });
      if (!createdOut) return;
      try {
        rmdirSync(outDir);
      } catch {
        // not empty: something else was written there meanwhile; leave it
      }
    },
  };
}

/** Stages into `dir`, created by `createStaging` in another thread; the creator commits. */
export function attachStaging(outDir: string, dir: string): Pick<Staging, 'dir' | 'stage'> {
  const made = new Set<string>();
  return {
    dir,
    stage(files, current) {
      const s: Staged = { written: [], unchanged: [] };
      for (const f of files) {
        // A file of fragments is compared and written fragment by fragment, never joined (chunks.ts).
        if (sameContents(currentContents(outDir, f.path, current), f)) {
          s.unchanged.push(f.path);
          continue;
        }
        const to = join(dir, f.path);
        makeDir(dirname(to), made);
        writeGenerated(to, f);
        s.written.push(f.path);
      }
      return s;
    },
  };
}

function makeDir(path: string, made: Set<string>): void {
  if (made.has(path)) return;
  mkdirSync(path, { recursive: true });
  made.add(path);
}

function removeAbandoned(outDir: string): void {
  if (!existsSync(outDir)) return;
  for (const name of readdirSync(outDir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const pid = Number(name.slice(STAGING_PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) continue;
    rmSync(join(outDir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
