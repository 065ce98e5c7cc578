/**
 * Parser benchmark: the real spec and a large synthetic one (600 resources x 50 fields), each parsed
 * by specgen's parser (fast path), specgen's parser with micromark for every section, and a plain
 * unified + remark-parse + remark-gfm parse of the whole file, side by side in the same run.
 * Every measurement runs in its own child process, so peak memory (maxRSS) is that method's.
 *
 *   pnpm tsx tools/bench/parse.ts [--resources 600] [--fields 50] [--runs 3] [--skip-remark]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticSpec } from '../synthetic-spec.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const runs = option('--runs', 3);

interface Result {
  method: string;
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  baselineRssMb: number;
  resources: number;
}

function measure(method: string, file: string): Result {
  const out = execFileSync('node', ['--import', 'tsx', join(ROOT, 'tools/bench/parse-child.ts'), method, file], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as Result;
}

/** Median of `runs` measurements, by wall time. */
function median(method: string, file: string, n: number): Result {
  const results = Array.from({ length: n }, () => measure(method, file)).sort((a, b) => a.ms - b.ms);
  return results[Math.floor(results.length / 2)]!;
}

const large = join(mkdtempSync(join(tmpdir(), 'specgen-bench-')), 'synthetic-spec.md');
const text = syntheticSpec(option('--resources', 600), option('--fields', 50));
writeFileSync(large, text);

const files: Array<[string, string, number]> = [
  ['spec/service-api.md', join(ROOT, 'spec/service-api.md'), runs],
  [`synthetic (${(text.length / 1e6).toFixed(2)} MB)`, large, runs],
];
const methods = ['specgen', 'specgen-micromark', ...(args.includes('--skip-remark') ? [] : ['remark-gfm'])];

console.log(`node ${process.version}, ${runs} run(s) per cell (median), each in a fresh process\n`);
console.log('| file | method | wall ms | cpu ms | peak RSS MB | RSS before parse MB |');
console.log('|---|---|---:|---:|---:|---:|');
for (const [label, file, n] of files) {
  for (const method of methods) {
    const r = median(method, file, method === 'remark-gfm' && label.startsWith('synthetic') ? 1 : n);
    console.log(`| ${label} | ${method} | ${r.ms} | ${r.cpuMs} | ${r.peakRssMb} | ${r.baselineRssMb} |`);
  }
}
