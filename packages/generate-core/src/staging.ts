/**
 * A run's output written target by target, yet all or nothing. Each target's changed files are
 * written as soon as the target is rendered and checked, into a staging folder inside the output
 * folder (same file system, so moving a file into place is a rename), and the run drops their
 * text; only when every target succeeded does `commit` move the staged files into place and
 * remove generated files no longer produced. `discard` (a failed run) removes the staging folder
 * and leaves the output folder as it was. So a run holds one target's files in memory at a time,
 * not all of them (about 80 MB of text on the 600-resource synthetic spec). A small file is
 * created and written on libuv's thread pool (pool-writes.ts) while the run goes on; `commit` waits
 * for those writes, and `discard` for the ones in flight before it removes the folder. Another thread may
 * write some of the staged files (`stage`'s `elsewhere`, a one-shot run's check thread): `commit` and
 * `discard` wait for the promise of those writes too (`expect`).
 * A staging folder left behind by a killed run is removed by the next run in that output folder.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeSync,
} from 'node:fs';
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
import type { StagedFileWriter } from './generator.ts';
import { poolWrites } from './pool-writes.ts';

export interface Staged {
  written: string[];
  unchanged: string[];
}

export interface Staging {
  /** The staging folder; another thread may stage into it with `attachStaging`. */
  readonly dir: string;
  /**
   * Writes the files whose text differs from the output folder's into the staging folder: a file of
   * fragments at once, the others on libuv's thread pool (pool-writes.ts), done by `writesDone`.
   * Paths in `elsewhere` are listed as written but not written here: another thread writes them into
   * `dir`, and the caller hands its promise of those writes to `expect`.
   */
  stage(files: readonly GeneratedFile[], current?: CurrentOutput, elsewhere?: ReadonlySet<string>): Staged;
  /**
   * Opens the staging folder's file at `path` for a generator to write as it goes
   * (`GenerateContext.stageFile`); `stage` then lists the file it returns without writing it.
   */
  openFile(path: string): StagedFileWriter;
  /** Writes another thread was given (see `stage`): `writesDone`, `commit` and `discard` wait for them. */
  expect(writes: Promise<unknown>): void;
  /** Writes `files` (already listed by `stage`) on this thread: what another thread could not write. */
  writeHere(files: readonly GeneratedFile[]): void;
  /**
   * Resolves when every file staged so far is written (here or elsewhere); rejects with the first
   * write that failed.
   */
  writesDone(): Promise<void>;
  /** Takes over what another thread staged into `dir` (see `attachStaging`), written there already. */
  adopt(staged: Staged): void;
  /**
   * Waits for the staged writes, then moves the staged files into place and removes owned files not
   * in `wanted`. A write that failed rejects, and nothing moves (the caller then discards).
   */
  commit(wanted: ReadonlySet<string>, owned: (path: string) => boolean): Promise<WriteReport>;
  /**
   * Removes the staging folder (and the output folder, if this run created it and it is empty),
   * once the writes in flight are over, so that none lands in it after.
   */
  discard(): Promise<void>;
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
    stage(files, current, elsewhere) {
      const s = staging.stage(files, current, elsewhere);
      adopt(s);
      return s;
    },
    openFile: staging.openFile,
    expect: staging.expect,
    writeHere: staging.writeHere,
    writesDone: staging.writesDone,
    adopt,
    async commit(wanted, owned) {
      await staging.writesDone();
      // Listed before anything moves in: every file the commit moves is wanted, so the left-overs are
      // the same, and on a first run into an empty folder there is nothing to list but the staging folder.
      const removed = leftOverFiles(outDir, wanted, owned);
      moveStaged(dir, outDir, written);
      rmSync(dir, { recursive: true, force: true });
      for (const p of removed) rmSync(join(outDir, p));
      return { written: written.sort(), unchanged: unchanged.sort(), removed: removed.sort() };
    },
    async discard() {
      await staging.writesDone().catch(() => {});
      // retried if a file appears meanwhile (a worker thread's write, when the worker was stopped)
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      if (!createdOut) return;
      try {
        rmdirSync(outDir);
      } catch {
        // not empty: something else was written there meanwhile; leave it
      }
    },
  };
}

