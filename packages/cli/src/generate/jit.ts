/**
 * V8 tuning for a one-shot `specgen generate`. Such a run executes a lot of code a few times each, and
 * TurboFan spent about 1 s of CPU on background threads compiling it for the 600-resource spec: on
 * a 2-core machine those threads compete with the main thread (which does the run), the file writes
 * and esbuild. Without inlining TurboFan compiles each hot function alone, about 0.5 s less CPU, and
 * the main thread's own time does not grow: the run is about 8-10% shorter (docs/benchmarks/generate.md,
 * Round 31). Watch mode keeps V8's defaults: a long-lived process gains from the inlined code.
 *
 * `v8.setFlagsFromString` changes a flag for what V8 compiles afterwards; this flag only steers the
 * optimizing compiler, so the program does the same either way.
 */
import { setFlagsFromString } from 'node:v8';

export function tuneJitForOneShot(): void {
  setFlagsFromString('--no-turbo-inlining');
}

/**
 * The V8 flags a one-shot run may change (above; `--expose-gc` for a full collection, one-shot.ts and
 * idle-collect.ts), as they are when the process starts: the code cache is made under these
 * (code-cache/cached-script.ts), since V8 rejects cached data made under other flags.
 */
export const ONE_SHOT_FLAG_DEFAULTS: readonly string[] = ['--turbo-inlining', '--no-expose-gc'];
