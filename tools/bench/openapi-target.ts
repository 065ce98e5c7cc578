/**
 * CPU of the OpenAPI target alone, cold (a one-shot run: no memos kept), in one process, against
 * another checkout's generate-openapi and contract (`--baseline <checkout>`, its sources) on the same
 * parsed spec: the two alternate, `--rounds` times each. Per round: the document build alone
 * (`buildDocument`), the whole target (document, texts, files) and writing its two large files
 * to a temp folder as the CLI writes them (generate-core `writeGenerated`); medians and ratios are
 * printed. The dense synthetic spec by default (tools/synthetic-spec-dense.ts); also checks that
 * both give the same bytes.
 *
 *   pnpm tsx tools/bench/openapi-target.ts --baseline /path/to/main [--rounds 5] [--resources 600] [--fields 50] [--plain]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTemplateEngine, type GeneratedFile, type Generator, writeGenerated } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { buildDocument } from '@specgen/contract';
import { findGenerators } from '@specgen/cli/generate';
import { targetBenchArgs } from './target-bench-args.ts';

const { rounds, baselineDir, spec, options } = targetBenchArgs(process.argv.slice(2));
const templates = createTemplateEngine();
const [openapi] = findGenerators(['openapi']) as [Generator];

interface Side {
  generator: Generator;
  build: (spec: Spec, options: { serviceVersion: string | null; memo?: boolean }) => unknown;
}
const sides: [string, Side][] = [['this', { generator: openapi, build: buildDocument }]];
if (baselineDir) {
  const load = async (path: string) => await import(pathToFileURL(join(baselineDir, path)).href);
  const g = (await load('packages/generate-openapi/src/index.ts')) as { generator: Generator };
  const c = (await load('packages/contract/src/index.ts')) as { buildDocument: Side['build'] };
  sides.push(['baseline', { generator: g.generator, build: c.buildDocument }]);
}

const cpu = (f: () => void) => {
  const at = process.cpuUsage();
  f();
  const u = process.cpuUsage(at);
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const out = mkdtempSync(join(tmpdir(), 'specgen-openapi-target-'));

type Figures = { document: number[]; target: number[]; write: number[] };
const runs = new Map<string, Figures>(sides.map(([label]) => [label, { document: [], target: [], write: [] }]));
const texts = new Map<string, string[]>();
for (let i = 0; i < rounds; i++) {
  for (const [label, side] of sides) {
    const figures = runs.get(label)!;
    gc();
    figures.document.push(cpu(() => side.build(spec, { serviceVersion: null, memo: false })));
    gc();
    let files: GeneratedFile[] = [];
    figures.target.push(cpu(() => (files = side.generator.generate({ spec, templates, options, oneShot: true }))));
    const large = files.filter((f) => /openapi\.(json|yaml)$/.test(f.path));
    figures.write.push(
      cpu(() => {
        for (const [n, f] of large.entries()) writeGenerated(join(out, `${label}-${n}`), f);
      }),
    );
    if (i === 0) texts.set(label, [...large.map((_, n) => readFileSync(join(out, `${label}-${n}`), 'utf8'))]);
  }
}
rmSync(out, { recursive: true, force: true });
const row = (label: string, f: Figures) =>
  `${label}: document ${median(f.document).toFixed(0)} ms, target ${median(f.target).toFixed(0)} ms, ` +
  `write ${median(f.write).toFixed(0)} ms CPU (medians of ${f.target.length}; target ${f.target.map((m) => m.toFixed(0)).join(', ')})`;
for (const [label, f] of runs) console.log(row(label, f));
const base = runs.get('baseline');
if (base) {
  const me = runs.get('this')!;
  const ratio = (k: keyof Figures) => (median(me[k]) / median(base[k])).toFixed(2);
  console.log(
    `ratio this / baseline: document ${ratio('document')}, target ${ratio('target')}, write ${ratio('write')}`,
  );
  const same = texts.get('this')!.every((t, n) => t === texts.get('baseline')![n]);
  console.log(same ? 'openapi.json and openapi.yaml: the same bytes' : 'DIFFERENT bytes from the baseline');
  if (!same) process.exitCode = 1;
}
