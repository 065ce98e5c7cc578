/**
 * `specgen generate` benchmark: time and peak memory for the real spec and the large synthetic
 * spec (600 resources x 50 fields), all targets and types+validators only, cold (empty output
 * folder) and warm (output current), side by side with a baseline measured in the same run
 * (parsing alone). Then `--watch`: save-to-written time of a one-field edit in the synthetic
 * spec, next to the baseline of a one-shot regeneration after the same edit.
 * For the synthetic specs with all targets (tools/synthetic-spec.ts and the differently written
 * tools/synthetic-spec-dense.ts), a second baseline: openapi-typescript 7 (types only) on the
 * openapi.json of the same run, and on a plain OpenAPI 3.1 document of the same resources
 * (tools/bench/plain-openapi.ts); the ratios specgen / openapi-typescript are printed (process
 * wall time, both started the same way).
 * Every measurement runs in its own process (peak memory is that run's alone).
 *
 *   pnpm tsx tools/bench/generate.ts [--resources 600] [--fields 50] [--edits 5] [--skip-all-targets] [--watch-only] [--cold-only] [--repeat 1]
 *     [--rounds 3] [--baseline-bin <path of another build's bin>] [--in-process] [--print-lines] [--save-at-once]
 * --watch-only: the compiled bin under --watch (watch-bin.ts: field edit, row added, row removed, each
 * written whole and truncate + pieces; --rounds of each), a summary by kind of edit (median and max of the
 * one-field edits and of the rows added or removed) next to a cold one-shot run of the same bin on the same
 * spec (the same-run baseline), then, with --in-process, the in-process table. Each process's first save
 * waits until it is idle after start (its warm-up done); --save-at-once saves as soon as it prints `watching`.
 * --cold-only: the two synthetic specs, all targets, cold and warm, against openapi-typescript; no watch.
 * With all targets on the synthetic spec it also runs what users run, timed from outside: the compiled
 * CLI (`node packages/cli/bin/specgen.js generate`, after `pnpm turbo run build`) on one thread and with
 * its worker (SPECGEN_GENERATE_WORKER=0/1), against openapi-typescript's own CLI; --repeat N runs those
 * three N times, alternating, and prints medians and the per-round ratios.
 * With --cold-only, `--baseline-bin <other checkout>/packages/cli/bin/specgen.js` also runs that build's
 * CLI (one thread) in the same rounds, so before and after each get their ratio to the same
 * openapi-typescript runs; --cli-only skips the in-process rows (parse, generate and openapi-typescript
 * through tsx) and the worker run, for a shorter run on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpecFile } from '@specgen/parser';
import { syntheticSpec } from '../synthetic-spec.ts';
import { type EditResult, watchBin } from './watch-bin.ts';
import { denseSyntheticSpec } from '../synthetic-spec-dense.ts';
import { plainOpenApi } from './plain-openapi.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const MINE = 'types,validators';

/**
 * A command as users start it (`node <bin> ...`, no tsx), timed from outside; CPU time and peak RSS
 * come from measure-exit.mjs, preloaded. null when it failed.
 */
interface Measured {
  processMs: number;
  /** All threads, plus child processes still running at exit (esbuild's service): measure-exit.mjs. */
  cpuMs: number;
  childCpuMs?: number;
  peakRssMb: number;
}

/** Each figure's median over the runs (of an odd count, the middle one). */
function median(runs: readonly Measured[]): Measured {
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    processMs: mid(runs.map((r) => r.processMs)),
    cpuMs: mid(runs.map((r) => r.cpuMs)),
    childCpuMs: mid(runs.map((r) => r.childCpuMs ?? 0)),
    peakRssMb: mid(runs.map((r) => r.peakRssMb)),
  };
}

function command(bin: string, commandArgs: string[], env: Record<string, string> = {}): Measured | null {
  const measured = join(work, `measure-${Math.random().toString(36).slice(2)}.json`);
  const started = performance.now();
  try {
    execFileSync('node', ['--import', join(ROOT, 'tools/bench/measure-exit.mjs'), bin, ...commandArgs], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, ...env, SPECGEN_BENCH_MEASURE: measured },
    });
  } catch {
    return null;
  }
  const processMs = Math.round(performance.now() - started);
  return { processMs, ...(JSON.parse(readFileSync(measured, 'utf8')) as Omit<Measured, 'processMs'>) };
}

