/**
 * One measurement of `specgen generate` in a fresh process (peak memory is this run's alone):
 *   tsx tools/bench/generate-child.ts generate <spec> <out> [targets]   parse + render + check + write
 *   tsx tools/bench/generate-child.ts parse <spec>                      baseline: parse only
 *   tsx tools/bench/generate-child.ts watch <spec> <out> <edits> [targets]  one-field edits under --watch
 *   tsx tools/bench/generate-child.ts openapi-typescript <openapi.json> <out.ts>  baseline: openapi-typescript 7, types only
 * Prints one JSON line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import {
  type GenerateProgress,
  type WatchRun,
  findGenerators,
  generateOneShot,
  watchGenerate,
} from '@specgen/cli/generate';

const [mode = 'generate', spec = 'spec/service-api.md', out = '/tmp/specgen-bench-out', fourth, fifth] =
  process.argv.slice(2);
const cpu = process.cpuUsage();
const started = performance.now();
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const cpuMs = () => {
  const u = process.cpuUsage(cpu);
  return Math.round((u.user + u.system) / 1000);
};

if (mode === 'parse') {
  const { spec: ir } = parseSpec(readFileSync(spec, 'utf8'), spec);
  console.log(
    JSON.stringify({
      mode,
      ms: Math.round(performance.now() - started),
      cpuMs: cpuMs(),
      peakRssMb: peakRssMb(),
      resources: ir.resources.length,
    }),
  );
} else if (mode === 'openapi-typescript') {
  // The same steps as its CLI (`openapi-typescript openapi.json -o out.ts`): load, bundle and validate, transform, print, write.
  // Like `started` for the other modes (taken after the static imports): in-process time starts once it is loaded.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const loaded = performance.now();
  const ast = await openapiTS(pathToFileURL(spec));
  writeFileSync(out, astToString(ast));
  console.log(
    JSON.stringify({
      mode,
      ms: Math.round(performance.now() - loaded),
      cpuMs: cpuMs(),
      peakRssMb: peakRssMb(),
      written: 1,
    }),
  );
} else if (mode === 'generate') {
  // As `specgen generate` runs it (one-shot.ts): a large spec on two threads (SPECGEN_GENERATE_WORKER=0: one).
  const targets = fourth ? fourth.split(',') : null;
  const text = readFileSync(spec, 'utf8');
  let parsedAt = 0;
  const parse = () => {
    const parsed = parseSpec(text, spec);
    parsedAt = performance.now();
    return parsed;
  };
  const generators = findGenerators(targets);
  const options = { outDir: out, specFile: spec, serviceVersion: null, check: false };
  const outcome = await generateOneShot(
    text,
    parse,
    generators,
    { dir: null, engine: () => createTemplateEngine() },
    options,
  );
  const written = outcome.kind === 'written' ? outcome.report.written.length : -1;
  const files = outcome.kind === 'written' ? outcome.paths.length : 0;
  const worker = outcome.kind === 'written' ? (outcome.offloaded ?? []).join('+') || 'none' : 'none';
  console.log(
    JSON.stringify({
      mode,
      ms: Math.round(performance.now() - started),
      parseMs: Math.round(parsedAt - started),
      cpuMs: cpuMs(),
      peakRssMb: peakRssMb(),
      files,
      written,
      worker,
    }),
  );
} else if (mode === 'watch') {
  const edits = Number(fourth ?? 5);
  const original = readFileSync(spec, 'utf8');
  const runs: WatchRun[] = [];
  let waiting: ((run: WatchRun) => void) | null = null;
  /** Wall ms of each step of the current run: parse, each target, syntax check, write. */
  let steps: Record<string, number> = {};
  const stepsPerEdit: Record<string, number>[] = [];
  const progress: GenerateProgress = {
    parsed: (_file, _counts, ms) => {
      steps = { parse: ms };
    },
    rendered: (target, _files, ms) => {
      steps[target] = ms;
    },
    checked: (_files, ms) => {
      steps.syntax = ms;
    },
    wrote: (_report, ms) => {
      steps.write = ms;
    },
  };
  const handle = watchGenerate({
    specPath: spec,
    specFile: spec,
    outDir: out,
    serviceVersion: null,
    templatesDir: null,
    progress,
    generators: findGenerators(fifth ? fifth.split(',') : null),
    onRun: (run) => {
      runs.push(run);
      waiting?.(run);
    },
  });
  await handle.ready;
  const latencies: number[] = [];
  const reported: number[] = [];
  const written: number[] = [];
  const cpuPerEdit: number[] = [];
  let lastWritten: readonly string[] = [];
  for (let i = 0; i < edits; i++) {
    // One field's notes and nullability change: a one-field edit in one resource section.
    const edited = original.replace(
      '| WarrantyMonths | Int32 | Warranty length in months. |',
      `| WarrantyMonths | Int32${i % 2 ? '' : '?'} | Warranty length in months (edit ${i}). |`,
    );
    const done = new Promise<WatchRun>((resolve) => (waiting = resolve));
    const at = performance.now();
    const cpuAt = process.cpuUsage();
    writeFileSync(spec, edited);
    const run = await done;
    latencies.push(performance.now() - at);
    const used = process.cpuUsage(cpuAt);
    cpuPerEdit.push((used.user + used.system) / 1000);
    reported.push(run.ms);
    stepsPerEdit.push(steps);
    written.push(run.outcome?.kind === 'written' ? run.outcome.report.written.length : -1);
    if (run.outcome?.kind === 'written') lastWritten = run.outcome.report.written;
    await new Promise((r) => setTimeout(r, 150));
  }
  await handle.close();
  writeFileSync(spec, original);
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  console.log(
    JSON.stringify({
      mode,
      initialMs: Math.round(runs[0]!.ms),
      saveToWrittenMedianMs: median(latencies),
      saveToWrittenMaxMs: Math.round(Math.max(...latencies)),
      eventToWrittenMedianMs: median(reported),
      cpuPerEditMedianMs: median(cpuPerEdit),
      writtenPerEdit: written,
      peakRssMb: peakRssMb(),
      lastWritten,
      stepMedianMs: Object.fromEntries(
        Object.keys(stepsPerEdit[0] ?? {}).map((k) => [k, median(stepsPerEdit.map((s) => s[k] ?? 0))]),
      ),
    }),
  );
}
process.exit(0);
