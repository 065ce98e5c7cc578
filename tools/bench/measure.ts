/** What several benchmarks measure with: a median, a user's environment, and the wall time of a command. */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = resolve(import.meta.dirname, '../..');

/** The middle value (the upper one of an even count); 0 for no values. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A user's shell: the environment without the tests' `--conditions=@specgen/source` NODE_OPTIONS. */
export const userEnv: NodeJS.ProcessEnv = (({ NODE_OPTIONS: _ignored, ...env }) => env)(process.env);

/** Wall time of a command run to completion from the repository root with `userEnv`; throws when it fails. */
export function wall(argv: readonly string[]): number {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('wall: no command');
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env: userEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}