function child(...childArgs: string[]): Record<string, unknown> & { processMs: number } {
  const started = performance.now();
  const out = execFileSync(
    'node',
    ['--conditions=@specgen/source', '--import', 'tsx', join(ROOT, 'tools/bench/generate-child.ts'), ...childArgs],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    },
  );
  const processMs = Math.round(performance.now() - started);
  return { ...(JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>), processMs };
}

const work = mkdtempSync(join(tmpdir(), 'specgen-bench-generate-'));
// Each run writes about 1.5 GB under it: removed at exit.
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const large = join(work, 'synthetic-spec.md');
const text = syntheticSpec(option('--resources', 600), option('--fields', 50));
writeFileSync(large, text);
const dense = join(work, 'synthetic-spec-dense.md');
const denseText = denseSyntheticSpec(option('--resources', 600), option('--fields', 50));
writeFileSync(dense, denseText);
const specs: [string, string][] = [
  ['spec/service-api.md', join(ROOT, 'spec/service-api.md')],
  [`synthetic ${option('--resources', 600)}x${option('--fields', 50)} (${(text.length / 1e6).toFixed(2)} MB)`, large],
  [
    `dense synthetic ${option('--resources', 600)}x${option('--fields', 50)} (${(denseText.length / 1e6).toFixed(2)} MB, tools/synthetic-spec-dense.ts)`,
    dense,
  ],
];
/**
 * openapi-typescript's second input per synthetic spec: a plain OpenAPI 3.1 document of the same
 * resources (tools/bench/plain-openapi.ts), not specgen's own, larger document.
 */
const plain = new Map(
  (args.includes('--watch-only') ? [] : specs.slice(1)).map(([, file]) => {
    const out = `${file}.plain-openapi.json`;
    writeFileSync(out, `${JSON.stringify(plainOpenApi(parseSpecFile(file).spec), null, 2)}\n`);
    return [file, out] as const;
  }),
);
const targetSets: [string, string][] = [
  [MINE, MINE],
  ...(args.includes('--skip-all-targets') ? [] : ([['all targets', '']] as [string, string][])),
];

