/**
 * A changesets file that versions the generated packages to match the spec change: major when a
 * change is breaking, minor when something was added, patch otherwise. Its name is derived from
 * the fingerprints, so the same diff always writes the same file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiffResult } from './diff.ts';
import { renderMarkdown } from './report/markdown.ts';

export const GENERATED_PACKAGES = [
  '@service-api/types',
  '@service-api/validators',
  '@service-api/openapi',
  '@service-api/client',
  '@service-api/server',
] as const;

export type Bump = 'major' | 'minor' | 'patch';

/** Null when there is nothing to release. */
export function bumpFor(result: DiffResult): Bump | null {
  if (result.changes.length === 0) return null;
  if (result.summary.breaking > 0) return 'major';
  if (result.changes.some((c) => c.addition)) return 'minor';
  return 'patch';
}

export function changesetName(result: DiffResult): string {
  const hash = createHash('sha256')
    .update(result.changes.map((c) => c.fingerprint).join('\n'))
    .digest('hex');
  return `spec-diff-${hash.slice(0, 12)}.md`;
}

/** `packages`: the packages to release (the published generated ones, see release/packages.ts). */
export function renderChangeset(result: DiffResult, packages: readonly string[] = GENERATED_PACKAGES): string | null {
  const bump = bumpFor(result);
  if (bump === null) return null;
  const header = packages.map((p) => `"${p}": ${bump}`);
  const body = renderMarkdown(result).replace(/^## Spec diff\n\n/, '');
  return ['---', ...header, '---', '', `Spec change (${bump}).`, '', body.trimEnd(), ''].join('\n');
}

/** Writes `<dir>/<stable-name>.md`; returns its path, or null when there were no changes. */
export function writeChangeset(
  result: DiffResult,
  dir: string,
  packages: readonly string[] = GENERATED_PACKAGES,
): string | null {
  const text = renderChangeset(result, packages);
  if (text === null) return null;
  mkdirSync(dir, { recursive: true });
  const path = join(dir, changesetName(result));
  writeFileSync(path, text);
  return path;
}
