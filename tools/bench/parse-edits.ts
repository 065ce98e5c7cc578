/**
 * The incremental parser alone (as `generate --watch` runs it) on the synthetic spec: CPU of each
 * parse after an edit, alternating the edited text and the original, so each parse moves the
 * sections below the edit (a row added, then removed) or moves nothing (a field's notes). With
 * `--baseline <checkout>`, the same edits through that checkout's parser in the same process, one
 * edit each in turn. With node's `--expose-gc`, the heap after the last edit (a long watch session
 * must not keep every earlier version of what moved).
 *
 *   pnpm tsx [--expose-gc] tools/bench/parse-edits.ts [--edits 20] [--at 0] [--field] [--baseline /path/to/checkout]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticSpec } from '../synthetic-spec.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.includes(name) ? (args[args.indexOf(name) + 1] ?? '') : fallback;
const edits = Number(option('--edits', '20'));
const at = Number(option('--at', '0'));
const field = args.includes('--field');
const root = fileURLToPath(new URL('../../', import.meta.url));
const checkouts = [
  ['this checkout', root],
  ...(args.includes('--baseline') ? [['baseline', option('--baseline', '')]] : []),
];

type Parser = { parse(text: string, file: string): unknown };
const parsers: [string, Parser][] = [];
for (const [label, dir] of checkouts) {
  const parser = (await import(resolve(dir as string, 'packages/parser/src/index.ts'))) as {
    createIncrementalParser(): Parser;
  };
  parsers.push([label as string, parser.createIncrementalParser()]);
}

const text = syntheticSpec(600, 50);
/** A row added after the `Value` row of synthetic resource `k` (every later section moves down a line). */
function rowAdded(k: number, i: number): string {
  const section = text.search(new RegExp(`\\n### \\w+Records${k}\\n`));
  const after = text.indexOf('\n', text.indexOf('| Value', section)) + 1;
  const next = text.slice(after, text.indexOf('\n', after));
  const since = next.split('|').length > 5 ? ' - |' : '';
  return `${text.slice(0, after)}| Added${i} | String | A row added by edit ${i}. |${since}\n${text.slice(after)}`;
}
const edited = (i: number) => (field ? text.replace('of the record.', `of the record (edit ${i}).`) : rowAdded(at, i));

const cpu: Record<string, number[]> = Object.fromEntries(parsers.map(([label]) => [label, []]));
for (const [, parser] of parsers) parser.parse(text, 'synthetic.md');
for (let i = 0; i < edits; i++) {
  const next = i % 2 === 0 ? edited(i) : text;
  for (const [label, parser] of parsers) {
    const since = process.cpuUsage();
    parser.parse(next, 'synthetic.md');
    const used = process.cpuUsage(since);
    cpu[label]?.push((used.user + used.system) / 1000);
  }
}
const what = field ? 'a field note edited and back' : `a row added to synthetic resource ${at} and removed`;
console.log(
  `node ${process.version}; load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(`${edits} parses, ${what}: CPU ms per parse (all threads)`);
for (const [label, ms] of Object.entries(cpu)) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `${label}: median ${median.toFixed(0)}, min ${(sorted[0] ?? 0).toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)}`,
  );
}
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  gc();
  console.log(
    `heap after the last edit (all parsers of this run): ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
  );
}
