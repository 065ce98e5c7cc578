/**
 * `specgen generate --watch` on a spec large enough that its big files (openapi.json, openapi.yaml,
 * server/ir.json, server/src/schemas.ts) are patched in place rather than written whole: rows added
 * and removed shift their tails, which stay on disk and are moved within each file (move-tail.ts).
 * After every save the output folder is what a cold run of the same text writes.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { PATCH_FROM } from '../src/generate/patch-file.ts';
import { type WatchHandle, type WatchRun, watchGenerate } from '../src/generate/watch.ts';
import { findGenerators } from '../src/generators.ts';
import { runGenerate, snapshot } from './generate-support.ts';

const BIG = ['openapi/openapi.json', 'openapi/openapi.yaml', 'server/ir.json', 'server/src/schemas.ts'];

const original = syntheticSpec(100, 50);
const row = '| WarrantyMonths | Int32 | Warranty length in months. | 2.36 |\n';
const middle = '| Code8 | String | Code of the record; maximum length 50. | - |\n';
const withRow = (text: string, after: string, name: string) =>
  text.replace(after, `${after}${after.replace(/^\| \w+/, `| ${name}`)}`);

let handle: WatchHandle | null = null;
const runs: WatchRun[] = [];
let dir = '';
let spec = '';
let out = '';

async function nextRun(n: number): Promise<WatchRun> {
  const deadline = Date.now() + 60_000;
  while (runs.length <= n) {
    if (Date.now() > deadline) throw new Error(`no run ${n} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return runs[n]!;
}

/** What a cold one-shot run of `text` writes (headers name the spec `spec.md`, as the watcher's). */
async function cold(text: string): Promise<Record<string, string>> {
  const at = mkdtempSync(join(tmpdir(), 'specgen-large-cold-'));
  writeFileSync(join(at, 'spec.md'), text);
  const into = join(at, 'out');
  expect((await runGenerate(['--spec', join(at, 'spec.md'), '--out', into, '--quiet'])).code).toBe(0);
  return Object.fromEntries(
    Object.entries(snapshot(into)).map(([k, v]) => [k, v.split(join(at, 'spec.md')).join('spec.md')]),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-watch-large-'));
  spec = join(dir, 'spec.md');
  out = join(dir, 'generated');
  writeFileSync(spec, original);
  handle = watchGenerate({
    specPath: spec,
    specFile: 'spec.md',
    outDir: out,
    serviceVersion: null,
    templatesDir: null,
    generators: findGenerators(null),
    warmUp: false,
    onRun: (run) => runs.push(run),
  });
  await handle.ready;
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('specgen generate --watch, large files patched in place', () => {
  it('the big files are large enough to be patched, not written whole', () => {
    expect(runs[0]?.outcome?.kind).toBe('written');
    for (const path of BIG) expect(statSync(join(out, path)).size).toBeGreaterThan(PATCH_FROM);
  });

  const saves: [string, string][] = [
    ['a row added near the top (every tail shifts)', withRow(original, row, 'WarrantyWeeks')],
    ['that row removed', original],
    ['a row added in the middle', withRow(original, middle, 'Code8b')],
    ['a row added near the top as well', withRow(withRow(original, middle, 'Code8b'), row, 'WarrantyWeeks')],
    ['both removed', original],
  ];
  for (const [i, [label, text]] of saves.entries()) {
    it(`writes what a cold run writes: ${label}`, async () => {
      writeFileSync(spec, text);
      const run = await nextRun(i + 1);
      expect(run.error).toBeUndefined();
      expect(run.outcome?.kind).toBe('written');
      const written = run.outcome?.kind === 'written' ? run.outcome.report.written : [];
      for (const path of BIG) expect(written).toContain(path);
      expect(snapshot(out)).toEqual(await cold(text));
    }, 60_000);
  }
});
