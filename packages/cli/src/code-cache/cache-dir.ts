/**
 * Where `specgen` keeps the V8 code cache of its bundled `generate` command (cached-script.ts): a folder
 * of the user's own, outside the install folder (which may be read-only or shared). Deleting it is always
 * safe: the next run compiles as before and writes it again.
 *
 * - `SPECGEN_CODE_CACHE=0`: no code cache (neither read nor written);
 * - `SPECGEN_CODE_CACHE_DIR=<dir>`: that folder;
 * - otherwise `$XDG_CACHE_HOME/specgen/code-cache`, or `~/.cache/specgen/code-cache`.
 *
 * Not the system's temporary folder: a cache file is code that the next run executes, so it lives where
 * only the user can write.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.SPECGEN_CODE_CACHE === '0') return null;
  if (env.SPECGEN_CODE_CACHE_DIR) return resolve(env.SPECGEN_CODE_CACHE_DIR);
  const base = env.XDG_CACHE_HOME || env.HOME || home();
  return base ? join(base, ...(env.XDG_CACHE_HOME ? [] : ['.cache']), 'specgen', 'code-cache') : null;
}

/** The home folder from the system's user database (no HOME in the environment). */
function home(): string | null {
  try {
    return homedir() || null;
  } catch {
    return null; // no home folder (a service account): no cache
  }
}
