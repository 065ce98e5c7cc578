/**
 * Where the user's paths are relative to. `pnpm specgen …` (the root package's script) runs at the
 * workspace root even when called from a package folder (`pnpm -w specgen`), and pnpm puts the
 * caller's folder in INIT_CWD; `pnpm exec specgen …` runs in the caller's folder. So a path the user
 * typed resolves against INIT_CWD when specgen runs as that script, else against the current folder,
 * and the defaults (spec/service-api.md, generated/) against the workspace root above that folder.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

type Env = Record<string, string | undefined>;

/** The root package scripts that run specgen with the caller's arguments. */
const ROOT_SCRIPTS = new Set(['specgen']);

/** The folder the user ran the command from. */
export function userCwd(env: Env = process.env, cwd = process.cwd()): string {
  const init = env.INIT_CWD;
  if (init && ROOT_SCRIPTS.has(env.npm_lifecycle_event ?? '') && isDirectory(init)) return init;
  return cwd;
}

/** The nearest folder at or above `from` holding pnpm-workspace.yaml, or null outside a workspace. */
export function workspaceRoot(from: string): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** The folder the default paths are relative to: the workspace root, else the user's folder. */
export function defaultsBase(env: Env = process.env, cwd = process.cwd()): string {
  const from = userCwd(env, cwd);
  return workspaceRoot(from) ?? from;
}

/** An absolute path: `typed` against the user's folder, or `fallback` against the defaults base. */
export function userPath(
  typed: string | null | undefined,
  fallback: string,
  env: Env = process.env,
  cwd = process.cwd(),
): string {
  return typed ? resolve(userCwd(env, cwd), typed) : resolve(defaultsBase(env, cwd), fallback);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
