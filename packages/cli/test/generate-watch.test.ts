import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findGenerators } from '../src/generators.ts';
import { type WatchHandle, type WatchRun, watchGenerate } from '../src/generate/watch.ts';
import { REPO_ROOT, runGenerate, scratch, snapshot } from './generate-support.ts';

let handle: WatchHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

/** Starts a watcher on a scratch copy of the spec; `next()` resolves with the following run. */
async function startWatch(targets: string[] | null = ['types', 'validators']) {
  const s = scratch();
  const templatesDir = join(s.dir, 'templates');
  mkdirSync(join(templatesDir, 'types'), { recursive: true });
  const runs: WatchRun[] = [];
  let waiting: ((run: WatchRun) => void) | null = null;
  handle = watchGenerate({
    specPath: s.spec,
    specFile: 'spec.md',
    outDir: s.out,
    serviceVersion: null,
    templatesDir,
    generators: findGenerators(targets),
    onRun: (run) => {
      runs.push(run);
      waiting?.(run);
      waiting = null;
    },
  });
  await handle.ready;
  const next = () =>
    new Promise<WatchRun>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no regeneration within 15 s')), 15_000);
      waiting = (run) => {
        clearTimeout(timer);
        resolve(run);
      };
    });
  return { ...s, templatesDir, runs, next };
}

function written(run: WatchRun): string[] {
  if (run.outcome?.kind !== 'written') throw new Error(`expected files written, got ${run.error?.message ?? run.outcome?.kind}`);
  return run.outcome.report.written;
}

describe('specgen generate --watch', () => {
  it('regenerates a one-field edit, writing only the files that changed, and reports the time', async () => {
    const w = await startWatch();
    expect(written(w.runs[0]!).length).toBeGreaterThan(20);
    const nextRun = w.next();
    writeFileSync(w.spec, readFileSync(w.spec, 'utf8').replace('| HasWarranty | Boolean | Covered by warranty. |', '| HasWarranty | Boolean? | Covered by the warranty. |'));
    const run = await nextRun;
    expect(written(run)).toEqual(['types/src/resources/product-record.ts', 'validators/src/resources/product-record.ts']);
    expect(run.ms).toBeGreaterThan(0);
    expect(readFileSync(join(w.out, 'types/src/resources/product-record.ts'), 'utf8')).toContain('Covered by the warranty.');
    expect(readFileSync(join(w.out, 'validators/src/resources/product-record.ts'), 'utf8')).toContain('HasWarranty: scalar.boolean().nullable(),');
  }, 60_000);

  it('regenerates when a template is added to the override folder', async () => {
    const w = await startWatch();
    const nextRun = w.next();
    writeFileSync(join(w.templatesDir, 'types/references.ts.hbs'), '{{#each references}}\nexport type {{typeName}} = { Id: bigint };\n{{/each}}\n');
    const run = await nextRun;
    expect(written(run)).toEqual(['types/src/references.ts']);
  }, 60_000);

  it('keeps the files when the spec breaks, and regenerates once it is fixed', async () => {
    const w = await startWatch();
    const good = readFileSync(w.spec, 'utf8');
    const row = '| WarrantyMonths | Int32 | Warranty length in months. | 2.36 |\n';
    let nextRun = w.next();
    writeFileSync(w.spec, good.replace(row, row + row));
    const broken = await nextRun;
    expect(broken.outcome?.kind).toBe('diagnostics');
    nextRun = w.next();
    writeFileSync(w.spec, good.replace('Warranty length in months.', 'Warranty length, in months.'));
    expect(written(await nextRun)).toEqual(['types/src/resources/product-record.ts']);
  }, 60_000);

  it('with every target, OpenAPI and server rendered in the worker thread (SPECGEN_WATCH_WORKER=1), writes what a one-shot generate writes', async () => {
    process.env.SPECGEN_WATCH_WORKER = '1';
    const w = await startWatch(null).finally(() => delete process.env.SPECGEN_WATCH_WORKER);
    expect(written(w.runs[0]!)).toContain('openapi/openapi.json');
    const nextRun = w.next();
    writeFileSync(w.spec, readFileSync(w.spec, 'utf8').replace('| HasWarranty | Boolean | Covered by warranty. |', '| HasWarranty | Boolean? | Covered by the warranty. |'));
    const run = await nextRun;
    expect(run.offloaded).toEqual(['openapi', 'server']);
    expect(written(run)).toEqual(expect.arrayContaining(['openapi/openapi.json', 'openapi/openapi.yaml', 'types/src/resources/product-record.ts']));
    const watched = snapshot(w.out);
    const oneShot = join(w.dir, 'one-shot');
    expect((await runGenerate(['--spec', w.spec, '--out', oneShot, '--quiet'])).code).toBe(0);
    const expected = snapshot(oneShot);
    // Headers name the spec as given; both runs were given the same file under other names.
    const same = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.split(w.spec).join('spec.md')]));
    expect(same(watched)).toEqual(same(expected));
  }, 120_000);

  it('renders every target in the main thread unless SPECGEN_WATCH_WORKER=1', async () => {
    const w = await startWatch(null);
    const nextRun = w.next();
    writeFileSync(w.spec, readFileSync(w.spec, 'utf8').replace('Covered by warranty.', 'Covered by the warranty.'));
    const run = await nextRun;
    expect(run.offloaded).toEqual([]);
    expect(written(run)).toContain('openapi/openapi.json');
  }, 120_000);
});

describe('specgen generate --watch --pretty (real CLI)', () => {
  it('shows a spec error with its source line and caret, as a one-shot run does', async () => {
    const s = scratch();
    writeFileSync(s.spec, readFileSync(s.spec, 'utf8').replace('| ForceRelogin | Boolean |', '| ForceRelogin | Bolean |'));
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['--conditions=@specgen/source', join(REPO_ROOT, 'packages/cli/src/main.ts'), 'generate', '--watch', '--pretty', '--only', 'types', '--spec', s.spec, '--out', s.out], {
      cwd: s.dir, env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => { stderr += t; });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no report within 30 s; stderr: ${stderr}`)), 30_000);
        child.stderr.on('data', () => {
          if (!stderr.includes('nothing was generated')) return;
          clearTimeout(timer);
          resolve();
        });
        child.on('exit', () => reject(new Error(`exited early; stderr: ${stderr}`)));
      });
    } finally {
      child.kill('SIGINT');
    }
    expect(stderr).toContain('error unknown-type: type "Bolean"');
    expect(stderr).toContain('27 | ForceRelogin | Bolean | Sent in the OIDC initiate body. |\n                    ^~~~~~\n');
    expect(stderr).toContain('initial: specgen generate: the spec has errors; nothing was generated\n');
  }, 60_000);
});
