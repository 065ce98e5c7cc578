import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  type FSWatcher,
  mkdirSync,
  openSync,
  readFileSync,
  watch,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser } from '@specgen/parser';
import { findGenerators } from '../src/generators.ts';
import { type KnownOutput, generateFromSpec } from '../src/generate/pipeline.ts';
import { SpecChanged, assertUnchanged, looksHalfWritten, stampOf } from '../src/generate/spec-stability.ts';
import { builtinTemplatesDir } from '../src/generate/templates-dir.ts';
import { type WatchHandle, type WatchRun, watchGenerate } from '../src/generate/watch.ts';
import { specgenArgv } from '../../../tools/dev/built.mjs';
import { REPO_ROOT, runGenerate, scratch, snapshot } from './generate-support.ts';

let handle: WatchHandle | null = null;
afterEach(async () => {
  await handle?.close();
  handle = null;
});

/** Starts a watcher on a scratch copy of the spec; `next()` resolves with the following run. */
async function startWatch(
  targets: string[] | null = ['types', 'validators'],
  quietMs?: { run: number; remove: number; halfWritten?: number },
) {
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
    quietMs,
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
  if (run.outcome?.kind !== 'written')
    throw new Error(`expected files written, got ${run.error?.message ?? run.outcome?.kind}`);
  return run.outcome.report.written;
}

