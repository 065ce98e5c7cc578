/**
 * Spec diff benchmark on the large synthetic spec (600 resources x 50 fields, about 2 MB) against an
 * edited copy (every 10th resource: one field removed, one type changed, one field added; every 50th
 * resource removed). Side by side in the same run: parsing both specs (which the diff needs anyway),
 * `diffSpecs` alone, each report format, and `git diff --no-index --stat` on the same two files as a
 * familiar text-diff baseline. Medians of --runs repetitions.
 *
 *   pnpm tsx tools/bench/diff.ts [--resources 600] [--fields 50] [--runs 5]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseSpec } from '@specgen/parser';
import { diffSpecs, render } from '@specgen/diff';
import { syntheticSpec } from '../synthetic-spec.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const runs = option('--runs', 5);

/** Edits sections of the synthetic spec by resource heading, so the diff has real work to do. */
function edited(text: string): string {
  const parts = text.split(/(?=^### )/m);
  let index = 0;
  return parts
    .map((part) => {
      if (!/^### \w+Records\d+\n/.test(part)) return part;
      const i = index++;
      if (i % 50 === 49) return part.includes('\n## ') ? part.slice(part.indexOf('\n## ') + 1) : '';
      if (i % 10 !== 0) return part;
      const lines = part.split('\n');
      const rows = lines.map((l, n) => [l, n] as const).filter(([l]) => /^\| (?!Name|---)\w+ \|/.test(l));
      const [removed, retyped] = [rows[5], rows[9]];
      if (retyped)
        lines[retyped[1]] = retyped[0].replace(
          /\| (Int64|Int32|Decimal|Boolean|String|DateTimeOffset|TimeSpan)(\??) \|/,
          '| String$2 |',
        );
      if (removed)
        lines[removed[1]] =
          `| Benchmark${i} | Decimal? | Added by the benchmark. |${rows[0]![0].split('|').length > 5 ? ' 27.1 |' : ''}`;
      return lines.join('\n');
    })
    .join('');
}

function median(fn: () => void): number {
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    fn();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const oldText = syntheticSpec(option('--resources', 600), option('--fields', 50));
const newText = edited(oldText);
const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-diff-'));
writeFileSync(join(dir, 'old.md'), oldText);
writeFileSync(join(dir, 'new.md'), newText);

const before = parseSpec(oldText, 'old.md').spec;
const after = parseSpec(newText, 'new.md').spec;
const result = diffSpecs(before, after);

const rows: Array<[string, number]> = [
  [
    'parse old + new spec (baseline: the diff needs both IRs)',
    median(() => (parseSpec(oldText, 'old.md'), parseSpec(newText, 'new.md'))),
  ],
  [
    'git diff --no-index --stat (text-diff baseline)',
    median(() => {
      try {
        execFileSync('git', ['diff', '--no-index', '--stat', 'old.md', 'new.md'], { cwd: dir, stdio: 'pipe' });
      } catch {
        /* exit 1: the files differ */
      }
    }),
  ],
  ['diffSpecs (IR x IR -> sorted change records)', median(() => diffSpecs(before, after))],
  ...(['text', 'markdown', 'json', 'github'] as const).map(
    (f) => [`render --format ${f}`, median(() => render(result, f))] as [string, number],
  ),
];

console.log(
  `spec diff benchmark: ${(oldText.length / 1e6).toFixed(1)} MB spec, ${before.resources.length} -> ${after.resources.length} resources, ` +
    `${result.changes.length} changes (${result.summary.breaking} breaking, ${result.summary.warning} warning, ${result.summary.info} info), median of ${runs} runs`,
);
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, ms] of rows) console.log(`  ${name.padEnd(width)}  ${ms.toFixed(1).padStart(8)} ms`);
rmSync(dir, { recursive: true, force: true });
