/**
 * Runs a CommonJS script (the bundled `generate` command, bundle/generate-command.cjs) through V8 with a
 * code cache: Node 20 caches the compiled code of no module of ours, so every run parsed and compiled
 * the ~1 MB of code a generate runs (docs/benchmarks/generate.md, Round 40). The script is compiled with
 * `vm.Script` and the cached data of an earlier run (cache-file.ts); without one, or when V8 rejects it
 * (another V8 or other flags), it compiles as usual and, at the exit of a successful run, writes the
 * cache of everything the run compiled (`createCachedData` after the run holds the functions compiled
 * lazily, not only the top level). A cache never changes what the script does, only how much V8 compiles to run it.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { cacheFileName, readCacheFile, writeCacheFile } from './cache-file.ts';

export interface CachedScriptOptions {
  /** The cache folder (cache-dir.ts); null: compile without a cache. */
  cacheDir: string | null;
  /** The cache file's name prefix. */
  name: string;
  /**
   * V8 flags the script changes while it runs, as they are at start (e.g. `--turbo-inlining`): V8 accepts
   * cached data only under the flags it was made with, so they are set back before it is made at exit.
   */
  flagsAtStart?: readonly string[];
  /** What the script calls as `__specgenImport(url)` for a dynamic import: the caller's `import()`. */
  importModule?: (url: string) => Promise<unknown>;
}

/** `module.exports` of the CommonJS script `file`, compiled with its code cache when there is one. */
export function runCachedScript(file: string, options: CachedScriptOptions): Record<string, unknown> {
  const source = readFileSync(file, 'utf8');
  const cacheName = options.cacheDir === null ? null : cacheFileName(options.name, source);
  const cached = options.cacheDir && cacheName ? readCacheFile(join(options.cacheDir, cacheName)) : undefined;
  // `__specgenImport`: the script's `import()` (a vm.Script's own has no loader once it comes from the cache)
  const wrapped = `(function (exports, require, module, __filename, __dirname, __specgenImport) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData: cached });
  const { cacheDir } = options;
  if (cacheDir !== null && cacheName !== null && (cached === undefined || script.cachedDataRejected)) {
    process.once('exit', (code) => {
      // A failed run (a bad spec, a bad option) compiled only part of the script: no cache of that.
      if (code !== 0) return;
      try {
        for (const flag of options.flagsAtStart ?? []) if (!givenAtStart(flag)) setFlagsFromString(flag);
        writeCacheFile(cacheDir, cacheName, () => script.createCachedData());
      } catch {
        // no cache this time; the run's own outcome (its exit status) stands
      }
    });
  }
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), options.importModule);
  return module.exports;
}

/** V8 flag names the way V8 reads them: `--no-turbo_inlining` and `--turbo-inlining` are one flag. */
const flagName = (flag: string) => flag.replace(/^--(no-?)?/, '').replaceAll('_', '-');

/**
 * True when Node was started with `flag` (in any form, on the command line or in NODE_OPTIONS): then it
 * is not at its default at start, and setting the default back would make the cache one V8 rejects.
 */
function givenAtStart(flag: string): boolean {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return given.some((option) => option.startsWith('--') && flagName(option.split('=')[0] ?? '') === flagName(flag));
}
