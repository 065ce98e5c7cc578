import { closeSync, openSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moveBytes, stampWrittenPath } from '../src/generate/move-tail.ts';
import { patchChunks, writeChunksWhole, writtenChunks } from '../src/generate/patch-chunks.ts';
import { PATCH_FROM, patchFile } from '../src/generate/patch-file.ts';
import { scratch } from './generate-support.ts';

/** Bytes 0..n-1 as a recognisable pattern (no two neighbouring 251-byte runs alike). */
const pattern = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) % 251));

describe('moveBytes (memmove within a file)', () => {
  const dir = scratch().dir;
  // piece sizes smaller than, equal to and larger than the distance, and a length that is not a multiple
  const cases: [string, number, number, number, number][] = [
    ['towards the end, by less than a piece', 1000, 1300, 5003, 512],
    ['towards the end, by more than a piece', 10, 2000, 5003, 512],
    ['towards the start, by less than a piece', 1300, 1000, 5003, 512],
    ['towards the start, by more than a piece', 2000, 10, 5003, 512],
    ['one piece', 100, 150, 400, 4096],
  ];
  for (const [label, from, to, length, piece] of cases) {
    it(`gives what Buffer#copyWithin gives: ${label}`, () => {
      const path = join(dir, 'bytes');
      const size = Math.max(from, to) + length + 17;
      const start = pattern(size);
      writeFileSync(path, start);
      const fd = openSync(path, 'r+');
      try {
        moveBytes(fd, from, to, length, piece);
      } finally {
        closeSync(fd);
      }
      const expected = Buffer.from(start);
      expected.copyWithin(to, from, from + length);
      expect(readFileSync(path).equals(expected)).toBe(true);
    });
  }
});

/** A large file of fragments with multi-byte characters, as the generators give entries. */
const CHUNKS: readonly string[] = [
  '{\n',
  ...Array.from({ length: 30000 }, (_, i) => [
    i > 0 ? ',\n' : '',
    `  "Field${i}": { "description": "Café ${i} 😀" }`,
  ]).flat(),
  '\n}\n',
];
const entry = (i: number) => 2 + 2 * i;
it('the fixture is large enough to be patched as a text', () =>
  expect(CHUNKS.join('').length).toBeGreaterThan(PATCH_FROM));
const replaced = (chunks: readonly string[], at: number, ...by: string[]) => [
  ...chunks.slice(0, at),
  ...by,
  ...chunks.slice(at + 1),
];

describe('patchChunks and patchFile (the unchanged tail stays on disk)', () => {
  const dir = scratch().dir;
  const edits: [string, (c: readonly string[]) => string[]][] = [
    ['a row added near the start', (c) => [...c.slice(0, entry(3)), '  "Added": "é😀"', ',\n', ...c.slice(entry(3))]],
    ['a row removed near the start', (c) => [...c.slice(0, entry(3)), ...c.slice(entry(4))]],
    ['longer in the middle', (c) => replaced(c, entry(10000), c[entry(10000)]!.replace('Field', 'FieldLonger'))],
    ['same byte length', (c) => replaced(c, entry(500), c[entry(500)]!.replace('Café', 'Cafè'))],
    ['at the end', (c) => replaced(c, c.length - 1, '\n}\n\n')],
    [
      'a row added near the start, an entry far below it changed',
      (c) => replaced([...c.slice(0, entry(3)), '  "Added": 1', ',\n', ...c.slice(entry(3))], entry(20001), '  "B": 2'),
    ],
    [
      'an entry changed near the start, a row added far below it',
      (c) => [
        ...replaced(c, entry(3), '  "A": "é"').slice(0, entry(20000)),
        '  "Added": 1',
        ',\n',
        ...c.slice(entry(20000)),
      ],
    ],
    [
      'a row added near the start, a fragment larger than a write piece far below',
      (c) => [
        ...c.slice(0, entry(3)),
        '  "Added": 1',
        ',\n',
        ...replaced(c, entry(20000), `  "Big": "${'é😀x'.repeat(300_000)}"`).slice(entry(3)),
      ],
    ],
    [
      'two rows removed far apart',
      (c) => [...c.slice(0, entry(3)), ...c.slice(entry(4), entry(20000)), ...c.slice(entry(20001))],
    ],
  ];
  it('patchChunks: a sequence of edits gives the joined text each time', async () => {
    const path = join(dir, 'chunks.json');
    let record = writeChunksWhole(path, CHUNKS, writtenChunks(CHUNKS)!);
    let chunks = CHUNKS;
    for (const [label, edit] of edits) {
      const next = edit(chunks);
      const patched = await patchChunks(path, record, next);
      expect(patched, label).not.toBeNull();
      expect(readFileSync(path).equals(Buffer.from(next.join(''))), label).toBe(true);
      record = patched!;
      chunks = next;
    }
  });

  it('patchFile: a sequence of edits gives the text each time', async () => {
    const path = join(dir, 'text.ts');
    let text = CHUNKS.join('');
    writeFileSync(path, text);
    stampWrittenPath(path);
    for (const [label, edit] of edits) {
      const next = edit(text.split(/(?<=\n)/)).join('');
      expect(await patchFile(path, text, next), label).toBe(true);
      expect(readFileSync(path).equals(Buffer.from(next)), label).toBe(true);
      text = next;
    }
  });

  it('patchChunks: random edits at one to three places give the joined text each time', async () => {
    const path = join(dir, 'random.json');
    let record = writeChunksWhole(path, CHUNKS, writtenChunks(CHUNKS)!);
    let chunks = [...CHUNKS];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 16; step++) {
      const next = [...chunks];
      for (let k = 0, places = 1 + random(3); k < places; k++) {
        const at = 1 + random(next.length - 2);
        const kind = random(3);
        if (kind === 0) next.splice(at, 0, `  "Added${step}.${k}": "😀"`, ',\n');
        else if (kind === 1) next.splice(at, 1 + random(3));
        else next[at] = `  "Changed${step}.${k}": ${'é'.repeat(random(40))}`;
      }
      const patched = await patchChunks(path, record, next);
      expect(patched, `step ${step}`).not.toBeNull();
      expect(readFileSync(path).equals(Buffer.from(next.join(''))), `step ${step}`).toBe(true);
      record = patched!;
      chunks = next;
    }
  });

  it('does not trust the tail of a file touched since it was written: an edit by hand of the same size is overwritten', async () => {
    const path = join(dir, 'touched.json');
    const record = writeChunksWhole(path, CHUNKS, writtenChunks(CHUNKS)!);
    const text = CHUNKS.join('');
    // a hand edit far after the change, same size; its modification time differs from the one written
    writeFileSync(path, text.replace('"Field25000"', '"FieldXXXXX"'));
    const { mtimeMs } = statSync(path);
    utimesSync(path, new Date(), new Date(mtimeMs + 5000));
    const next = [...CHUNKS.slice(0, entry(3)), '  "Added": 1', ',\n', ...CHUNKS.slice(entry(3))];
    expect(await patchChunks(path, record, next)).not.toBeNull();
    expect(readFileSync(path, 'utf8')).toBe(next.join(''));
    const textPath = join(dir, 'touched.ts');
    writeFileSync(textPath, text);
    stampWrittenPath(textPath);
    writeFileSync(textPath, text.replace('"Field25000"', '"FieldXXXXX"'));
    utimesSync(textPath, new Date(), new Date(mtimeMs + 5000));
    expect(await patchFile(textPath, text, next.join(''))).toBe(true);
    expect(readFileSync(textPath, 'utf8')).toBe(next.join(''));
  });
});
