/**
 * Large files written as they are made (GenerateContext.stageFile): a one-shot run into a new target
 * folder lets a generator write into the staging folder as it goes; the run stays all or nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, type GenerateContext, type Generator, createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { generateOneShot } from '../src/generate/one-shot.ts';

const SPEC = '# Service\n';
const TEXT = `{"//": "${GENERATED_MARKER}", "big": "${'é'.repeat(5000)}"}\n`;

/** A target writing `big.json` through stageFile when it is given (recording whether it was), else as text. */
function bigTarget(seen: boolean[], fail = false): Generator {
  return {
    target: 'big',
    packageName: '@test/big',
    generate(ctx: GenerateContext) {
      seen.push(ctx.stageFile !== undefined);
      if (!ctx.stageFile) return [{ path: 'big/big.json', contents: TEXT }];
      const writer = ctx.stageFile('big/big.json');
      const bytes = Buffer.from(TEXT);
      writer.write(bytes.subarray(0, 1000));
      if (fail) throw new Error('the template failed halfway');
      writer.write(bytes.subarray(1000));
      return [writer.close()];
    },
  };
}

const run = (outDir: string, generators: Generator[], check = false) =>
  generateOneShot(
    SPEC,
    () => parseSpec(SPEC, 'spec.md'),
    generators,
    { dir: null, engine: () => createTemplateEngine() },
    { outDir, specFile: 'spec.md', serviceVersion: null, check },
    false,
    false,
  );

const newOut = () => join(mkdtempSync(join(tmpdir(), 'specgen-staged-')), 'generated');

describe('files written as they are made (stageFile)', () => {
  it('into a new target folder: written through the staging folder, listed as written', async () => {
    const seen: boolean[] = [];
    const out = newOut();
    const outcome = await run(out, [bigTarget(seen)]);
    expect(seen).toEqual([true]);
    expect(outcome).toMatchObject({ kind: 'written', report: { written: ['big/big.json'] } });
    expect(readFileSync(join(out, 'big/big.json'), 'utf8')).toBe(TEXT);
  });

  it('into a target folder that exists: the text, compared with the file there (unchanged, not rewritten)', async () => {
    const seen: boolean[] = [];
    const out = newOut();
    await run(out, [bigTarget(seen)]);
    const outcome = await run(out, [bigTarget(seen)]);
    expect(seen).toEqual([true, false]);
    expect(outcome).toMatchObject({ kind: 'written', report: { written: [], unchanged: ['big/big.json'] } });
  });

  it('with --check: the text, compared only', async () => {
    const seen: boolean[] = [];
    const out = newOut();
    mkdirSync(out, { recursive: true });
    const outcome = await run(out, [bigTarget(seen)], true);
    expect(seen).toEqual([false]);
    expect(outcome).toMatchObject({ kind: 'checked', stale: ['big/big.json'] });
    expect(existsSync(join(out, 'big'))).toBe(false);
  });

  it('a target that fails after writing part of a file: the run fails and the output folder is as it was', async () => {
    const out = newOut();
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'keep.txt'), 'mine\n');
    await expect(run(out, [bigTarget([], true)])).rejects.toThrow('the template failed halfway');
    expect(existsSync(join(out, 'big'))).toBe(false);
    expect(readFileSync(join(out, 'keep.txt'), 'utf8')).toBe('mine\n');
    expect(readdirSync(out)).toEqual(['keep.txt']);
  });
});
