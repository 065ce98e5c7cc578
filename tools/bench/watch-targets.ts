/**
 * CPU of one watch edit by target (default: the OpenAPI and server targets), in one process as
 * `generate --watch` runs them: the synthetic spec through the incremental parser, the targets
 * rendered once (the initial run), then edits of the markdown (a field row, a resource's
 * description, a field of the real part: WarrantyMonths, a row added, which moves every later section), each parsed and rendered again. Prints
 * the CPU ms of each target per edit and which files changed. Unless `--no-check`, the output of
 * the last edit is compared with a cold render of the same markdown in a fresh process (no memo). At the
 * end: the CPU per edit (parse and targets; `--main-thread`: of the main thread only) of rows added and of other edits, median and max, beside the
 * initial render of the same targets (empty memos, as a cold run) as the same-run baseline. With
 * `--remove-rows`, the edit after each row added removes that row again (with --expose-gc, the heap
 * after those edits should come back to where it was: docs/benchmarks/watch.md).
 *
 *   pnpm tsx [--expose-gc] tools/bench/watch-targets.ts [--resources 600] [--fields 50] [--edits 5] [--targets openapi,server] [--remove-rows] [--no-check] [--main-thread]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunShared, createTemplateEngine, type GeneratedFile } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { createIncrementalParser, parseSpec } from '@specgen/parser';
import { findGenerators } from '@specgen/cli/generate';
import { syntheticSpec } from '../synthetic-spec.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const targets = option('--targets', 'openapi,server');
const generators = findGenerators(targets.split(','));
const templates = createTemplateEngine();
const options = { serviceVersion: null, specFile: 'synthetic.md', packageVersion: '0.1.0' };
/**
 * With `--main-thread`: the CPU of the main thread only (Linux: /proc/self/task/<pid>/schedstat), not
 * the process's, which adds the garbage collector's and compiler's helper threads (the main thread is
 * what a save waits for on a loaded machine).
 */
const mainThread = args.includes('--main-thread');
const mainThreadNs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
const cpuAt = (): NodeJS.CpuUsage => (mainThread ? { user: mainThreadNs() / 1000, system: 0 } : process.cpuUsage());
const cpuMs = (since: NodeJS.CpuUsage) => {
  if (mainThread) return Math.round((mainThreadNs() / 1000 - since.user) / 1000);
  const u = process.cpuUsage(since);
  return Math.round((u.user + u.system) / 1000);
};
const sameText = (a: GeneratedFile | undefined, b: GeneratedFile) =>
  a !== undefined &&
  (a.chunks && b.chunks
    ? a.chunks.length === b.chunks.length && a.chunks.every((c, i) => c === b.chunks![i])
    : a.contents === b.contents);
const digest = (files: GeneratedFile[]) =>
  Object.fromEntries(files.map((f) => [f.path, createHash('sha1').update(f.contents).digest('hex')]));

function render(spec: Spec): { files: GeneratedFile[]; ms: Record<string, number> } {
  const shared = createRunShared();
  const ms: Record<string, number> = {};
  const files: GeneratedFile[] = [];
  for (const g of generators) {
    const at = cpuAt();
    files.push(...g.generate({ spec, templates, options, shared }));
    ms[g.target] = cpuMs(at);
  }
  return { files, ms };
}

if (args.includes('--cold')) {
  // The check's child: a cold render of the given markdown, as file digests.
  const file = option('--cold', '');
  console.log(JSON.stringify(digest(render(parseSpec(readFileSync(file, 'utf8'), 'synthetic.md').spec).files)));
  process.exit(0);
}

