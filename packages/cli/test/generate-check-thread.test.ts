/** The one-shot run's syntax checks on a thread of their own (check-thread.ts): the same sample, errors and files. */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHere, createCheckWorker, startCheckThread } from '../src/generate/check-thread.ts';
import { WORKER_FROM_BYTES, generateOneShot, usesCheckThread } from '../src/generate/one-shot.ts';
import { findGenerators } from '../src/generators.ts';
import { listFiles } from '@specgen/generate-core';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { runGenerate, scratch as realScratch, snapshot } from './generate-support.ts';

/** A scratch folder whose spec has 14 resources: types/src/resources/ and validators/src/resources/ are sampled. */
const spec = syntheticSpec(14, 6);
function scratch() {
  const s = realScratch();
  writeFileSync(s.spec, spec);
  return s;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('usesCheckThread', () => {
  it.each([
    ['a large spec, 2 cores', 'x'.repeat(WORKER_FROM_BYTES), undefined, 2, true],
    ['a large spec, 1 core', 'x'.repeat(WORKER_FROM_BYTES), undefined, 1, false],
    ['a small spec', 'x'.repeat(WORKER_FROM_BYTES - 1), undefined, 8, false],
    ['SPECGEN_CHECK_THREAD=1 on a small spec and 1 core', 'x', '1', 1, true],
    ['SPECGEN_CHECK_THREAD=0 on a large spec', 'x'.repeat(WORKER_FROM_BYTES), '0', 8, false],
  ])('%s', (_name, text, flag, cores, want) => {
    expect(usesCheckThread(text, flag, cores)).toBe(want);
  });
});

/** A one-shot run of the repository's spec into `out`, with the check thread as `checkThread`; its checked count. */
async function runOneShot(spec: string, out: string, checkThread: boolean | (() => Worker)) {
  const text = readFileSync(spec, 'utf8');
  let checked = -1;
  const outcome = await generateOneShot(
    text,
    () => parseSpec(text, 'spec.md'),
    findGenerators(null),
    { dir: null, engine: () => createTemplateEngine() },
    {
      outDir: out,
      specFile: 'spec.md',
      serviceVersion: null,
      check: false,
      progress: {
        parsed() {},
        rendered() {},
        checked(files) {
          checked = files;
        },
      },
    },
    false,
    checkThread,
  );
  return { outcome, checked };
}

/** The check thread, counting its answers. */
function countedWorker(answers: { count: number }): () => Worker {
  return () => {
    const worker = createCheckWorker();
    worker.on('message', () => answers.count++);
    return worker;
  };
}

describe('specgen generate with the check thread', () => {
  const answers = { count: 0 };
  it.each([
    ['runs', countedWorker(answers)],
    [
      'cannot start (checked on this thread)',
      () => {
        throw new Error('no worker threads here');
      },
    ],
    ['dies before it answers (checked on this thread)', () => new Worker('throw new Error("died")', { eval: true })],
  ])(
    'writes what a run checked on the main thread writes, and checks as many files, when the thread %s',
    async (_how, checkThread) => {
      const s = scratch();
      const here = await runOneShot(s.spec, join(s.dir, 'here'), false);
      const there = await runOneShot(s.spec, join(s.dir, 'there'), checkThread);
      expect(there.outcome).toMatchObject({ kind: 'written' });
      expect(here.checked).toBeGreaterThan(0);
      expect(there.checked).toBe(here.checked);
      expect(snapshot(join(s.dir, 'there'))).toEqual(snapshot(join(s.dir, 'here')));
      // the thread answered each target's check (the run did not fall back to this thread)
      if (_how === 'runs') expect(answers.count).toBe(5);
    },
    60_000,
  );

  it.each([
    ['a sampled folder (types/src/resources)', 'types/resource.ts.hbs', /types\/src\/resources\/[\w-]+\.ts:\d+:\d+/],
    ['the server', 'server/handlers.ts.hbs', /server\/src\/handlers\.ts:\d+:\d+/],
  ])(
    'changes nothing when a file of %s does not parse',
    async (_where, template, where) => {
      const s = scratch();
      expect((await runGenerate(['--spec', s.spec, '--out', s.out, '--quiet'])).code).toBe(0);
      const before = snapshot(s.out);
      writeFileSync(
        s.spec,
        readFileSync(s.spec, 'utf8').replace(
          '| HasWarranty | Boolean | Covered by warranty. |',
          '| HasWarranty | Boolean | Covered by a warranty. |',
        ),
      );
      const overrides = join(s.dir, 'broken');
      mkdirSync(join(overrides, template, '..'), { recursive: true });
      writeFileSync(join(overrides, template), 'export const = ;\n');
      vi.stubEnv('SPECGEN_CHECK_THREAD', '1');
      const run = await runGenerate(['--spec', s.spec, '--out', s.out, '--templates', overrides]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/does not parse/);
      expect(run.stderr).toMatch(where);
      expect(snapshot(s.out)).toEqual(before);
      expect(readdirSync(s.out).sort()).toEqual(['client', 'openapi', 'server', 'types', 'validators']);
    },
    60_000,
  );
});

describe('the check thread', () => {
  it('finds what a check on this thread finds, a target sent in many small messages', async () => {
    const s = scratch();
    expect((await runGenerate(['--spec', s.spec, '--out', s.out, '--quiet'])).code).toBe(0);
    const files = listFiles(s.out)
      .filter((path) => path.startsWith('types/'))
      .map((path) => ({ path, contents: readFileSync(join(s.out, path), 'utf8') }));
    const resources = files.filter((f) => f.path.startsWith('types/src/resources/'));
    expect(resources.length).toBeGreaterThan(10);
    const last = resources[resources.length - 1] ?? { path: '', contents: '' };
    last.contents += 'export const = ;\n'; // a line shape no other file has, so it is sampled
    const thread = startCheckThread(createCheckWorker, 2_000);
    expect(thread).not.toBeNull();
    try {
      const here = await checkHere(files);
      expect(here.errors).toEqual([expect.objectContaining({ path: last.path })]);
      expect(await thread?.check(files)).toEqual(here);
    } finally {
      thread?.close();
    }
  }, 60_000);
});
