/**
 * The check thread writes each target's small changed files into the run's staging folder (check-worker.ts):
 * the same bytes as a run that writes them on the main thread; a write that fails there fails the run and
 * changes nothing; when the thread stops, the main thread writes what it was given.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckWorker, startCheckThread } from '../src/generate/check-thread.ts';
import { generateOneShot, usesThreadWrites } from '../src/generate/one-shot.ts';
import { findGenerators } from '../src/generators.ts';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { snapshot } from './generate-support.ts';

/** 14 resources: types/src/resources/ and validators/src/resources/ are sampled folders. */
const spec = syntheticSpec(14, 6);

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * The check thread's worker from source, after `prelude` (CommonJS, run first in the worker: it may
 * replace `fs.open`, which pool-writes.ts imports, or watch the thread's messages).
 */
function checkWorkerAfter(prelude: string): () => Worker {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('../src/generate/check-worker.ts', import.meta.url).href;
  const boot = `${prelude}\nimport(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  const execArgv = [...process.execArgv.filter((a) => !a.startsWith('--conditions')), '--conditions=@specgen/source'];
  return () => new Worker(boot, { eval: true, execArgv });
}

/** A worker whose open of a file named `name` fails with EIO. */
const failingOpen = (name: string) =>
  checkWorkerAfter(`
    const fs = require('node:fs');
    const open = fs.open;
    fs.open = (path, flags, callback) => String(path).endsWith(${JSON.stringify(name)})
      ? process.nextTick(callback, Object.assign(new Error('EIO: i/o error (injected), open ' + path), { code: 'EIO' }))
      : open(path, flags, callback);
    require('node:module').syncBuiltinESMExports();
  `);

/** A worker that stops (exits) when its `n`th message arrives, before it reads it. */
const diesAt = (n: number) =>
  checkWorkerAfter(`
    let seen = 0;
    require('node:worker_threads').parentPort.on('message', () => { if (++seen === ${n}) process.exit(1); });
  `);

/** A one-shot run of `text` into `out`; `specFile` is named in every file's header. */
async function runOneShot(text: string, out: string, checkThread: boolean | (() => Worker), specFile = 'spec.md') {
  return generateOneShot(
    text,
    () => parseSpec(text, specFile),
    findGenerators(null),
    { dir: null, engine: () => createTemplateEngine() },
    { outDir: out, specFile, serviceVersion: null, check: false },
    false,
    checkThread,
  );
}

const scratch = () => mkdtempSync(join(tmpdir(), 'specgen-thread-writes-'));

describe('usesThreadWrites', () => {
  it.each([
    [undefined, true],
    ['1', true],
    ['0', false],
  ])('SPECGEN_CHECK_THREAD_WRITES=%s: %s', (flag, want) => {
    expect(usesThreadWrites(flag)).toBe(want);
  });
});

describe('the check thread writing into the staging folder', () => {
  it('writes the files it is given with the bytes of their texts, and answers once they are written', async () => {
    const dir = scratch();
    const files = [
      { path: 'types/src/wide.ts', contents: '// é 漢字 😀 \u2028\nexport const a = "😀";\n' },
      { path: 'types/README.md', contents: '# é 😀\n' },
      { path: 'types/src/skipped.ts', contents: 'export const b = 1;\n' },
    ];
    const thread = startCheckThread(createCheckWorker);
    const here: string[] = [];
    try {
      const given = files.slice(0, 2);
      const found = await thread?.check(files, { dir, files: given, here: (f) => here.push(...f.map((x) => x.path)) });
      expect(found).toEqual({ checked: 2, errors: [] });
      for (const f of given) expect(readFileSync(join(dir, f.path)).equals(Buffer.from(f.contents))).toBe(true);
      expect(existsSync(join(dir, 'types/src/skipped.ts'))).toBe(false);
      expect(here).toEqual([]);
    } finally {
      thread?.close();
    }
  }, 60_000);

  it('rejects when a write fails there, once the writes it started are over', async () => {
    const dir = scratch();
    const files = ['a', 'b', 'c'].map((n) => ({ path: `types/src/${n}.ts`, contents: `export const ${n} = 1;\n` }));
    const thread = startCheckThread(failingOpen('b.ts'));
    try {
      await expect(thread?.check(files, { dir, files, here: () => {} })).rejects.toThrow(/EIO.*b\.ts/);
      expect(readdirSync(join(dir, 'types/src')).sort()).toEqual(['a.ts', 'c.ts']);
    } finally {
      thread?.close();
    }
  }, 60_000);
});

describe('specgen generate with the check thread writing', () => {
  it('writes the same files as a run without the check thread, and as one whose thread does not write', async () => {
    const dir = scratch();
    const alone = await runOneShot(spec, join(dir, 'alone'), false);
    const writing = await runOneShot(spec, join(dir, 'writing'), true);
    vi.stubEnv('SPECGEN_CHECK_THREAD_WRITES', '0');
    const checking = await runOneShot(spec, join(dir, 'checking'), true);
    for (const outcome of [alone, writing, checking]) expect(outcome).toMatchObject({ kind: 'written' });
    const want = snapshot(join(dir, 'alone'));
    expect(Object.keys(want).length).toBeGreaterThan(60);
    expect(snapshot(join(dir, 'writing'))).toEqual(want);
    expect(snapshot(join(dir, 'checking'))).toEqual(want);
  }, 60_000);

  it('changes nothing in the output folder when a write on the thread fails', async () => {
    const dir = scratch();
    const out = join(dir, 'out');
    expect(await runOneShot(spec, out, false)).toMatchObject({ kind: 'written' });
    const before = snapshot(out);
    // every file changes: its header names the spec file
    const failing = failingOpen('types/src/index.ts');
    await expect(runOneShot(spec, out, failing, 'renamed.md')).rejects.toThrow(/EIO/);
    expect(snapshot(out)).toEqual(before);
    expect(readdirSync(out).sort()).toEqual(['client', 'openapi', 'server', 'types', 'validators']);
  }, 60_000);

  it.each([
    ['its first message (it writes nothing)', 1],
    ['its second message (after the types target was sent)', 2],
    ['its fourth message', 4],
  ])(
    'writes the same files when the thread dies at %s',
    async (_when, n) => {
      const dir = scratch();
      const want = join(dir, 'want');
      expect(await runOneShot(spec, want, false)).toMatchObject({ kind: 'written' });
      const out = join(dir, 'out');
      mkdirSync(out);
      writeFileSync(join(out, 'notes.md'), 'hand-written\n');
      expect(await runOneShot(spec, out, diesAt(n))).toMatchObject({ kind: 'written' });
      expect(snapshot(out)).toEqual({ ...snapshot(want), 'notes.md': 'hand-written\n' });
    },
    60_000,
  );
});
