/**
 * `specgen docs` after its options are parsed: the changes since `--base` (when given), the site,
 * written into the output folder. Only changed files are written; site files a run no longer
 * produces (a version folder after `--all-versions` is dropped) are removed; nothing else in the
 * folder is touched.
 */
import { readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFiles, type WriteReport } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { unreleasedChanges } from './model/unreleased.ts';
import { buildSite } from './site.ts';

export interface DocsOptions {
  spec: Spec;
  /** The spec's path as shown on the pages. */
  specFile: string;
  /** Absolute path of the spec (git reads it at `base`). */
  specPath: string;
  outDir: string;
  baseUrl: string | null;
  base: string | null;
  allVersions: boolean;
  /** Seconds since the epoch written as the feed's `updated` (SOURCE_DATE_EPOCH), or null for 0. */
  sourceDateEpoch: number | null;
  /** Folder git runs in for `base`. */
  cwd: string;
}

/** Paths of the files a site owns in its folder: the only ones a later run may remove. */
export function isSiteFile(path: string): boolean {
  return /^(index\.html|changes\.(html|xml)|assets\/site\.(css|js)|\d+(\.\d+)*\/.+)$/.test(path);
}

/** `2026-01-02T03:04:05Z` of a SOURCE_DATE_EPOCH value. */
export function feedTime(epochSeconds: number | null): string {
  return new Date((epochSeconds ?? 0) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function writeDocs(options: DocsOptions): WriteReport & { files: number } {
  const unreleased = options.base ? unreleasedChanges(options.spec, options.base, options.specPath, options.cwd) : null;
  const files = buildSite(options.spec, {
    specFile: options.specFile,
    baseUrl: options.baseUrl,
    allVersions: options.allVersions,
    unreleased,
    updated: feedTime(options.sourceDateEpoch),
  });
  const report = writeFiles(options.outDir, files, isSiteFile);
  removeEmptyFolders(options.outDir, report.removed);
  return { ...report, files: files.length };
}

/** The folders of removed files that are now empty (a dropped version's), deepest first. */
function removeEmptyFolders(outDir: string, removed: readonly string[]): void {
  const folders = new Set<string>();
  for (const path of removed) for (let d = dirname(path); d !== '.'; d = dirname(d)) folders.add(d);
  for (const folder of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
    const abs = join(outDir, folder);
    if (readdirSync(abs).length === 0) rmdirSync(abs);
  }
}