/**
 * Stages into `dir`, created by `createStaging` in another thread; the creator commits, once this
 * thread's `writesDone` resolved.
 */
export function attachStaging(
  outDir: string,
  dir: string,
): Pick<Staging, 'dir' | 'stage' | 'openFile' | 'expect' | 'writeHere' | 'writesDone'> {
  const made = new Set<string>();
  const pool = poolWrites();
  const elsewhere: Promise<unknown>[] = [];
  const writeOne = (f: GeneratedFile) => {
    const to = join(dir, f.path);
    makeDir(dirname(to), made);
    if (f.chunks) writeGenerated(to, f);
    else pool.write(to, f.contents);
  };
  return {
    dir,
    openFile(path) {
      const to = join(dir, path);
      makeDir(dirname(to), made);
      const fd = openSync(to, 'w');
      let open = true;
      const close = () => {
        if (open) closeSync(fd);
        open = false;
      };
      return {
        write(bytes) {
          for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
        },
        close() {
          close();
          let text: string | undefined;
          return {
            path,
            staged: true,
            // read back where it is: in the staging folder, or moved into place by the commit
            get contents() {
              text ??= readFileSync(existsSync(to) ? to : join(outDir, path), 'utf8');
              return text;
            },
          };
        },
        discard() {
          close();
          rmSync(to, { force: true });
        },
      };
    },
    expect: (writes) => void elsewhere.push(writes),
    writeHere: (files) => {
      for (const f of files) writeOne(f);
    },
    async writesDone() {
      // every write given elsewhere is over (a failed one too), then this thread's, which may have
      // been started meanwhile for a thread that stopped (`writeHere`)
      const given = await Promise.allSettled(elsewhere);
      await pool.done();
      const failed = given.find((g) => g.status === 'rejected');
      if (failed) throw failed.reason;
    },
    stage(files, current, handed) {
      const s: Staged = { written: [], unchanged: [] };
      for (const f of files) {
        if (f.staged) {
          s.written.push(f.path);
          continue;
        }
        // A file of fragments is compared and written fragment by fragment, never joined (chunks.ts).
        if (sameContents(currentContents(outDir, f.path, current), f)) {
          s.unchanged.push(f.path);
          continue;
        }
        s.written.push(f.path);
        if (handed?.has(f.path)) continue;
        // A file of fragments (15-20 MB) is written from its fragments in 2 MB pieces (chunks.ts), here.
        // (fragments that split a surrogate pair: the joined text, by `writeGenerated`)
        writeOne(f);
      }
      return s;
    },
  };
}

/**
 * Moves the staged files `paths` (relative, `/` separators) from `from` to the same paths under `to`
 * (which exists). A folder whose destination does not exist yet moves whole, by one rename: a first
 * run into an empty output folder moves five target folders instead of renaming some 1,300 files one
 * by one and then walking the emptied staging tree to remove it. The staging folder holds only the
 * staged files, so a folder moved whole carries no other file.
 */
function moveStaged(from: string, to: string, paths: readonly string[]): void {
  const folders = new Map<string, string[]>();
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash < 0) {
      renameSync(join(from, path), join(to, path));
      continue;
    }
    const name = path.slice(0, slash);
    let inside = folders.get(name);
    if (!inside) {
      inside = [];
      folders.set(name, inside);
    }
    inside.push(path.slice(slash + 1));
  }
  for (const [name, inside] of folders) {
    const source = join(from, name);
    const target = join(to, name);
    if (!existsSync(target) && renamedWhole(source, target)) continue;
    mkdirSync(target, { recursive: true });
    moveStaged(source, target, inside);
  }
}

/** Renames a folder onto a path that did not exist; false when that failed (say, it appeared meanwhile). */
function renamedWhole(source: string, target: string): boolean {
  try {
    renameSync(source, target);
    return true;
  } catch {
    return false;
  }
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
