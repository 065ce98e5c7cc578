/** Watch mode writes from memory: what it wrote last is what the output folder holds. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFile, WriteReport } from '@specgen/generate-core';
import { stampWrittenPath } from './move-tail.ts';
import {
  type WrittenChunks,
  patchChunks,
  rehearsePatch,
  sameChunks,
  writeChunksWhole,
  writtenChunks,
} from './patch-chunks.ts';
import { PATCH_FROM, patchFile } from './patch-file.ts';

/**
 * What the output folder holds, as far as this process knows (watch mode keeps it between runs):
 * a file's text, or for a file given as fragments (GeneratedFile.chunks) the fragments written.
 */
export type KnownOutput = Map<string, string | WrittenChunks>;

/** What to remember of `file` as written: its fragments (with their byte lengths) or its text. */
export function knownOf(file: GeneratedFile): string | WrittenChunks {
  return (file.chunks && writtenChunks(file.chunks)) || file.contents;
}

/** Whether `file` is what `known` holds for it; fragments are compared without joining them. */
export function isKnown(known: string | WrittenChunks | undefined, file: GeneratedFile): boolean {
  if (known === undefined) return false;
  if (typeof known !== 'string')
    return file.chunks ? sameChunks(known.chunks, file.chunks) : known.chunks.join('') === file.contents;
  return known === file.contents;
}

/** The known text of a file written whole (undefined for one written as fragments, or unknown). */
export function knownText(known: string | WrittenChunks | undefined): string | undefined {
  return typeof known === 'string' ? known : undefined;
}

/**
 * Watch mode: writes the files whose contents differ from the previous run and removes the ones
 * it no longer produces, without reading the output folder again. `known` is updated. With `held`,
 * the files no longer produced are listed there instead, left in place and in `known`: the watcher
 * removes them with `removeHeld` once it knows the run was not superseded (watch.ts). `changed`: the
 * paths whose text differs from `known`, when the caller compared already (settle.ts does, per target:
 * comparing a 15-17 MB file of fragments again cost a few ms per file).
 */
export function writeChanged(
  outDir: string,
  files: readonly GeneratedFile[],
  known: KnownOutput,
  held?: string[],
  changed?: ReadonlySet<string>,
): WriteReport {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  for (const f of files) {
    const previous = known.get(f.path);
    if (changed ? !changed.has(f.path) : isKnown(previous, f)) {
      report.unchanged.push(f.path);
      continue;
    }
    // Unknown until written: a failed write (a large file's tail half moved) leaves a file written whole next.
    known.delete(f.path);
    known.set(f.path, write(join(outDir, f.path), f, previous));
    report.written.push(f.path);
  }
  return removeGone(outDir, files, known, report, held);
}

/**
 * The warm-up's stand-in for `writeChanged` (warm-up.ts): for each file of fragments that differs from what
 * `known` holds, the patch is planned and dropped (patch-chunks.ts `rehearsePatch`); nothing is written. A
 * file whose text is what `known` holds but given as other strings (the rehearsal re-rendered it) is
 * recorded with the rehearsal's strings, the ones its generator's memos now hold: the first save then
 * compares it with them by identity, not character by character. How many patches it planned.
 */
export function rehearseWrite(files: readonly GeneratedFile[], known: KnownOutput): number {
  let planned = 0;
  for (const f of files) {
    const previous = known.get(f.path);
    if (previous === undefined) continue;
    if (typeof previous === 'string') {
      if (!f.chunks && previous === f.contents) known.set(f.path, f.contents);
    } else if (f.chunks && previous.chunks !== f.chunks) {
      if (sameChunks(previous.chunks, f.chunks)) known.set(f.path, { ...previous, chunks: f.chunks });
      else if (rehearsePatch(previous, f.chunks)) planned++;
    }
  }
  return planned;
}

/** A file patched rather than written whole (patch-chunks.ts, patch-file.ts). */
export const isLarge = (f: GeneratedFile) => f.chunks !== undefined || f.contents.length >= PATCH_FROM;

/** Lists (`held`) or removes the files of `known` that `files` no longer has. */
function removeGone(
  outDir: string,
  files: readonly GeneratedFile[],
  known: KnownOutput,
  report: WriteReport,
  held?: string[],
): WriteReport {
  const want = new Set(files.map((f) => f.path));
  const gone = [...known.keys()].filter((path) => !want.has(path));
  if (held) held.push(...gone);
  else report.removed.push(...removeHeld(outDir, gone, known));
  return report;
}

/** Removes files a run no longer produces (held by `writeChanged`) and forgets them; returns the paths. */
export function removeHeld(outDir: string, paths: readonly string[], known: KnownOutput): string[] {
  for (const path of paths) {
    rmSync(join(outDir, path), { force: true });
    known.delete(path);
  }
  return [...paths];
}

/**
 * Writes `f` over a file that holds `previous`: a file of fragments by its changed fragments
 * (patch-chunks.ts), a large text by its changed bytes (patch-file.ts), the unchanged rest kept on
 * disk when the file is as this process wrote it (move-tail.ts); else whole.
 */
function write(abs: string, f: GeneratedFile, previous: string | WrittenChunks | undefined): string | WrittenChunks {
  if (f.chunks) {
    const patched =
      previous !== undefined && typeof previous !== 'string' ? patchChunks(abs, previous, f.chunks) : null;
    if (patched) return patched;
    const record = writtenChunks(f.chunks);
    if (record) return writeChunksWhole(abs, f.chunks, record);
  }
  if (typeof previous !== 'string' || !patchFile(abs, previous, f.contents, f.path)) {
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, f.contents);
    if (isLarge(f)) stampWrittenPath(abs);
  }
  return f.contents;
}
