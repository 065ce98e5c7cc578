/**
 * Golden files: generated output is compared with files on disk under test/golden/.
 * `RECORD=1 pnpm vitest run <pkg>` rewrites them; otherwise a missing, differing or
 * no-longer-generated golden file fails the test.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { GeneratedFile } from '@specgen/generate-core';

export interface GoldenResult {
  missing: string[];
  differing: string[];
  stale: string[];
}

export const RECORDING = process.env.RECORD === '1' || process.env.RECORD === 'true';

export function compareGolden(goldenDir: string, files: readonly GeneratedFile[]): GoldenResult {
  const result: GoldenResult = { missing: [], differing: [], stale: [] };
  const want = new Set(files.map((f) => f.path));
  if (RECORDING) {
    for (const p of listFiles(goldenDir)) if (!want.has(p)) rmSync(join(goldenDir, p));
    for (const f of files) {
      mkdirSync(dirname(join(goldenDir, f.path)), { recursive: true });
      writeFileSync(join(goldenDir, f.path), f.contents);
    }
    return result;
  }
  for (const f of files) {
    const abs = join(goldenDir, f.path);
    if (!existsSync(abs)) result.missing.push(f.path);
    else if (readFileSync(abs, 'utf8') !== f.contents) result.differing.push(f.path);
  }
  for (const p of listFiles(goldenDir)) if (!want.has(p)) result.stale.push(p);
  return result;
}

export function listFiles(root: string, dir = root): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(root, join(dir, e.name)) : [relative(root, join(dir, e.name)).split('\\').join('/')],
  );
}