const ratios: string[] = [];
console.log(
  `node ${process.version}; load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log('| spec | run | process wall ms | in-process ms | cpu ms | peak RSS MB | files written |');
console.log('|---|---|---:|---:|---:|---:|---:|');
const coldOnly = args.includes('--cold-only');
const cliOnly = coldOnly && args.includes('--cli-only');
const coldBaselineBin =
  coldOnly && args.includes('--baseline-bin') ? args[args.indexOf('--baseline-bin') + 1] : undefined;
for (const [label, file] of args.includes('--watch-only') ? [] : coldOnly ? specs.slice(1) : specs) {
  if (!cliOnly) {
    const p = child('parse', file);
    console.log(
      `| ${label} | baseline: parse only | ${p.processMs} | ${p['ms']} | ${p['cpuMs']} | ${p['peakRssMb']} | - |`,
    );
  }
  for (const [setLabel, targets] of coldOnly ? targetSets.slice(1) : targetSets) {
    const out = mkdtempSync(join(work, 'out-'));
    if (cliOnly)
      execFileSync('node', [
        join(ROOT, 'packages/cli/bin/specgen.js'),
        'generate',
        '--spec',
        file,
        '--out',
        out,
        '--quiet',
      ]);
    else {
      const cold = child('generate', file, out, ...(targets ? [targets] : []));
      console.log(
        `| ${label} | generate ${setLabel}, cold (worker: ${cold['worker']}) | ${cold.processMs} | ${cold['ms']} | ${cold['cpuMs']} | ${cold['peakRssMb']} | ${cold['written']} |`,
      );
      const warm = child('generate', file, out, ...(targets ? [targets] : []));
      console.log(
        `| ${label} | generate ${setLabel}, warm (current) | ${warm.processMs} | ${warm['ms']} | ${warm['cpuMs']} | ${warm['peakRssMb']} | ${warm['written']} |`,
      );
      if (!targets && plain.has(file)) {
        const oat = child('openapi-typescript', join(out, 'openapi/openapi.json'), join(work, 'openapi-typescript.ts'));
        console.log(
          `| ${label} | baseline: openapi-typescript 7 on openapi.json (types only) | ${oat.processMs} | ${oat['ms']} | ${oat['cpuMs']} | ${oat['peakRssMb']} | 1 |`,
        );
        ratios.push(
          `${label}: generate all targets, cold / openapi-typescript: process ${(cold.processMs / oat.processMs).toFixed(2)}x, in-process ${(Number(cold['ms']) / Number(oat['ms'])).toFixed(2)}x, cpu ${(Number(cold['cpuMs']) / Number(oat['cpuMs'])).toFixed(2)}x; peak RSS ${cold['peakRssMb']} MB vs ${oat['peakRssMb']} MB`,
        );
      }
    }
    if (!targets && plain.has(file)) {
      // What users run: the compiled CLI (`pnpm turbo run build` first) against openapi-typescript's own CLI, both cold,
      // alternating, `--repeat` rounds (medians; per-round ratios give the spread on a shared machine).
      const rounds = option('--repeat', 1);
      const runs: Record<string, Measured[]> = { theirs: [], plain: [], base: [], '0': [], '1': [] };
      const oatCli = join(ROOT, 'tools/node_modules/openapi-typescript/bin/cli.js');
      for (let round = 0; round < rounds; round++) {
        const theirs = command(oatCli, [
          join(out, 'openapi/openapi.json'),
          '-o',
          join(work, 'openapi-typescript-cli.ts'),
        ]);
        if (theirs) runs['theirs']!.push(theirs);
        const plainRun = command(oatCli, [plain.get(file)!, '-o', join(work, 'openapi-typescript-plain.ts')]);
        if (plainRun) runs['plain']!.push(plainRun);
        if (coldBaselineBin) {
          const base = command(
            coldBaselineBin,
            ['generate', '--spec', file, '--out', mkdtempSync(join(work, 'cli-')), '--quiet'],
            { SPECGEN_GENERATE_WORKER: '0' },
          );
          if (base) runs['base']!.push(base);
        }
        for (const worker of cliOnly ? ['0'] : ['0', '1']) {
          const ours = command(
            join(ROOT, 'packages/cli/bin/specgen.js'),
            ['generate', '--spec', file, '--out', mkdtempSync(join(work, 'cli-')), '--quiet'],
            { SPECGEN_GENERATE_WORKER: worker },
          );
          if (ours) runs[worker]!.push(ours);
        }
      }
      const row = (name: string, ms: Measured[]) => {
        const m = median(ms);
        const spread =
          ms.length > 1
            ? ` (${Math.min(...ms.map((x) => x.processMs))}-${Math.max(...ms.map((x) => x.processMs))})`
            : '';
        const child = m.childCpuMs ? ` (${m.childCpuMs} in child processes)` : '';
        console.log(
          `| ${label} | ${name}${ms.length > 1 ? `, median of ${ms.length}` : ''} | ${m.processMs}${spread} | - | ${m.cpuMs}${child} | ${m.peakRssMb} | - |`,
        );
      };
      if (runs['theirs']!.length > 0) row('baseline: openapi-typescript 7 CLI on openapi.json', runs['theirs']!);
      if (runs['plain']!.length > 0)
        row('baseline: openapi-typescript 7 CLI on a plain OpenAPI 3.1 document of the same resources', runs['plain']!);
      if (runs['0']!.length === 0)
        console.log(`| ${label} | specgen CLI (compiled) | failed: run \`pnpm turbo run build\` first | | | | |`);
      for (const worker of ['base', '0', '1']) {
        const ours = runs[worker]!;
        if (ours.length === 0) continue;
        const mode =
          worker === '1' ? 'openapi+server in a worker' : worker === 'base' ? 'baseline bin, one thread' : 'one thread';
        row(`specgen generate (compiled CLI), all targets, cold, ${mode}`, ours);
        for (const [input, theirs] of [
          ['openapi.json', runs['theirs']!],
          ['plain document', runs['plain']!],
        ] as const) {
          if (theirs.length !== ours.length) continue;
          const perRound = (key: 'processMs' | 'cpuMs') =>
            ours
              .map((o, i) => o[key] / theirs[i]![key])
              .sort((a, b) => a - b)
              .map((r) => r.toFixed(2))
              .join(', ');
          const [o, t] = [median(ours), median(theirs)];
          ratios.push(
            `${label}: compiled CLI, ${mode} / openapi-typescript CLI on ${input} (medians): process ${(o.processMs / t.processMs).toFixed(2)}x, cpu ${(o.cpuMs / t.cpuMs).toFixed(2)}x; peak RSS ${o.peakRssMb} MB vs ${t.peakRssMb} MB` +
              (ours.length > 1 ? `; per round: process ${perRound('processMs')}, cpu ${perRound('cpuMs')}` : ''),
          );
        }
      }
    }
  }
}
for (const r of ratios) console.log(`\n${r}`);

