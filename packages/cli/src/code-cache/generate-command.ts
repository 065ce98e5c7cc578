/**
 * The `generate` command as the CLI loads it: from bundle/generate-command.cjs under a code cache
 * (cached-script.ts) when the CLI runs from its bundle, else (dist/, src/) from its own module.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from '../command.ts';
import { ONE_SHOT_FLAG_DEFAULTS } from '../generate/jit.ts';
import { codeCacheDir } from './cache-dir.ts';
import { runCachedScript } from './cached-script.ts';

export async function loadGenerateCommand(): Promise<Command> {
  const bundled = new URL('./generate-command.cjs', import.meta.url);
  if (bundled.protocol === 'file:' && existsSync(bundled)) {
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
