/**
 * CPU of the server target alone, cold (a one-shot run: no memos kept), in one process, against
 * another checkout's generate-server (`--baseline <checkout>`, its sources) on the same parsed spec
 * and the same OpenAPI document: the two alternate, `--rounds` times each, and the medians and their
 * ratio are printed. The dense synthetic spec by default (tools/synthetic-spec-dense.ts).
 *
 *   pnpm tsx tools/bench/server-target.ts --baseline /path/to/main [--rounds 5] [--resources 600] [--fields 50] [--plain]
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createRunShared, createTemplateEngine, type Generator } from '@specgen/generate-core';
import { findGenerators } from '@specgen/cli/generate';
import { targetBenchArgs } from './target-bench-args.ts';

const { rounds, baselineDir, spec, options } = targetBenchArgs(process.argv.slice(2));
const [openapi, server] = findGenerators(['openapi', 'server']) as [Generator, Generator];
const templates = createTemplateEngine();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const baseline: Generator | null = baselineDir
  ? (
      (await import(pathToFileURL(join(baselineDir, 'packages/generate-server/src/index.ts')).href)) as {
        generator: Generator;
      }
    ).generator
  : null;

const cpu = (f: () => void) => {
  const at = process.cpuUsage();
  f();
  const u = process.cpuUsage(at);
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const runs: Record<string, number[]> = { this: [], baseline: [] };
for (let i = 0; i < rounds; i++) {
  for (const [label, g] of [
    ['this', server],
    ['baseline', baseline],
  ] as const) {
    if (!g) continue;
    const shared = createRunShared();
    openapi.generate({ spec, templates, options, shared, oneShot: true });
    globalThis.gc?.();
    runs[label]!.push(cpu(() => g.generate({ spec, templates, options, shared, oneShot: true })));
  }
}
for (const [label, ms] of Object.entries(runs))
  if (ms.length > 0)
    console.log(`${label}: median ${median(ms).toFixed(0)} ms CPU (${ms.map((m) => m.toFixed(0)).join(', ')})`);
if (baseline)
  console.log(`ratio this / baseline: ${(median(runs.this!) / median(runs.baseline!)).toFixed(2)} (root ${ROOT})`);
