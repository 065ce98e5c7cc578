/** Watch mode writes from memory: what it wrote last is what the output folder holds. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GeneratedFile, WriteReport } from '@specgen/generate-core';
import { patchFile } from './patch-file.ts';

/** What the output folder holds, as far as this process knows (watch mode keeps it between runs). */
export type KnownOutput = Map<string, string>;

/**
 * Watch mode: writes the files whose contents differ from the previous run and removes the ones
 * it no longer produces, without reading the output folder again. `known` is updated.
 */
export function writeChanged(outDir: string, files: readonly GeneratedFile[], known: KnownOutput): WriteReport {
  const report: WriteReport = { written: [], unchanged: [], removed: [] };
  const want = new Set(files.map((f) => f.path));
  for (const f of files) {
    const previous = known.get(f.path);
    if (previous === f.contents) {
      report.unchanged.push(f.path);
      continue;
    }
    const abs = join(outDir, f.path);
    // A large file that holds what this watcher wrote: only from its first changed byte (patch-file.ts).
    if (previous === undefined || !patchFile(abs, previous, f.contents, f.path)) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, f.contents);
    }
    known.set(f.path, f.contents);
    report.written.push(f.path);
  }
  for (const path of [...known.keys()]) {
    if (want.has(path)) continue;
    rmSync(join(outDir, path), { force: true });
    known.delete(path);
    report.removed.push(path);
  }
  return report;
}
