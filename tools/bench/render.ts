/**
 * The types and validators targets in one process, without parsing, checking or writing: wall and CPU
 * time, time in garbage collection and (with --alloc) the bytes allocated while each target renders,
 * round by round (round 0 is the cold one, as in `specgen generate`). Allocation is the sum of V8's
 * sampling heap profiler with the objects collected by the young and the old generation's collections
 * kept in the profile, so it counts garbage too; the figure is an estimate (one sample per 16 KB).
 *
 *   pnpm tsx tools/bench/render.ts [--spec <file>] [--rounds 3] [--alloc [--heap-profile <prefix>]] [--dump <prefix>]
 *
 * Without --spec it writes the dense 600x50 synthetic spec (tools/synthetic-spec-dense.ts) to a temp
 * folder. --dump writes round 0's files of each target as `<prefix>-<target>.json` (path, text), to
 * compare two builds' output byte for byte. --heap-profile writes round 0's sampled allocations of each
 * target as `<prefix>-<target>.heapprofile` (open it in Chrome's DevTools, Memory tab). Run it from sources (`pnpm tsx`, the default) or with
 * plain `tsx` after `pnpm turbo run build` for the compiled packages and precompiled templates.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { findGenerators } from '@specgen/cli/generate';
import { type GenerateContext, createRunShared, createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { denseSyntheticSpec } from '../synthetic-spec-dense.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const rounds = Number(option('--rounds') ?? 3);
const alloc = args.includes('--alloc');
const dump = option('--dump');
const heapProfile = option('--heap-profile');
let specPath = option('--spec');
if (!specPath) {
  specPath = join(mkdtempSync(join(tmpdir(), 'specgen-bench-render-')), 'dense.md');
  writeFileSync(specPath, denseSyntheticSpec(600, 50));
}

interface ProfileNode {
  selfSize: number;
  children: ProfileNode[];
}
const allocated = (node: ProfileNode): number => node.children.reduce((sum, c) => sum + allocated(c), node.selfSize);

const session = new Session();
session.connect();
const post = <T>(method: string, params?: object) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
if (alloc) await post('HeapProfiler.enable');

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

const { spec } = parseSpec(readFileSync(specPath, 'utf8'), specPath);
const templates = createTemplateEngine();
console.log(`node ${process.version}; ${specPath}; ${rounds} rounds${alloc ? ', allocation sampled' : ''}`);
console.log(
  '\n| round | target | wall ms | cpu ms | gc ms | allocated MB | files | output MB |\n|---:|---|---:|---:|---:|---:|---:|---:|',
);
for (let round = 0; round < rounds; round++) {
  // One run's context, as a one-shot `specgen generate` makes it (the records model shared by both targets).
  const ctx: GenerateContext = {
    spec,
    templates,
    options: { serviceVersion: null, specFile: 'spec.md', packageVersion: '0.1.0' },
    shared: createRunShared(),
    oneShot: true,
  };
  for (const generator of findGenerators(['types', 'validators'])) {
    if (alloc) {
      await post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    gcMs = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const files = generator.generate(ctx);
    let chars = 0;
    for (const f of files) chars += f.contents.length;
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the gc entries arrive on a later tick
    const profile = alloc
      ? (await post<{ profile: { head: ProfileNode } }>('HeapProfiler.stopSampling')).profile
      : null;
    const bytes = profile ? allocated(profile.head) : Number.NaN;
    if (profile && heapProfile && round === 0) {
      writeFileSync(`${heapProfile}-${generator.target}.heapprofile`, JSON.stringify(profile));
    }
    console.log(
      `| ${round} | ${generator.target} | ${wallMs.toFixed(0)} | ${((used.user + used.system) / 1000).toFixed(0)} | ${gcMs.toFixed(0)} | ${alloc ? (bytes / 1e6).toFixed(0) : '-'} | ${files.length} | ${(chars / 1e6).toFixed(1)} |`,
    );
    if (dump && round === 0) {
      writeFileSync(`${dump}-${generator.target}.json`, JSON.stringify(files.map((f) => [f.path, f.contents])));
    }
  }
}
