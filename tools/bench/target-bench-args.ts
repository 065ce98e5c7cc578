/**
 * What the one-target benches (openapi-target.ts, server-target.ts) read from their arguments:
 * `--rounds`, `--baseline <checkout>`, and the synthetic spec they parse once (the dense one by
 * default, tools/synthetic-spec-dense.ts; `--plain` for tools/synthetic-spec.ts), sized by
 * `--resources` and `--fields`.
 */
import type { Spec } from '@specgen/ir';
import { parseSpec } from '@specgen/parser';
import { denseSyntheticSpec } from '../synthetic-spec-dense.ts';
import { syntheticSpec } from '../synthetic-spec.ts';

export interface TargetBenchArgs {
  rounds: number;
  /** The other checkout to compare with; '' when not given. */
  baselineDir: string;
  spec: Spec;
  /** The options every generator of these benches is called with. */
  options: { serviceVersion: null; specFile: string; packageVersion: string };
}

export function targetBenchArgs(args: readonly string[]): TargetBenchArgs {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
  };
  const resources = Number(option('--resources', '600'));
  const fields = Number(option('--fields', '50'));
  const text = args.includes('--plain') ? syntheticSpec(resources, fields) : denseSyntheticSpec(resources, fields);
  const specFile = 'synthetic.md';
  return {
    rounds: Number(option('--rounds', '5')),
    baselineDir: option('--baseline', ''),
    spec: parseSpec(text, specFile).spec,
    options: { serviceVersion: null, specFile, packageVersion: '0.1.0' },
  };
}
