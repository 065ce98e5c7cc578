import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, chunkedFile, createStaging, listFiles, startFileWriter } from '../src/index.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'specgen-write-thread-'));

/** A text of `n` characters mixing one-, two-, three- and four-byte UTF-8 characters (pairs kept whole). */
function mixed(n: number, seed: number): string {
  const alphabet = ['a', 'b', '\n', 'é', 'ß', '–', '✓', '😀', '𝄞', '"'];
  const out: string[] = [];
  let x = seed;
  for (let length = 0; length < n; ) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const c = alphabet[x % alphabet.length] ?? 'a';
    out.push(c);
    length += c.length;
  }
  return out.join('');
}

describe('the file writer thread', () => {
  it('writes the small files it takes whole, and leaves the large ones to the caller', async () => {
    const dir = folder();
    const writer = startFileWriter();
    const files = [
      { path: join(dir, 'a/b/small.ts'), file: { path: 'small.ts', contents: 'export const a = 1;\n' } },
      { path: join(dir, 'a/empty.txt'), file: { path: 'empty.txt', contents: '' } },
      { path: join(dir, 'parts.json'), file: chunkedFile('parts.json', ['{', mixed(20_000, 1), '', '}\n']) },
      ...Array.from({ length: 200 }, (_, i) => ({
        path: join(dir, `many/${i % 7}/f${i}.ts`),
        file: { path: `f${i}.ts`, contents: mixed(i * 97, i) },
      })),
    ];
    const taken = files.map((f) => writer.write(f.path, f.file));
    // the first file always finds a free buffer; the others may find the worker behind
    expect(taken[0]).toBe(true);
    for (const [i, f] of files.entries()) if (!taken[i]) writeFileSync(f.path, f.file.contents);
    const large = { path: 'large.txt', contents: mixed(100_000, 9) };
    expect(writer.write(join(dir, 'large.txt'), large)).toBe(false);
    await writer.flushed();
    await writer.close();
    for (const f of files) expect(readFileSync(f.path, 'utf8')).toBe(f.file.contents);
    expect(existsSync(join(dir, 'large.txt'))).toBe(false);
  });

  it('finish(): writes what it took, then takes nothing more', async () => {
    const dir = folder();
    const writer = startFileWriter();
    expect(writer.write(join(dir, 'a.ts'), { path: 'a.ts', contents: 'a' })).toBe(true);
    await writer.finish();
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe('a');
    expect(writer.write(join(dir, 'b.ts'), { path: 'b.ts', contents: 'b' })).toBe(false);
    await writer.close();
  });

  it('rejects flushed() with the error of a file it could not write', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'plain'), 'a file, not a folder');
    const writer = startFileWriter();
    expect(writer.write(join(dir, 'plain/inside.ts'), { path: 'inside.ts', contents: 'x' })).toBe(true);
    writer.write(join(dir, 'after.ts'), { path: 'after.ts', contents: 'y' });
    await expect(writer.flushed()).rejects.toThrow(/cannot write a staged file/);
    await writer.close();
  });
});

describe('staging with a writer thread', () => {
  const file = (path: string, body: string) => ({ path, contents: `// ${GENERATED_MARKER}\n${body}\n` });

  it('commits only after the staged files are flushed, then moves them into place', async () => {
    const out = join(folder(), 'generated');
    const staging = createStaging(out, startFileWriter());
    const files = [
      file('types/src/a.ts', 'a'),
      ...Array.from({ length: 40 }, (_, i) => file(`validators/src/v${i}.ts`, mixed(3_000, i))),
      chunkedFile('openapi/openapi.json', ['{\n', mixed(600_000, 5), '}\n']),
    ];
    staging.stage(files);
    expect(() => staging.commit(new Set(files.map((f) => f.path)), () => true)).toThrow(/flushed/);
    await staging.flushed();
    staging.commit(new Set(files.map((f) => f.path)), () => true);
    expect(listFiles(out).sort()).toEqual(files.map((f) => f.path).sort());
    for (const f of files) expect(readFileSync(join(out, f.path), 'utf8')).toBe(f.contents);
    expect(readdirSync(out).sort()).toEqual(['openapi', 'types', 'validators']);
  });

  it('discard stops the thread and leaves the output folder as it was', () => {
    const root = folder();
    const out = join(root, 'generated');
    const staging = createStaging(out, startFileWriter());
    staging.stage(Array.from({ length: 50 }, (_, i) => file(`types/src/f${i}.ts`, mixed(20_000, i))));
    staging.discard();
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });
});
