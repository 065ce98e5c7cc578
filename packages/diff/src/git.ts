/** Reads a file as it was at a git ref: `git show <ref>:./<name>` run in the file's directory. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export class GitReadError extends Error {}

export function readAtRef(ref: string, path: string, cwd: string = process.cwd()): string {
  if (ref.startsWith('-') || /[\s:]/.test(ref)) throw new GitReadError(`invalid git ref "${ref}"`);
  const absolute = resolve(cwd, path);
  const dir = dirname(absolute);
  if (!existsSync(dir)) throw new GitReadError(`directory of ${path} does not exist`);
  try {
    return execFileSync('git', ['show', `${ref}:./${basename(absolute)}`], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new GitReadError(`cannot read ${path} at ${ref}: ${stderr || (err as Error).message}`);
  }
}

/** The top folder of the git checkout holding `cwd`, or null outside one. */
export function repoTopLevel(cwd: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', '--show-toplevel'], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || null
    );
  } catch {
    return null;
  }
}
