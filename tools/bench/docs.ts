/**
 * `specgen docs` benchmark, every figure from one run, each against a baseline of the same run:
 * the OpenAPI document of the newest version built and serialized (buildDocument + toJson: the
 * work `generate --only openapi` does for its document, and one part of every site version).
 *
 *   (a) the real spec, every version (30): the site built and written into a fresh temp folder;
 *   (b) the 600-resource synthetic spec (tools/synthetic-spec.ts), newest version only (the default
 *       above 200 resources);
 *   (c) the synthetic spec with --all-versions: it names ~1500 versions (900,000 pages), so the run
 *       writes its newest K versions (K = --versions, default 5) and gives the time per version and
 *       the extrapolation to all of them.
 * Parsing is outside every figure (the CLI parses once before the site is built); each run gets a
 * fresh copy of the IR, so neither side profits from the contract's memos of an earlier run.
 *
 *   pnpm tsx tools/bench/docs.ts [--rounds 3] [--versions 5]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpec } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { buildDocument, toJson } from '@specgen/contract';
import { writeDocs } from '@specgen/generate-docs';
import { syntheticSpec } from '../synthetic-spec.ts';
import { median } from './measure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const ROUNDS = option('--rounds', 3);
const VERSIONS = option('--versions', 5);

function timed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function baseline(spec: Spec): number {
  return timed(() => void toJson(buildDocument(spec, { serviceVersion: null })));
}

function site(spec: Spec, allVersions: boolean): { ms: number; files: number } {
  const out = mkdtempSync(join(tmpdir(), 'specgen-bench-docs-'));
  let files = 0;
  const ms = timed(() => {
    files = writeDocs({
      spec,
      specFile: spec.file,
      specPath: spec.file,
      outDir: out,
      baseUrl: null,
      base: null,
      allVersions,
      sourceDateEpoch: null,
      cwd: ROOT,
    }).files;
  });
  rmSync(out, { recursive: true, force: true });
  return { ms, files };
}

function measure(
  name: string,
  spec: Spec,
  allVersions: boolean,
  rounds: number,
): { ms: number; ratio: number; files: number } {
  site(structuredClone(spec), allVersions); // warm-up: module loading and JIT are not part of a figure
  const base: number[] = [];
  const runs: number[] = [];
  let files = 0;
  for (let i = 0; i < rounds; i++) {
    // fresh copies: the contract keeps routes and schemas per IR object, which a warm run would reuse
    base.push(baseline(structuredClone(spec)));
    const r = site(structuredClone(spec), allVersions);
    runs.push(r.ms);
    files = r.files;
  }
  const ms = median(runs);
  const ratio = ms / median(base);
  console.log(
    `${name.padEnd(48)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${String(files).padStart(6)} files  ${ratio.toFixed(1).padStart(6)}x baseline (${(median(base) / 1000).toFixed(2)} s)`,
  );
  return { ms, ratio, files };
}

const real = parseSpec(readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8'), 'spec/service-api.md').spec;
const synthetic = parseSpec(syntheticSpec(600, 50), 'synthetic.md').spec;
const newestK = { ...synthetic, versions: synthetic.versions.slice(-VERSIONS) };

console.log(
  `node ${process.version}, ${ROUNDS} rounds (medians); baseline = the newest version's OpenAPI document built and serialized`,
);
measure(`(a) real spec, all ${real.versions.length} versions`, real, true, ROUNDS);
measure(`(b) synthetic ${synthetic.resources.length} resources, newest only`, synthetic, false, Math.min(ROUNDS, 2));
const c = measure(
  `(c) synthetic, --all-versions, newest ${VERSIONS} of ${synthetic.versions.length}`,
  newestK,
  true,
  1,
);
const perVersion = c.ms / VERSIONS;
console.log(
  `    per version ${(perVersion / 1000).toFixed(2)} s -> all ${synthetic.versions.length} versions ~${((perVersion * synthetic.versions.length) / 60_000).toFixed(0)} min, ~${Math.round((c.files / VERSIONS) * synthetic.versions.length)} files`,
);
