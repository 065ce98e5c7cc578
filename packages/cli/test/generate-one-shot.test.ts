/** The one-shot `specgen generate` (one-shot.ts): when it uses a worker thread, and that the worker changes nothing but speed. */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findGenerators } from '../src/generators.ts';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { WORKER_FROM_BYTES, generateOneShot, usesWorker } from '../src/generate/one-shot.ts';
import { runGenerate, scratch, snapshot } from './generate-support.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

const large = 'x'.repeat(WORKER_FROM_BYTES);

describe('usesWorker', () => {
  const all = findGenerators(null);
  it.each([
    ['a large spec, all targets, 4 cores, 2 to spare', large, all, undefined, { cores: 4, load: 2 }, true],
    ['a busy machine', large, all, undefined, { cores: 4, load: 2.6 }, false],
    ['an idle 2-core machine (memory before the second saved)', large, all, undefined, { cores: 2, load: 0 }, false],
    ['a small spec', 'x'.repeat(WORKER_FROM_BYTES - 1), all, undefined, { cores: 8, load: 0 }, false],
    [
      'only worker targets (nothing left for this thread)',
      large,
      findGenerators(['openapi', 'server']),
      '1',
      { cores: 8, load: 0 },
      false,
    ],
    ['no worker target', large, findGenerators(['types', 'client']), '1', { cores: 8, load: 0 }, false],
    ['SPECGEN_GENERATE_WORKER=1 on a small spec and a busy 2-core machine', 'x', all, '1', { cores: 2, load: 9 }, true],
    ['SPECGEN_GENERATE_WORKER=0', large, all, '0', { cores: 8, load: 0 }, false],
  ])('%s', (_name, text, generators, flag, machine, want) => {
    expect(usesWorker(text, generators, flag, machine)).toBe(want);
  });
});

describe('specgen generate with the worker thread (SPECGEN_GENERATE_WORKER=1)', () => {
  it('writes byte-identical files to a run on one thread, and --check agrees', async () => {
    const one = scratch();
    vi.stubEnv('SPECGEN_GENERATE_WORKER', '0');
    expect((await runGenerate(['--spec', one.spec, '--out', one.out, '--quiet'])).code).toBe(0);
    const two = { spec: one.spec, out: join(one.dir, 'generated-2') };
    vi.stubEnv('SPECGEN_GENERATE_WORKER', '1');
    const run = await runGenerate(['--spec', two.spec, '--out', two.out]);
    expect(run.code, run.stderr).toBe(0);
    const files = snapshot(one.out);
    expect(run.stdout).toMatch(new RegExp(`^${Object.keys(files).length} written, 0 removed, 0 unchanged`));
    expect(snapshot(two.out)).toEqual(files);
    const text = readFileSync(one.spec, 'utf8');
    const outcome = await generateOneShot(
      text,
      () => parseSpec(text, 'spec.md'),
      findGenerators(null),
      { dir: null, engine: () => createTemplateEngine() },
      {
        outDir: join(one.dir, 'generated-3'),
        specFile: 'spec.md',
        serviceVersion: null,
        check: false,
      },
      true,
    );
    expect(outcome).toMatchObject({ kind: 'written', offloaded: ['openapi', 'server'] });
    expect((await runGenerate(['--spec', two.spec, '--out', one.out, '--check'])).stdout).toMatch(
      new RegExp(`^${Object.keys(files).length} generated files are current`),
    );
    writeFileSync(join(one.out, 'server/ir.json'), '{}\n');
    const stale = await runGenerate(['--spec', two.spec, '--out', one.out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('/server/ir.json');
  }, 60_000);

  it.each([
    [
      'cannot start',
      () => {
        throw new Error('no worker threads here');
      },
    ],
    ['dies before it answers', () => new Worker('throw new Error("worker died")', { eval: true })],
  ])(
    'renders the worker targets on this thread when the worker %s: same files, none offloaded',
    async (_how, start) => {
      const s = scratch();
      const text = readFileSync(s.spec, 'utf8');
      const run = (out: string, worker: boolean | (() => Worker)) =>
        generateOneShot(
          text,
          () => parseSpec(text, 'spec.md'),
          findGenerators(null),
          { dir: null, engine: () => createTemplateEngine() },
          {
            outDir: join(s.dir, out),
            specFile: 'spec.md',
            serviceVersion: null,
            check: false,
          },
          worker,
        );
      expect(await run('one-thread', false)).toMatchObject({ kind: 'written' });
      const outcome = await run('fallback', start);
      expect(outcome).toMatchObject({
        kind: 'written',
        paths: expect.arrayContaining(['openapi/openapi.json', 'server/ir.json']),
      });
      expect(outcome).not.toHaveProperty('offloaded');
      expect(snapshot(join(s.dir, 'fallback'))).toEqual(snapshot(join(s.dir, 'one-thread')));
    },
    60_000,
  );

  it.each([
    ['the worker (server)', 'server/handlers.ts.hbs', /server\/src\/handlers\.ts:\d+:\d+/],
    ['this thread (types)', 'types/references.ts.hbs', /types\/src\/references\.ts:\d+:\d+/],
  ])(
    'changes nothing when a target of %s does not parse',
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
      vi.stubEnv('SPECGEN_GENERATE_WORKER', '1');
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
