/**
 * Which files of a workspace are specs: the `spec` setting of `specgen.config.json` / `.mjs` / `.js`
 * (one path or glob, or a list), else `spec/*.md`; the editor's `specgen.specGlobs` wins when it is
 * non-empty. Patterns are relative to the workspace folder. `specgen format` lists files the same way.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';

export const DEFAULT_SPEC_GLOBS: readonly string[] = ['spec/*.md'];
const CONFIG_FILES = ['specgen.config.json', 'specgen.config.mjs', 'specgen.config.js'] as const;

/** The `spec` entry of the folder's config as a list; null without a config or without `spec`. */
export async function configuredSpecGlobs(root: string): Promise<string[] | null> {
  for (const name of CONFIG_FILES) {
    const file = join(root, name);
    if (!existsSync(file)) continue;
    const value: unknown = name.endsWith('.json')
      ? JSON.parse(readFileSync(file, 'utf8'))
      : // The modification time in the URL: a long-running server reads an edited config again.
        ((await import(`${pathToFileURL(file).href}?mtime=${statSync(file).mtimeMs}`)) as { default?: unknown })
          .default;
    const spec = value && typeof value === 'object' ? (value as { spec?: unknown }).spec : undefined;
    return specList(spec, name);
  }
  return null;
}

/** `spec` as a list of patterns; throws on anything but a string or a list of strings. */
export function specList(spec: unknown, where: string): string[] | null {
  if (spec === undefined) return null;
  if (typeof spec === 'string' && spec !== '') return [spec];
  if (Array.isArray(spec) && spec.length > 0 && spec.every((s) => typeof s === 'string' && s !== ''))
    return spec as string[];
  throw new Error(`${where}: spec must be a path or glob, or a non-empty list of them, got ${JSON.stringify(spec)}`);
}

/** The patterns in force: the editor's globs if any, else the config's, else `spec/*.md`. */
export async function specGlobs(root: string, editorGlobs: readonly string[] = []): Promise<string[]> {
  if (editorGlobs.length > 0) return [...editorGlobs];
  return (await configuredSpecGlobs(root)) ?? [...DEFAULT_SPEC_GLOBS];
}

/** A predicate on absolute paths: true for a file under `root` that a pattern names. */
export function specMatcher(root: string, patterns: readonly string[]): (path: string) => boolean {
  const match = picomatch([...patterns], { dot: false });
  return (path) => {
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..')) return false;
    return match(rel.split(sep).join('/'));
  };
}

/** The files the patterns name under `root`, absolute and sorted. */
export async function listSpecFiles(root: string, patterns: readonly string[]): Promise<string[]> {
  const found = await glob([...patterns], { cwd: root, absolute: true, onlyFiles: true, expandDirectories: false });
  return found.sort();
}
