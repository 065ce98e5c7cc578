/**
 * `@specgen/cli/generate`: the generate command's engine for in-process callers (the benchmarks in
 * tools/bench): the target registry, a one-shot run and watch mode, as `specgen generate` runs them.
 */
export { findGenerators, generators } from '../generators.ts';
export { generateOneShot } from './one-shot.ts';
export type { GenerateProgress } from './progress.ts';
export { type WatchRun, watchGenerate } from './watch.ts';