describe('specgen generate --watch', () => {
  it('regenerates a one-field edit, writing only the files that changed, and reports the time', async () => {
    const w = await startWatch();
    expect(written(w.runs[0]!).length).toBeGreaterThan(20);
    const nextRun = w.next();
    writeFileSync(
      w.spec,
      readFileSync(w.spec, 'utf8').replace(
        '| HasWarranty | Boolean | Covered by warranty. |',
        '| HasWarranty | Boolean? | Covered by the warranty. |',
      ),
    );
    const run = await nextRun;
    expect(written(run)).toEqual([
      'types/src/resources/product-record.ts',
      'validators/src/resources/product-record.ts',
    ]);
    expect(run.ms).toBeGreaterThan(0);
    expect(readFileSync(join(w.out, 'types/src/resources/product-record.ts'), 'utf8')).toContain(
      'Covered by the warranty.',
    );
    expect(readFileSync(join(w.out, 'validators/src/resources/product-record.ts'), 'utf8')).toContain(
      'HasWarranty: scalar.boolean().nullable(),',
    );
  }, 60_000);

  it('regenerates when a template is added to the override folder', async () => {
    const w = await startWatch();
    const nextRun = w.next();
    writeFileSync(
      join(w.templatesDir, 'types/references.ts.hbs'),
      '{{#each references}}\nexport type {{typeName}} = { Id: bigint };\n{{/each}}\n',
    );
    const run = await nextRun;
    expect(written(run)).toEqual(['types/src/references.ts']);
  }, 60_000);

  it('writes nothing when a template renders TypeScript that does not parse, and names the file', async () => {
    const w = await startWatch();
    const references = join(w.out, 'types/src/references.ts');
    const before = readFileSync(references, 'utf8');
    let nextRun = w.next();
    // The check runs in esbuild's process while the later targets render; the write waits for it.
    writeFileSync(
      join(w.templatesDir, 'types/references.ts.hbs'),
      'export type = {{#each references}}{ ;\n{{/each}}\n',
    );
    const broken = await nextRun;
    expect(broken.error?.message).toMatch(/does not parse[\s\S]*types\/src\/references\.ts:\d+:\d+/);
    expect(readFileSync(references, 'utf8')).toBe(before);
    nextRun = w.next();
    writeFileSync(
      join(w.templatesDir, 'types/references.ts.hbs'),
      '{{#each references}}\nexport type {{typeName}} = { Id: bigint };\n{{/each}}\n',
    );
    expect(written(await nextRun)).toEqual(['types/src/references.ts']);
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
    writeFileSync(
      w.spec,
      readFileSync(w.spec, 'utf8').replace(
        '| HasWarranty | Boolean | Covered by warranty. |',
        '| HasWarranty | Boolean? | Covered by the warranty. |',
      ),
    );
    const run = await nextRun;
    expect(run.offloaded).toEqual(['openapi', 'server']);
    expect(written(run)).toEqual(
      expect.arrayContaining(['openapi/openapi.json', 'openapi/openapi.yaml', 'types/src/resources/product-record.ts']),
    );
    const watched = snapshot(w.out);
    const oneShot = join(w.dir, 'one-shot');
    expect((await runGenerate(['--spec', w.spec, '--out', oneShot, '--quiet'])).code).toBe(0);
    const expected = snapshot(oneShot);
    // Headers name the spec as given; both runs were given the same file under other names.
    const same = (files: Record<string, string>) =>
      Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.split(w.spec).join('spec.md')]));
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

/**
 * Every file under `folders` that goes missing at any moment (fs.watch events and a 2 ms poll), until
 * `stop()`; the watcher runs in this process, so the poll sees the folder between its runs.
 */
function watchForRemovals(out: string, folders: string[]) {
  const files = folders.flatMap((f) => Object.keys(snapshot(join(out, f))).map((p) => join(out, f, p)));
  const missing = new Set<string>();
  const check = () => {
    for (const f of files) if (!existsSync(f)) missing.add(f);
  };
  const watchers: FSWatcher[] = folders.map((f) => watch(join(out, f), { recursive: true }, check));
  const poll = setInterval(check, 2);
  return {
    files,
    stop: () => {
      clearInterval(poll);
      for (const w of watchers) w.close();
      check();
      return [...missing];
    },
  };
}

/** Writes `text` as a plain in-place save does: truncate, then the pieces cut at `cuts`, pausing between them. */
async function truncateThenWrite(path: string, text: string, cuts: number[], pauseMs: number): Promise<void> {
  const fd = openSync(path, 'w');
  try {
    let from = 0;
    for (const cut of [...cuts, text.length]) {
      writeSync(fd, text.slice(from, cut));
      from = cut;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  } finally {
    closeSync(fd);
  }
}

describe('specgen generate --watch and a save written in pieces', () => {
  it('never removes a file the saved spec still generates while the save is half written; the last run restores every file', async () => {
    // Pauses of 200 ms between pieces, longer than the wait before a run (20 ms, also for a text that
    // looks half written), so runs read the half-written spec; removals wait for 3 s of quiet, so
    // every such run is superseded.
    const w = await startWatch(['types', 'validators'], { run: 20, remove: 3_000, halfWritten: 20 });
    const before = snapshot(w.out);
    const text = readFileSync(w.spec, 'utf8');
    // Cut before resource sections: each prefix parses without errors, as a spec with fewer resources.
    const cuts = [...text.matchAll(/^### /gm)]
      .map((m) => m.index)
      .filter((i) => i > text.indexOf('### ProductRecords'))
      .slice(0, 5);
    const removals = watchForRemovals(w.out, ['types/src/resources', 'validators/src/resources']);
    expect(removals.files.length).toBeGreaterThan(10);
    const runsBefore = w.runs.length;
    await truncateThenWrite(w.spec, text, cuts, 200);
    // The last run: the whole text, and no removal held back.
    const last = () => (w.runs.length > runsBefore ? w.runs.at(-1) : undefined);
    await expect
      .poll(() => last()?.specText === text && !last()?.provisional, { timeout: 20_000, interval: 50 })
      .toBe(true);
    expect(removals.stop()).toEqual([]);
    const runs = w.runs.slice(runsBefore);
    expect(
      runs.some((r) => r.provisional && r.specText !== text),
      'a run read the half-written spec and held its removals',
    ).toBe(true);
    expect(snapshot(w.out)).toEqual(before);
  }, 60_000);

  it('does not run on the empty spec of a save that truncates it and pauses before writing', async () => {
    // The pause is longer than the wait before a run (5 ms): before, the run read the empty spec,
    // reported its errors, and dropped what the parser and the generators kept for the next run.
    const w = await startWatch(['types', 'validators'], { run: 5, remove: 120 });
    const text = readFileSync(w.spec, 'utf8');
    const edited = text.replace(
      '| HasWarranty | Boolean | Covered by warranty. |',
      '| HasWarranty | Boolean? | Covered by the warranty. |',
    );
    const runsBefore = w.runs.length;
    await truncateThenWrite(w.spec, edited, [0], 60);
    await expect.poll(() => w.runs.at(-1)?.specText === edited, { timeout: 20_000, interval: 50 }).toBe(true);
    await new Promise((r) => setTimeout(r, 300)); // a late run would show here
    const [run, ...more] = w.runs.slice(runsBefore);
    if (!run) throw new Error('no run');
    // Every run read the whole text (usually one run: a second, on the same text, only when the write's
    // event came after the run read it, on a loaded machine), and none was provisional.
    expect([run, ...more].map((r) => r.specText?.length)).toEqual([run, ...more].map(() => edited.length));
    expect([run, ...more].some((r) => r.provisional)).toBe(false);
    expect(written(run)).toEqual([
      'types/src/resources/product-record.ts',
      'validators/src/resources/product-record.ts',
    ]);
  }, 60_000);

  it('removes the files of a resource that a save really removed', async () => {
    const w = await startWatch();
    const text = readFileSync(w.spec, 'utf8');
    const section = text.slice(text.indexOf('### SupplierPartLinks'), text.indexOf('### Schedules'));
    const runsBefore = w.runs.length;
    writeFileSync(w.spec, text.replace(section, '').replace('| Purchase/SupplierPartLinks | Show supplier |\n', ''));
    // Usually the first run removes them; on a loaded machine a second event may make it provisional and the next one does.
    const removed = () =>
      w.runs.slice(runsBefore).flatMap((r) => (r.outcome?.kind === 'written' ? r.outcome.report.removed : []));
    await expect
      .poll(removed, { timeout: 20_000, interval: 50 })
      .toEqual(['types/src/resources/supplier-part-link.ts', 'validators/src/resources/supplier-part-link.ts']);
    expect(existsSync(join(w.out, 'types/src/resources/supplier-part-link.ts'))).toBe(false);
    expect(existsSync(join(w.out, 'types/src/resources/schedule.ts'))).toBe(true);
  }, 60_000);
});

describe('a watch run whose spec changed after it was read', () => {
  it('writes nothing: the check before the write (spec-stability.ts) stops it with SpecChanged', async () => {
    const s = scratch();
    const text = readFileSync(s.spec, 'utf8');
    const generators = findGenerators(['types', 'validators']);
    const templates = createTemplateEngine(undefined, builtinTemplatesDir());
    const options = { outDir: s.out, specFile: 'spec.md', serviceVersion: null, check: false };
    const parser = createIncrementalParser();
    const known: KnownOutput = new Map();
    const first = await generateFromSpec(parser.parse(text, 'spec.md'), generators, templates, options, known);
    expect(first.kind).toBe('written');
    const before = snapshot(s.out);
    const edited = text.replace(
      '| HasWarranty | Boolean | Covered by warranty. |',
      '| HasWarranty | Boolean? | Edited. |',
    );
    writeFileSync(s.spec, edited);
    const read = stampOf(s.spec);
    const parsed = parser.parse(edited, 'spec.md');
    // the writer goes on after the run read the spec: one more byte
    writeFileSync(s.spec, `${edited}\n`);
    const beforeWrite = () => assertUnchanged(s.spec, read);
    await expect(generateFromSpec(parsed, generators, templates, { ...options, beforeWrite }, known)).rejects.toThrow(
      SpecChanged,
    );
    expect(snapshot(s.out)).toEqual(before);
    // as read, it writes
    const again = await generateFromSpec(parsed, generators, templates, { ...options, beforeWrite: () => {} }, known);
    expect(again.kind === 'written' && again.report.written.length).toBeGreaterThan(0);
    expect(snapshot(s.out)).not.toEqual(before);
  });
});

describe('a watch run whose spec changed while it rendered', () => {
  it('stops after the target it was rendering (RenderOptions.afterTarget) and writes nothing', async () => {
    const s = scratch();
    const text = readFileSync(s.spec, 'utf8');
    const generators = findGenerators(['types', 'validators']);
    const templates = createTemplateEngine(undefined, builtinTemplatesDir());
    const options = { outDir: s.out, specFile: 'spec.md', serviceVersion: null, check: false };
    const parser = createIncrementalParser();
    const known: KnownOutput = new Map();
    const first = await generateFromSpec(parser.parse(text, 'spec.md'), generators, templates, options, known);
    expect(first.kind).toBe('written');
    const before = snapshot(s.out);
    const edited = text.replace('| HasWarranty | Boolean | Covered by warranty. |', '| HasWarranty | Boolean? | E. |');
    const rendered: number[] = [];
    const afterTarget = () => {
      rendered.push(rendered.length);
      throw new SpecChanged();
    };
    await expect(
      generateFromSpec(parser.parse(edited, 'spec.md'), generators, templates, { ...options, afterTarget }, known),
    ).rejects.toThrow(SpecChanged);
    expect(rendered).toEqual([0]); // validators was not rendered
    expect(snapshot(s.out)).toEqual(before);
    // the next run on the same text writes the edit
    const again = await generateFromSpec(parser.parse(edited, 'spec.md'), generators, templates, options, known);
    expect(again.kind === 'written' && again.report.written).toEqual([
      'types/src/resources/product-record.ts',
      'validators/src/resources/product-record.ts',
    ]);
  });
});

describe('a spec text that looks half written (spec-stability.ts)', () => {
  it('is empty, cut in the middle of a line, or the start of the previous text', () => {
    const previous = '# Spec\n\n### A\n\n| F | Int32 | x. |\n';
    expect(looksHalfWritten('', previous)).toBe(true);
    expect(looksHalfWritten('', null)).toBe(true);
    expect(looksHalfWritten('# Spec\n\n### A\n\n| F | Int', previous)).toBe(true);
    expect(looksHalfWritten('# Spec\n\n### A\n', previous)).toBe(true);
    // a whole save: edited, longer, shorter elsewhere, or the first text seen
    expect(looksHalfWritten(previous.replace('x.', 'y.'), previous)).toBe(false);
    expect(looksHalfWritten(`${previous}\n### B\n`, previous)).toBe(false);
    expect(looksHalfWritten(previous.replace('\n\n### A', ''), previous)).toBe(false);
    expect(looksHalfWritten('# Spec', null)).toBe(false);
  });
});

describe('specgen generate --watch --pretty (real CLI)', () => {
  it('shows a spec error with its source line and caret, as a one-shot run does', async () => {
    const s = scratch();
    writeFileSync(
      s.spec,
      readFileSync(s.spec, 'utf8').replace('| ForceRelogin | Boolean |', '| ForceRelogin | Bolean |'),
    );
    // this checkout's CLI: compiled when its build is current, else tsx on the sources (built.mjs)
    const [command, ...commandArgs] = specgenArgv(REPO_ROOT);
    const child = spawn(
      command!,
      [...commandArgs, 'generate', '--watch', '--pretty', '--only', 'types', '--spec', s.spec, '--out', s.out],
      {
        cwd: s.dir,
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      stderr += t;
    });
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
    expect(stderr).toContain(
      '27 | ForceRelogin | Bolean | Sent in the OIDC initiate body. |\n                    ^~~~~~\n',
    );
    expect(stderr).toContain('initial: specgen generate: the spec has errors; nothing was generated\n');
  }, 60_000);
});
