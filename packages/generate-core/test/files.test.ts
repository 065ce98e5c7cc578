import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chunkedFile, chunksOf, endsNormalized, normalize, sameContents, writeGenerated } from '../src/index.ts';

/** The rule normalize implements: LF line ends, no trailing whitespace, one final newline. */
const rule = (text: string) => `${text.replace(/\r\n?/g, '\n').trimEnd()}\n`;

describe('normalize', () => {
  it.each([
    ['a\n'],
    ['a'],
    ['a\n\n'],
    ['a \n'],
    ['a\t\n'],
    ['a\u00a0\n'],
    ['a\ufeff\n'],
    ['a\r\n'],
    ['a\rb\r\n'],
    ['\n'],
    [''],
    [' '],
    ['a\n \n'],
    ['{\n  "x": 1\n}\n'],
  ])('%j gives the same text as the rule', (text) => {
    expect(normalize(text)).toBe(rule(text));
  });

  it('returns a text that already follows the rule as it is', () => {
    const text = `${'x'.repeat(1000)}\n`;
    expect(normalize(text)).toBe(text);
  });
});

describe('chunkedFile (a file as fragments)', () => {
  it('joins its fragments as contents, once', () => {
    const chunks = ['{\n', '"a": 1', '\n}\n'];
    const f = chunkedFile('x/a.json', chunks);
    expect(f.chunks).toBe(chunks);
    expect(f.contents).toBe('{\n"a": 1\n}\n');
    expect(f.contents).toBe(f.contents);
    expect(chunksOf(f)).toBe(chunks);
    expect(chunksOf({ path: 'x/b.json', contents: 'b\n' })).toEqual(['b\n']);
  });

  it('endsNormalized looks at the last characters across fragments as normalize would', () => {
    for (const chunks of [
      ['a', '\n'],
      ['a\n', ''],
      ['ab', '', '\n'],
      ['a', ' \n'],
      ['a\n', '\n'],
      ['a'],
      [''],
      ['a', '\n', '\n'],
    ]) {
      const text = chunks.join('');
      expect(endsNormalized(chunks), JSON.stringify(chunks)).toBe(normalize(text) === text);
    }
  });
});

describe('sameContents and writeGenerated (a one-shot run never joins a file of fragments)', () => {
  const chunks = ['{\n', '"a": "é😀"', ',\n', '"b": 2', '\n}\n'];
  const f = chunkedFile('x/a.json', chunks);
  const text = chunks.join('');

  it('compares a text with the fragments in place', () => {
    expect(sameContents(text, chunkedFile('x/a.json', chunks))).toBe(true);
    expect(sameContents(`${text}x`, f)).toBe(false);
    expect(sameContents(text.slice(0, -1), f)).toBe(false);
    expect(sameContents(text.replace('2', '3'), f)).toBe(false);
    expect(sameContents(undefined, f)).toBe(false);
    expect(sameContents('b\n', { path: 'x/b.json', contents: 'b\n' })).toBe(true);
  });

  it('writes the same bytes as the joined text, also with a fragment larger than its buffer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-chunks-'));
    try {
      const big = [...chunks, 'é😀x'.repeat(400_000), '\n'];
      for (const [name, file] of [
        ['a.json', f],
        ['big.json', chunkedFile('x/big.json', big)],
        ['split.json', chunkedFile('x/split.json', ['a\ud83d', '\ude00\n'])],
      ] as const) {
        writeGenerated(join(dir, name), file);
        expect(readFileSync(join(dir, name)).equals(Buffer.from(file.chunks!.join('')))).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
