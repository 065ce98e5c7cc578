/**
 * Reads a spec file for a command. A missing file gets a message people can act on:
 * `cannot read nope.md: no such file; did you mean spec/service-api.md?`, naming the nearest
 * existing spec (Levenshtein distance over the markdown files next to the path, in `spec/` of the
 * current folder and of every folder above it up to the workspace root; else the first of those).
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { closestMatch } from '@specgen/diagnostics';
import { workspaceRoot } from './paths.ts';

export type SpecRead = { ok: true; text: string } | { ok: false; message: string };

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
};

/** `shown` is the path as the user typed it; `path` the absolute path; suggestions are relative to `cwd`. */
export async function readSpecFile(path: string, shown: string, cwd: string): Promise<SpecRead> {
  try {
    return { ok: true, text: await readFile(path, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const reason = REASONS[code] ?? (err instanceof Error ? err.message : String(err));
    const hint = code === 'ENOENT' || code === 'ENOTDIR' ? nearestSpec(shown, path, cwd) : null;
    return { ok: false, message: `cannot read ${shown}: ${reason}${hint ? `; did you mean ${hint}?` : ''}` };
  }
}

/** The existing spec path nearest to what was typed, relative to `cwd`; null when there is none. */
export function nearestSpec(shown: string, path: string, cwd: string): string | null {
  const candidates = specCandidates(path, cwd);
  if (candidates.length === 0) return null;
  return closestMatch(shown.split(sep).join('/'), candidates) ?? candidates[0]!;
}

function specCandidates(path: string, cwd: string): string[] {
  const folders = [dirname(path)];
  const root = workspaceRoot(cwd);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    folders.push(join(dir, 'spec'));
    if (dir === root || dirname(dir) === dir || root === null) break;
  }
  const found = new Set<string>();
  for (const folder of folders) {
    for (const name of markdownFiles(folder)) found.add(relative(cwd, join(folder, name)).split(sep).join('/'));
  }
  return [...found].filter((p) => !/(^|\/)(README|CHANGELOG)\.md$/i.test(p));
}

function markdownFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.md'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}