if (coldOnly) process.exit(0);

// The compiled bin under --watch, timed from outside: save -> last change under the output folder, per
// kind of save (watch-bin.ts); `--baseline-bin <other checkout>/packages/cli/bin/specgen.js` runs another
// build first, alternating per round, for a before/after in the same run.
{
  const bins: [string, string][] = [['this checkout', join(ROOT, 'packages/cli/bin/specgen.js')]];
  const baselineBin = args.includes('--baseline-bin') ? args[args.indexOf('--baseline-bin') + 1] : undefined;
  if (baselineBin) bins.unshift(['baseline bin', baselineBin]);
  const rounds = option('--rounds', 3);
  const results = new Map<string, EditResult[]>(bins.map(([label]) => [label, []]));
  const { NODE_OPTIONS: _source, ...userEnv } = process.env;
  for (let round = 0; round < rounds; round++) {
    for (const [label, bin] of bins) {
      const copy = join(work, `watch-bin-${round}-${label.replace(/\W+/g, '-')}.md`);
      writeFileSync(copy, text);
      const out = mkdtempSync(join(work, 'watch-bin-out-'));
      const atOnce = args.includes('--save-at-once');
      results.get(label)!.push(...(await watchBin(bin, copy, out, 1, userEnv, round, atOnce)));
      rmSync(out, { recursive: true, force: true });
    }
  }
  const mid = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  console.log(
    `\n| --watch, compiled bin, all targets, synthetic spec: save -> last change under the output folder | bin | saves | median ms | max ms | all, ms |`,
  );
  console.log('|---|---|---:|---:|---:|---|');
  for (const [label] of bins) {
    const all = results.get(label)!;
    const kinds = [
      ...new Set(all.map((r) => `${r.kind}, ${r.writer === 'whole' ? 'written whole' : 'truncate + pieces'}`)),
    ];
    for (const kind of [...kinds, 'every save']) {
      const all_ = all
        .filter(
          (r) =>
            kind === 'every save' ||
            `${r.kind}, ${r.writer === 'whole' ? 'written whole' : 'truncate + pieces'}` === kind,
        )
        .map((r) => r.ms);
      // NaN: no file changed after that save (its run came with the previous save's, or wrote nothing)
      const ms = all_.filter((m) => !Number.isNaN(m));
      const shown = all_.map((m) => (Number.isNaN(m) ? 'none' : Math.round(m))).join(', ');
      console.log(`| ${kind} | ${label} | ${all_.length} | ${mid(ms)} | ${Math.round(Math.max(...ms))} | ${shown} |`);
    }
    const provisional = all.filter((r) => r.lines.length > 1).length;
    console.log(`| saves that printed more than one run (a provisional run first) | ${label} | ${provisional} | | | |`);
    const discarded = all.filter((r) => r.discarded > 0).length;
    console.log(
      `| saves with a run on a half-written spec (it wrote nothing, or reported the errors of a cut spec) | ${label} | ${discarded} | | | |`,
    );
  }
  // The first save of each kind in a process against the later ones (warm-up, round 6), and what each
  // process cost from `watching` to idle (its warm-up, if any) and its peak RSS.
  console.log(
    '\n| --watch: first and later saves of a process | bin | first field edits, ms | later field edits, ms | first rows added, ms | later rows added or removed, ms | CPU from `watching` to idle, ms | its wall ms | peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label] of bins) {
    const all = results.get(label)!;
    const perProcess = [...new Set(all.map((r) => r.process))];
    const list = (xs: number[]) => xs.map((m) => (Number.isNaN(m) ? 'none' : Math.round(m))).join(', ');
    const fields = all.filter((r) => r.kind === 'one-field edit');
    const rows = all.filter((r) => r.kind !== 'one-field edit');
    const firstOf = (rs: EditResult[]) => rs.filter((r, i) => i === 0 || rs[i - 1]!.process !== r.process);
    const firstFields = firstOf(fields);
    const firstRows = firstOf(rows);
    console.log(
      `| ${label} | ${list(firstFields.map((r) => r.ms))} | ${list(fields.filter((r) => !firstFields.includes(r)).map((r) => r.ms))} | ${list(firstRows.map((r) => r.ms))} | ${list(rows.filter((r) => !firstRows.includes(r)).map((r) => r.ms))} | ${list(perProcess.map((p) => p.idleCpuMs))} | ${list(perProcess.map((p) => p.idleMs))} | ${list(perProcess.map((p) => p.peakRssMb))} |`,
    );
  }
  // The issue's aims by kind of edit (< 150 ms median, < 300 ms every save), next to a cold run of the
  // same bin on the same spec in this run (process wall time, empty output folder).
  console.log(
    '\n| --watch, compiled bin: save -> last change | bin | saves | median ms | max ms | median / cold run | CPU of the watch process per save, median (max) ms |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const [label, bin] of bins) {
    const cold = command(bin, ['generate', '--spec', large, '--out', mkdtempSync(join(work, 'cold-')), '--quiet']);
    const all = results.get(label) ?? [];
    for (const [kind, pick] of [
      ['one-field edits', (r: EditResult) => r.kind === 'one-field edit'],
      ['rows added or removed', (r: EditResult) => r.kind !== 'one-field edit'],
      ['every save', () => true],
    ] as const) {
      const ms = all
        .filter(pick)
        .map((r) => r.ms)
        .filter((m) => !Number.isNaN(m));
      const cpu = all
        .filter(pick)
        .map((r) => r.cpuMs)
        .filter((m) => !Number.isNaN(m));
      const ratio = cold ? (mid(ms) / cold.processMs).toFixed(3) : '-';
      const cpuText = cpu.length > 0 ? `${mid(cpu)} (${Math.max(...cpu)})` : '-';
      console.log(
        `| ${kind} | ${label} | ${ms.length} | ${mid(ms)} | ${Math.round(Math.max(...ms))} | ${ratio} | ${cpuText} |`,
      );
    }
    console.log(
      `| baseline: cold \`specgen generate\`, all targets, same spec | ${label} | 1 | ${cold?.processMs ?? 'failed'} | | 1 | ${cold?.cpuMs ?? '-'} |`,
    );
  }
  if (args.includes('--print-lines'))
    for (const [label] of bins)
      for (const r of results.get(label)!) console.log(`${label} ${r.kind} ${r.writer}: ${r.lines.join(' / ')}`);
}
if (!args.includes('--in-process')) process.exit(0);
console.log(
  '\n| watch, synthetic spec | targets | initial run ms | save -> written, median ms | max ms | event -> written, median ms | cpu per edit, median ms | files written per edit | peak RSS MB |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|---:|');