/** Edit `i` of the markdown: a field row, a description, WarrantyMonths, or a row added (every later section moves down). */
function edit(text: string, i: number, resources: number): string {
  const k = (i * 97) % resources;
  if (i % 4 === 3) {
    const at = text.indexOf('\n', text.indexOf('| Value', text.search(new RegExp(`\\n### \\w+Records${k}\\n`)))) + 1;
    return `${text.slice(0, at)}| Added${i} | String | A row added by edit ${i}. |${text.slice(at, text.indexOf('\n', at)).includes(' | -') || /\| [\d.]+ \|$/.test(text.slice(at, text.indexOf('\n', at))) ? ' - |' : ''}\n${text.slice(at)}`;
  }
  if (i % 3 === 2)
    return text.replace(
      /\| WarrantyMonths \| Int32\?? \| Warranty length in months[^|]*\|/,
      `| WarrantyMonths | Int32${i % 2 ? '' : '?'} | Warranty length in months (edit ${i}). |`,
    );
  if (i % 3 === 1)
    return text.replace(`Represents synthetic record ${k}.`, `Represents synthetic record ${k} (edit ${i}).`);
  const section = text.search(new RegExp(`\\n### \\w+Records${k}\\n`));
  const row = text.indexOf('| Value', section);
  const end = text.indexOf('\n', row);
  return (
    text.slice(0, row) + text.slice(row, end).replace('of the record.', `of the record (edit ${i}).`) + text.slice(end)
  );
}

const resources = Number(option('--resources', '600'));
const removeRows = args.includes('--remove-rows');
let text = syntheticSpec(resources, Number(option('--fields', '50')));
const parser = createIncrementalParser();
const first = render(parser.parse(text, 'synthetic.md').spec);
console.log(`initial: ${JSON.stringify(first.ms)}`);
let last = first.files;
/** CPU ms of each edit (parse and every target), by kind: a row added (every 4th edit) or another edit. */
const totals: { row: number[]; other: number[] } = { row: [], other: [] };
for (let i = 0; i < Number(option('--edits', '5')); i++) {
  // --remove-rows: the edit after a row added removes it again (what a session of add-then-undo leaves behind).
  const added = new RegExp(`\\| Added${i - 1} \\| String \\| A row added by edit ${i - 1}\\. \\|[^\\n]*\\n`);
  text = removeRows && i % 4 === 0 && i > 0 ? text.replace(added, '') : edit(text, i, resources);
  const at = cpuAt();
  const spec = parser.parse(text, 'synthetic.md').spec;
  const parseMs = cpuMs(at);
  const run = render(spec);
  // Fragments compared as watch mode does (a join of 50 MB here would load the next edit's GC).
  const before = new Map(last.map((f) => [f.path, f]));
  const changed = run.files.filter((f) => !sameText(before.get(f.path), f)).map((f) => f.path);
  console.log(`edit ${i}: parse ${parseMs} ms, ${JSON.stringify(run.ms)}; changed ${changed.join(', ')}`);
  (i % 4 === 3 ? totals.row : totals.other).push(parseMs + Object.values(run.ms).reduce((a, b) => a + b, 0));
  last = run.files;
  // With node's --expose-gc: what the session keeps (a long watch session must not grow edit by edit).
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    console.log(`  heap after edit ${i}: ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
  }
}
// Baseline from the same run: the initial render (every memo empty, as a cold run renders) of the same targets.
const cold = Object.values(first.ms).reduce((a, b) => a + b, 0);
for (const [kind, ms] of [
  ['rows added', totals.row],
  ['other edits', totals.other],
] as const) {
  if (ms.length === 0) continue;
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `${kind}: CPU per edit (parse + targets) median ${median} ms, max ${sorted.at(-1)} ms; initial render of the targets ${cold} ms (median / initial ${(median / cold).toFixed(3)})`,
  );
}
if (!args.includes('--no-check')) {
  const file = join(mkdtempSync(join(tmpdir(), 'specgen-watch-targets-')), 'synthetic.md');
  writeFileSync(file, text);
  const script = fileURLToPath(import.meta.url);
  const cold = execFileSync(
    'node',
    ['--conditions=@specgen/source', '--import', 'tsx', script, '--cold', file, '--targets', targets],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  );
  const want = JSON.parse(cold.trim().split('\n').at(-1)!) as Record<string, string>;
  const got = digest(last);
  const differ = [...new Set([...Object.keys(want), ...Object.keys(got)])].filter((p) => want[p] !== got[p]);
  console.log(
    differ.length === 0
      ? `last edit's output equals a cold render in a fresh process (${Object.keys(want).length} files)`
      : `DIFFERENT from a cold render: ${differ.join(', ')}`,
  );
  if (differ.length > 0) process.exitCode = 1;
}
