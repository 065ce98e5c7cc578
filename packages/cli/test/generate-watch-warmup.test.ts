/**
 * `specgen generate --watch`'s warm-up (warm-up.ts): forced on for the real spec (it is below the
 * size at which it runs by itself). It writes nothing, a save during it is generated as a cold run
 * would, and so are the saves after it.
 */
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasErrors } from '@specgen/diagnostics';
import { createIncrementalParser } from '@specgen/parser';
import { findGenerators } from '../src/generators.ts';
import { wantsWarmUp, warmUpTexts } from '../src/generate/warm-up.ts';
import { type WarmUpOutcome, type WatchHandle, type WatchRun, watchGenerate } from '../src/generate/watch.ts';
import { runGenerate, scratch, snapshot } from './generate-support.ts';

let handle: WatchHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

/** Every entry under `root` (folders too, so a staging folder shows) with its modification time. */
function stamps(root: string): Record<string, number> {
  const found: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      found[relative(root, abs)] = statSync(abs).mtimeMs;
      if (e.isDirectory()) walk(abs);
    }
  };
  walk(root);
  return found;
}

function waiter<T>() {
  const seen: T[] = [];
  let wake: (() => void) | null = null;
  return {
    seen,
    push(value: T) {
      seen.push(value);
      wake?.();
    },
    async nth(n: number): Promise<T> {
      const deadline = Date.now() + 30_000;
      while (seen.length <= n) {
        if (Date.now() > deadline) throw new Error(`nothing after ${seen.length} within 30 s`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
      return seen[n]!;
    },
  };
}

/** A watcher on a scratch copy of the real spec, warm-up forced on; `onInitial` runs before the warm-up starts. */
async function startWatch(onInitial?: (spec: string) => void) {
  const s = scratch();
  const runs = waiter<WatchRun>();
  const warmUps = waiter<WarmUpOutcome>();
  handle = watchGenerate({
    specPath: s.spec,
    specFile: 'spec.md',
    outDir: s.out,
    serviceVersion: null,
    templatesDir: null,
    generators: findGenerators(null),
    warmUp: true,
    onWarmUp: (outcome) => warmUps.push(outcome),
    onRun: (run) => {
      if (runs.seen.length === 0) onInitial?.(s.spec);
      runs.push(run);
    },
  });
  await handle.ready;
  return { ...s, runs, warmUps };
}

/** The files a cold one-shot run of `spec`'s current text writes (headers name the spec `spec.md`, as the watcher's). */
async function cold(spec: string): Promise<Record<string, string>> {
  const out = mkdtempSync(join(tmpdir(), 'specgen-warm-cold-'));
  expect((await runGenerate(['--spec', spec, '--out', out, '--quiet'])).code).toBe(0);
  return Object.fromEntries(Object.entries(snapshot(out)).map(([k, v]) => [k, v.split(spec).join('spec.md')]));
}

const original = readFileSync(scratch().spec, 'utf8');
const rowAdded = original.replace(
  '| WarrantyMonths | Int32 | Warranty length in months. | 2.36 |\n',
  '| WarrantyMonths | Int32 | Warranty length in months. | 2.36 |\n| WarrantyDays | Int32 | Days. | 2.36 |\n',
);
const fieldEdited = original.replace('| WarrantyMonths | Int32 |', '| WarrantyMonths | Int32? |');

describe('the warm-up of specgen generate --watch', () => {
  it('rehearses a field edited, a row added and the field again, each then the spec itself, on a spec they parse in', () => {
    const parsed = createIncrementalParser().parse(original, 'spec.md');
    const texts = warmUpTexts(original, parsed.spec);
    expect(texts).toHaveLength(6);
    expect(texts[1]).toBe(original);
    expect(texts[3]).toBe(original);
    expect(texts[4]).toBe(texts[0]);
    expect(texts[5]).toBe(original);
    const fields = (text: string) =>
      createIncrementalParser()
        .parse(text, 'spec.md')
        .spec.resources.reduce((n, r) => n + r.fields.length, 0);
    expect(texts[0]).not.toBe(original);
    expect(fields(texts[0]!)).toBe(fields(original));
    expect(fields(texts[2]!)).toBe(fields(original) + 1);
    for (const text of texts)
      expect(hasErrors(createIncrementalParser().parse(text, 'spec.md').diagnostics)).toBe(false);
    // on by size unless SPECGEN_WATCH_WARMUP says otherwise
    expect(wantsWarmUp(undefined, original.length)).toBe(false);
    expect(wantsWarmUp(undefined, 2_000_000)).toBe(true);
    expect(wantsWarmUp('0', 2_000_000)).toBe(false);
    expect(wantsWarmUp('1', original.length)).toBe(true);
  });

  it('writes, stages and prints nothing: every output file keeps its contents and time', async () => {
    const w = await startWatch();
    const files = snapshot(w.out);
    const times = stamps(w.out);
    expect(await w.warmUps.nth(0)).toBe('done');
    expect(w.runs.seen).toHaveLength(1); // no run reported (the command prints runs only)
    expect(stamps(w.out)).toEqual(times);
    expect(snapshot(w.out)).toEqual(files);
  }, 60_000);

  it('gives way to a save that comes during it: that save is generated as a cold run would', async () => {
    // saved once the initial run is done, before the warm-up's first step
    const w = await startWatch((spec) => writeFileSync(spec, rowAdded));
    const run = await w.runs.nth(1);
    expect(run.outcome?.kind).toBe('written');
    expect(await w.warmUps.nth(0)).toBe('stopped');
    expect(snapshot(w.out)).toEqual(await cold(w.spec));
  }, 60_000);

  it('leaves the next saves generated as cold runs would', async () => {
    const w = await startWatch();
    expect(await w.warmUps.nth(0)).toBe('done');
    let n = 1;
    for (const text of [fieldEdited, rowAdded, original]) {
      writeFileSync(w.spec, text);
      expect((await w.runs.nth(n++)).outcome?.kind).toBe('written');
      expect(snapshot(w.out)).toEqual(await cold(w.spec));
    }
  }, 90_000);
});