/** Median wall ms per step of an edit (parse, each target, syntax check, write), printed after the table. */
const steps: string[] = [];
for (const [setLabel, targets] of targetSets) {
  const copy = join(work, `watch-${setLabel.replace(/\W+/g, '-')}.md`);
  writeFileSync(copy, text);
  const w = child(
    'watch',
    copy,
    mkdtempSync(join(work, 'watch-out-')),
    String(option('--edits', 5)),
    ...(targets ? [targets] : []),
  );
  steps.push(
    `${setLabel}: ${Object.entries(w['stepMedianMs'] as Record<string, number>)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `| --watch, one-field edit | ${setLabel} | ${w['initialMs']} | ${w['saveToWrittenMedianMs']} | ${w['saveToWrittenMaxMs']} | ${w['eventToWrittenMedianMs']} | ${w['cpuPerEditMedianMs']} | ${(w['writtenPerEdit'] as number[]).join(', ')} | ${w['peakRssMb']} |`,
  );
  // Baseline: the same edit regenerated by a one-shot `specgen generate` (fresh process, output current before the edit).
  const out = mkdtempSync(join(work, 'oneshot-'));
  child('generate', copy, out, ...(targets ? [targets] : []));
  writeFileSync(
    copy,
    readFileSync(copy, 'utf8').replace(
      '| WarrantyMonths | Int32 | Warranty length in months. |',
      '| WarrantyMonths | Int32? | Warranty length in months (edit). |',
    ),
  );
  const oneShot = child('generate', copy, out, ...(targets ? [targets] : []));
  console.log(
    `| baseline: one-shot generate after the edit | ${setLabel} | - | ${oneShot.processMs} (process) | - | ${oneShot['ms']} (in-process) | ${oneShot['cpuMs']} | ${oneShot['written']} | ${oneShot['peakRssMb']} |`,
  );
}
console.log(`\nPer step of an edit, median wall ms:\n${steps.map((s) => `- ${s}`).join('\n')}`);
