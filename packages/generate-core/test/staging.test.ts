import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_MARKER,
  STAGING_PREFIX,
  attachStaging,
  chunkedFile,
  createStaging,
  listFiles,
} from '../src/index.ts';

const owned = (out: string) => (path: string) => readFileSync(join(out, path), 'utf8').includes(GENERATED_MARKER);
const file = (path: string, body: string) => ({ path, contents: `// ${GENERATED_MARKER}\n${body}\n` });

const snapshotOf = (out: string) =>
  Object.fromEntries(listFiles(out).map((p) => [p, readFileSync(join(out, p), 'utf8')]));

function outputWith(files: Record<string, string>): string {
  const out = join(mkdtempSync(join(tmpdir(), 'specgen-staging-')), 'generated');
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), contents);
  }
  return out;
}

describe('staging', () => {
  it('writes nothing into the output folder until commit, then moves changed files in and removes left-overs', async () => {
    const same = file('types/src/a.ts', 'same');
    const out = outputWith({
      'types/src/a.ts': same.contents,
      'types/src/old.ts': file('x', 'old').contents,
      'types/notes.md': 'hand-written',
    });
    const staging = createStaging(out);
    expect(staging.stage([same, file('types/src/b.ts', 'new')])).toEqual({
      written: ['types/src/b.ts'],
      unchanged: ['types/src/a.ts'],
    });
    expect(existsSync(join(out, 'types/src/b.ts'))).toBe(false);
    expect(listFiles(out).sort()).toEqual(['types/notes.md', 'types/src/a.ts', 'types/src/old.ts']);
    const report = await staging.commit(new Set(['types/src/a.ts', 'types/src/b.ts']), owned(out));
    expect(report).toEqual({
      written: ['types/src/b.ts'],
      unchanged: ['types/src/a.ts'],
      removed: ['types/src/old.ts'],
    });
    expect(readFileSync(join(out, 'types/src/b.ts'), 'utf8')).toContain('new');
    expect(readdirSync(out).sort()).toEqual(['types']);
  });

  it('commits what another thread staged into the same folder', async () => {
    const out = outputWith({});
    const staging = createStaging(out);
    const other = attachStaging(out, staging.dir);
    staging.adopt(other.stage([file('server/ir.json', '{}')]));
    // the other thread's writes are done before it hands its list over
    await other.writesDone();
    staging.stage([file('types/src/a.ts', 'a')]);
    expect((await staging.commit(new Set(['server/ir.json', 'types/src/a.ts']), owned(out))).written).toEqual([
      'server/ir.json',
      'types/src/a.ts',
    ]);
    expect(listFiles(out).sort()).toEqual(['server/ir.json', 'types/src/a.ts']);
  });

  it('lists files written elsewhere as staged, and commits only once those writes are over', async () => {
    const out = outputWith({});
    const staging = createStaging(out);
    const files = [file('types/src/a.ts', 'a'), file('types/README.md', 'readme')];
    let finish = () => {};
    const elsewhere = new Promise<void>((resolve) => {
      finish = resolve;
    });
    expect(staging.stage(files, undefined, new Set(['types/src/a.ts']))).toEqual({
      written: ['types/src/a.ts', 'types/README.md'],
      unchanged: [],
    });
    staging.expect(elsewhere);
    let committed = false;
    const commit = staging.commit(new Set(files.map((f) => f.path)), owned(out)).then((report) => {
      committed = true;
      return report;
    });
    // this thread's own write may be over by now, the one given elsewhere is not: nothing has moved yet
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(committed).toBe(false);
    expect(existsSync(join(out, 'types'))).toBe(false);
    // the other thread writes its file, then says so
    mkdirSync(join(staging.dir, 'types/src'), { recursive: true });
    writeFileSync(join(staging.dir, 'types/src/a.ts'), files[0]?.contents ?? '');
    finish();
    expect((await commit).written).toEqual(['types/README.md', 'types/src/a.ts']);
    for (const f of files) expect(readFileSync(join(out, f.path), 'utf8')).toBe(f.contents);
  });

  it('a write that failed elsewhere makes commit fail before anything moves; writeHere writes what it could not', async () => {
    const out = outputWith({ 'types/src/a.ts': file('x', 'a before').contents });
    const before = snapshotOf(out);
    const failing = createStaging(out);
    const files = [file('types/src/a.ts', 'a after'), file('types/src/b.ts', 'b')];
    failing.stage(files, undefined, new Set(['types/src/b.ts']));
    failing.expect(Promise.reject(new Error('EIO: the other thread could not write types/src/b.ts')));
    await expect(failing.commit(new Set(files.map((f) => f.path)), owned(out))).rejects.toThrow(/could not write/);
    expect(snapshotOf(out)).toEqual(before);
    await failing.discard();
    expect(readdirSync(out)).toEqual(['types']);
    expect(snapshotOf(out)).toEqual(before);
    // the other thread stopped before it wrote: this thread writes the same files, and the run commits them
    const staging = createStaging(out);
    staging.stage(files, undefined, new Set(['types/src/b.ts']));
    staging.expect(
      Promise.resolve().then(() => {
        const handed = files.filter((f) => f.path === 'types/src/b.ts');
        staging.writeHere(handed);
      }),
    );
    await staging.commit(new Set(files.map((f) => f.path)), owned(out));
    expect(snapshotOf(out)).toEqual(Object.fromEntries(files.map((f) => [f.path, f.contents])));
  });

  it('moves folders that are new to the output folder whole, and files into folders that exist', async () => {
    const out = outputWith({
      'types/src/a.ts': file('x', 'a before').contents,
      'types/src/old.ts': file('x', 'old').contents,
    });
    const staging = createStaging(out);
    const files = [
      file('types/src/a.ts', 'a after'),
      file('types/src/resources/r1.ts', 'r1'),
      file('types/src/resources/deep/r2.ts', 'r2'),
      file('server/src/index.ts', 'server'),
      file('server/package.json', '{}'),
    ];
    staging.stage(files);
    const wanted = new Set(files.map((f) => f.path));
    expect(await staging.commit(wanted, owned(out))).toEqual({
      written: [...wanted].sort(),
      unchanged: [],
      removed: ['types/src/old.ts'],
    });
    expect(listFiles(out).sort()).toEqual([...wanted].sort());
    for (const f of files) expect(readFileSync(join(out, f.path), 'utf8')).toBe(f.contents);
    expect(readdirSync(out).sort()).toEqual(['server', 'types']);
  });

  it('discard leaves the output folder as it was, and removes a folder the run created', async () => {
    const out = outputWith({ 'types/src/a.ts': 'before' });
    const staging = createStaging(out);
    staging.stage([file('types/src/a.ts', 'after'), file('types/src/b.ts', 'b')]);
    await staging.discard();
    expect(readdirSync(out)).toEqual(['types']);
    expect(readFileSync(join(out, 'types/src/a.ts'), 'utf8')).toBe('before');
    const fresh = join(outputWith({}), 'nested');
    const first = createStaging(fresh);
    first.stage([file('types/src/a.ts', 'a')]);
    await first.discard();
    expect(existsSync(fresh)).toBe(false);
  });

  it('a write that fails makes commit fail before anything moves; discard then leaves the output as it was', async () => {
    const out = outputWith({ 'types/src/a.ts': file('x', 'a before').contents });
    const before = listFiles(out).map((p) => [p, readFileSync(join(out, p), 'utf8')]);
    const staging = createStaging(out);
    // a folder in the way of one staged file: its open fails (EISDIR) on the thread pool
    mkdirSync(join(staging.dir, 'types/src/c.ts'), { recursive: true });
    staging.stage([file('types/src/a.ts', 'a after'), file('types/src/b.ts', 'b'), file('types/src/c.ts', 'c')]);
    await expect(staging.commit(new Set(['types/src/a.ts', 'types/src/b.ts']), owned(out))).rejects.toThrow(/EISDIR/);
    expect(listFiles(out).map((p) => [p, readFileSync(join(out, p), 'utf8')])).toEqual(before);
    await staging.discard();
    expect(readdirSync(out)).toEqual(['types']);
    expect(listFiles(out).map((p) => [p, readFileSync(join(out, p), 'utf8')])).toEqual(before);
  });

  it('writes staged files with the same bytes as their texts (files of fragments too)', async () => {
    const out = outputWith({});
    const staging = createStaging(out);
    const files = [
      file('types/src/wide.ts', 'é 漢字 😀 \u2028'),
      chunkedFile('openapi/openapi.json', ['{\n', '"a": "é😀"', '\n}\n']),
      // fragments that split a surrogate pair are written as their joined text
      chunkedFile('openapi/split.json', ['"\ud83d', '\ude00"\n']),
    ];
    staging.stage(files);
    await staging.commit(new Set(files.map((f) => f.path)), () => false);
    for (const f of files) expect(readFileSync(join(out, f.path)).equals(Buffer.from(f.contents, 'utf8'))).toBe(true);
  });

  it('a file a generator wrote as it went (openFile) is listed and moved in, not written again', async () => {
    const out = outputWith({});
    const staging = createStaging(out);
    const writer = staging.openFile('openapi/openapi.json');
    writer.write(Buffer.from('{\n  "a": 1'));
    writer.write(Buffer.from('\n}\n'));
    const made = writer.close();
    expect(made).toMatchObject({ path: 'openapi/openapi.json', staged: true });
    expect(made.contents).toBe('{\n  "a": 1\n}\n');
    const staged = staging.stage([made, file('openapi/src/index.ts', 'export {};')]);
    expect(staged.written).toEqual(['openapi/openapi.json', 'openapi/src/index.ts']);
    const report = await staging.commit(new Set(['openapi/openapi.json', 'openapi/src/index.ts']), owned(out));
    expect(report.written).toEqual(['openapi/openapi.json', 'openapi/src/index.ts']);
    expect(readFileSync(join(out, 'openapi/openapi.json'), 'utf8')).toBe('{\n  "a": 1\n}\n');
    // read back where it now is
    expect(made.contents).toBe('{\n  "a": 1\n}\n');
  });

  it('a file opened and discarded is not staged; discarding the run leaves nothing', async () => {
    const out = outputWith({ 'types/src/a.ts': file('types/src/a.ts', 'a').contents });
    const before = snapshotOf(out);
    const staging = createStaging(out);
    const writer = staging.openFile('openapi/openapi.yaml');
    writer.write(Buffer.from('half'));
    writer.discard();
    expect(existsSync(join(staging.dir, 'openapi/openapi.yaml'))).toBe(false);
    // a run that fails after a file was written as it went: discarding the run removes it too
    const written = staging.openFile('openapi/openapi.json');
    written.write(Buffer.from('{}\n'));
    written.close();
    await staging.discard();
    expect(snapshotOf(out)).toEqual(before);
  });

  it("removes a killed run's staging folder, keeps a running one's", async () => {
    const out = outputWith({ 'types/src/a.ts': 'a' });
    // 2^22 + 1 is above the largest pid Linux allows; a live pid is this process's own.
    const dead = join(out, `${STAGING_PREFIX}4194305-abc`);
    const live = join(out, `${STAGING_PREFIX}${process.pid}-def`);
    for (const d of [dead, live]) mkdirSync(join(d, 'types'), { recursive: true });
    await createStaging(out).discard();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
