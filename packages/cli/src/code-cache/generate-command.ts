/**
 * The `generate` command as the CLI loads it: a one-shot run from bundle/generate-command.cjs under a
 * code cache (cached-script.ts) when the CLI runs from its bundle, else (`--watch`; dist/, src/) from its
 * own module. `--watch` gains nothing from a cache (it compiles once and runs for hours), and its saves
 * ran slower from the CommonJS copy: one-field edits 135-144 ms median and 200-240 ms of CPU per save,
 * against 104 ms and 140 ms from the ES module (docs/benchmarks/generate.md, Round 42).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from '../command.ts';
import { ONE_SHOT_FLAG_DEFAULTS } from '../generate/jit.ts';
import { codeCacheDir } from './cache-dir.ts';
import { runCachedScript } from './cached-script.ts';

export async function loadGenerateCommand(args: readonly string[] = []): Promise<Command> {
  const bundled = new URL('./generate-command.cjs', import.meta.url);
  if (!args.includes('--watch') && bundled.protocol === 'file:' && existsSync(bundled)) {
    const exports = runCachedScript(fileURLToPath(bundled), {
      cacheDir: codeCacheDir(),
      name: 'generate',
      flagsAtStart: ONE_SHOT_FLAG_DEFAULTS,
      importModule: (url) => import(url),
    });
    return exports.generateCommand as Command;
  }
  return (await import('../commands/generate.ts')).generateCommand;
}
