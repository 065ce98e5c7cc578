/**
 * The pending changesets of a branch: `.changeset/*.md` (README.md aside) that are new or changed
 * since the base. A changeset already on the base describes an earlier change that has not been
 * released yet; it does not acknowledge this branch's change, so it is listed but not counted.
 * Files are parsed with @changesets/parse, the parser `changeset version` itself uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import parseChangeset from '@changesets/parse';
import { GitReadError, readAtRef } from '../git.ts';

export type ReleaseType = 'major' | 'minor' | 'patch' | 'none';

export interface PendingChangeset {
  /** Path relative to the working directory, `/` separators. */
  file: string;
  releases: { name: string; type: ReleaseType }[];
}

export interface Changesets {
  /** New or changed since the base: these count. */
  pending: PendingChangeset[];
  /** Identical on the base: an earlier, unreleased change. */
  onBase: string[];
  /** Files the changesets parser refuses (`changeset version` would refuse them too). */
  invalid: { file: string; message: string }[];
}

export function readChangesets(dir: string, base: string, cwd: string): Changesets {
  const result: Changesets = { pending: [], onBase: [], invalid: [] };
  if (!existsSync(dir)) return result;
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.md') && n.toLowerCase() !== 'readme.md')
    .sort();
  for (const name of names) {
    const path = join(dir, name);
    const file = relative(cwd, path).split('\\').join('/');
    const text = readFileSync(path, 'utf8');
    if (sameOnBase(base, path, text, cwd)) {
      result.onBase.push(file);
      continue;
    }
    try {
      const { releases } = parseChangeset(text);
      result.pending.push({ file, releases: releases.map((r) => ({ name: r.name, type: r.type })) });
    } catch (err) {
      result.invalid.push({ file, message: (err as Error).message.split('\n')[0]! });
    }
  }
  return result;
}

function sameOnBase(base: string, path: string, text: string, cwd: string): boolean {
  try {
    return readAtRef(base, path, cwd) === text;
  } catch (err) {
    if (err instanceof GitReadError) return false;
    throw err;
  }
}
