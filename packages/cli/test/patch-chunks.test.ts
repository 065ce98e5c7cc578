import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchChunks, sameChunks, writeChunksWhole, writtenChunks } from '../src/generate/patch-chunks.ts';
import { scratch } from './generate-support.ts';

/** A file as fragments with multi-byte characters (é, 😀), the way generators give entries: a separator, an entry, ... */
const BASE: readonly string[] = [
  '{\n',
  ...Array.from({ length: 3000 }, (_, i) => [
    i > 0 ? ',\n' : '',
    `  "Field${i}": { "description": "Café ${i} 😀" }`,
  ]).flat(),
  '\n}\n',
];

/** Index of entry `i` in BASE. */
const entry = (i: number) => 2 + 2 * i;
const replaced = (chunks: readonly string[], at: number, ...by: string[]) => [
  ...chunks.slice(0, at),
  ...by,
  ...chunks.slice(at + 1),
];

describe('patchChunks (watch mode writes a file of fragments from its first changed fragment)', () => {
  const dir = scratch().dir;
  const cases: [string, (c: readonly string[]) => string[]][] = [
    ['same byte length', (c) => replaced(c, entry(1500), c[entry(1500)]!.replace('Café', 'Cafè'))],
    ['longer', (c) => replaced(c, entry(1000), c[entry(1000)]!.replace('Field', 'FieldLonger'))],
    ['shorter', (c) => replaced(c, entry(5), '  "F": 1')],
    [
      'a multi-byte character for a one-byte one',
      (c) => replaced(c, entry(2500), c[entry(2500)]!.replace('Café', 'Cafe')),
    ],
    ['fragments added', (c) => [...c.slice(0, 401), ',\n', '  "Added": "😀"', ...c.slice(401)]],
    ['fragments removed', (c) => [...c.slice(0, 401), ...c.slice(403)]],
    ['at the start', (c) => replaced(c, 0, '{ \n')],
    ['at the end', (c) => replaced(c, c.length - 1, '\n}\n\n')],
    ['a fragment larger than the write buffer', (c) => replaced(c, entry(100), `  "Big": "${'é😀x'.repeat(300_000)}"`)],
    ['two edits far apart', (c) => replaced(replaced(c, entry(10), '  "X": 1'), entry(2950), '  "Y": 2')],
  ];
  for (const [label, edit] of cases) {
    it(`gives the same bytes as writing the joined text whole: ${label}`, () => {
      const path = join(dir, 'file.json');
      const written = writeChunksWhole(path, BASE, writtenChunks(BASE)!);
      expect(readFileSync(path).equals(Buffer.from(BASE.join('')))).toBe(true);
      const next = edit(BASE);
      expect(sameChunks(BASE, next)).toBe(false);
      const record = patchChunks(path, written, next);
      expect(record).not.toBeNull();
      expect(readFileSync(path).equals(Buffer.from(next.join('')))).toBe(true);
      // The record is right for the next patch too.
      expect(record!.total).toBe(Buffer.byteLength(next.join('')));
      const again = replaced(next, entry(750), '  "Again": "é"');
      expect(patchChunks(path, record!, again)).not.toBeNull();
      expect(readFileSync(path, 'utf8')).toBe(again.join(''));
    });
  }

  it('does nothing (null) when the file is not what was written, or is gone', () => {
    const path = join(dir, 'other.json');
    const written = writeChunksWhole(path, BASE, writtenChunks(BASE)!);
    writeFileSync(path, `${BASE.join('')}x`);
    expect(patchChunks(path, written, replaced(BASE, 5, 'x'))).toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(`${BASE.join('')}x`);
    expect(patchChunks(join(dir, 'missing.json'), written, replaced(BASE, 5, 'x'))).toBeNull();
  });

  it('refuses fragments that split a surrogate pair (their bytes are not their share of the file)', () => {
    expect(writtenChunks(['a\ud83d', '\ude00b'])).toBeNull();
    const path = join(dir, 'pair.json');
    const written = writeChunksWhole(path, BASE, writtenChunks(BASE)!);
    expect(patchChunks(path, written, replaced(BASE, 7, 'x\ud83d', '\ude00'))).toBeNull();
  });

  it('compares fragments by value, not only by identity', () => {
    expect(sameChunks(['ab', 'c'], [['a', 'b'].join(''), 'c'])).toBe(true);
    expect(sameChunks(['ab', 'c'], ['a', 'bc'])).toBe(false);
    expect(sameChunks(['ab'], ['ab', ''])).toBe(false);
  });
});
