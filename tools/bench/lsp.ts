/**
 * Language server benchmark: edit -> diagnostics latency of `specgen lsp --stdio` (from sources, over a
 * real stdio connection), on the real spec and on the 600 x 50 synthetic spec, and the server's memory.
 * Each edit changes one type cell in the middle of the file (a valid edit, then its revert, so every
 * parse has work to do); the latency is from sending didChange to receiving the diagnostics of that
 * version. Baseline from the same run: a full, non-incremental parse of the same text in this process
 * (what the server would pay without the incremental parser).
 *
 *   pnpm tsx tools/bench/lsp.ts [--edits 30] [--resources 600] [--fields 50]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpec } from '@specgen/parser';
import { ROOT, startClient, uriOf } from '@specgen/lsp/testing';
import { syntheticSpec } from '../synthetic-spec.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const edits = option('--edits', 30);

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;

/** VmRSS and VmHWM (peak) of a process, in MB (Linux /proc). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const { client } = await startClient();
const pid = client.child.pid ?? 0;
const idle = memory(pid);
console.log(
  `node ${process.version}; ${edits} one-line edits per spec; shared 2-core machine (compare the ratios of one run)\n`,
);
console.log(
  '| spec | lines | open -> diagnostics ms | edit -> diagnostics ms (median / p90) | full parse ms | ratio | RSS MB |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
const specs: [string, string][] = [
  ['spec/service-api.md', readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8')],
  [
    `synthetic ${option('--resources', 600)} x ${option('--fields', 50)}`,
    syntheticSpec(option('--resources', 600), option('--fields', 50)),
  ],
];
for (const [name, text] of specs) {
  const uri = uriOf('spec', `bench-lsp-${specs.findIndex(([n]) => n === name)}.md`);
  const lines = text.split('\n');
  // A field row in the middle of the file, and the range of its type cell.
  const row = lines.findIndex((l, i) => i > lines.length / 2 && /^\| \w+ \| Int64 \|/.test(l));
  const rowText = lines[row] ?? '';
  const character = rowText.indexOf('Int64');
  const range = { start: { line: row, character }, end: { line: row, character: character + 5 } };
  let started = performance.now();
  client.open(uri, text);
  await client.diagnostics(uri);
  const open = performance.now() - started;
  const latencies: number[] = [];
  for (let i = 0; i < edits; i++) {
    started = performance.now();
    client.change(uri, [{ range, text: i % 2 === 0 ? 'Int32' : 'Int64' }]);
    await client.diagnostics(uri);
    latencies.push(performance.now() - started);
  }
  const full: number[] = [];
  for (let i = 0; i < Math.min(edits, 10); i++) {
    started = performance.now();
    parseSpec(i % 2 === 0 ? text : text.replace(rowText, rowText.replace('Int64', 'Int32')), 'x');
    full.push(performance.now() - started);
  }
  const median = quantile(latencies, 0.5);
  const baseline = quantile(full, 0.5);
  const cells = [name, lines.length, open.toFixed(0), `${median.toFixed(1)} / ${quantile(latencies, 0.9).toFixed(1)}`];
  cells.push(baseline.toFixed(1), (median / baseline).toFixed(2), memory(pid).rss);
  console.log(`| ${cells.join(' | ')} |`);
  client.close(uri);
}
const end = memory(pid);
console.log(
  `\nserver memory: ${idle.rss} MB RSS idle after start, ${end.rss} MB at the end, ${end.peak} MB peak (VmHWM)`,
);
await client.stop();
