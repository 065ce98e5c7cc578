/**
 * The warm-up's stand-in for the write (write-changed.ts `rehearseWrite`): it plans the patch of each file
 * of fragments that differs from what was written, writes nothing and leaves the record of what was
 * written as it was, so a real save afterwards patches the file as it would have.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '@specgen/generate-core';
import { type KnownOutput, knownOf, rehearseWrite, writeChanged } from '../src/generate/write-changed.ts';
import { scratch } from './generate-support.ts';

const entries = (n: number, label = 'entry') => Array.from({ length: n }, (_, i) => `"${label} ${i}": ${i},\n`);
const file = (path: string, chunks: string[]): GeneratedFile => ({ path, contents: chunks.join(''), chunks });

describe('rehearseWrite', () => {
  it('plans the patches of the changed files of fragments, and writes and records nothing', () => {
    const dir = scratch().dir;
    const before = entries(2000);
    const small = 'export const a = 1;\n';
    const known: KnownOutput = new Map();
    const written = [file('big.json', before), { path: 'small.ts', contents: small }];
    writeChanged(dir, written, known);
    const record = known.get('big.json');
    const onDisk = readFileSync(join(dir, 'big.json'), 'utf8');

    // a fragment added near the start (the byte lengths change), one replaced near the end, the small file changed
    const after = [
      ...before.slice(0, 10),
      '"added": true,\n',
      ...before.slice(10, 1990),
      '"x": 1,\n',
      ...before.slice(1991),
    ];
    const next = [file('big.json', after), { path: 'small.ts', contents: 'export const a = 2;\n' }];
    expect(rehearseWrite(next, known)).toBe(1);
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(onDisk);
    expect(readFileSync(join(dir, 'small.ts'), 'utf8')).toBe(small);
    expect(known.get('big.json')).toBe(record);
    expect(known.get('small.ts')).toBe(small);

    // unchanged files plan nothing; the real write afterwards gives the new text
    expect(rehearseWrite(written, known)).toBe(0);
    writeChanged(dir, next, known);
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(after.join(''));
    expect(known.get('big.json')).toEqual(knownOf(next[0] as GeneratedFile));
  });

  it('records a file whose text is unchanged with the strings of the rehearsal', () => {
    const dir = scratch().dir;
    const chunks = entries(500);
    const known: KnownOutput = new Map();
    writeChanged(dir, [file('big.json', chunks)], known);
    const onDisk = readFileSync(join(dir, 'big.json'), 'utf8');
    // the same text, rendered again: other strings
    const again = chunks.map((c) => `${c.slice(0, 1)}${c.slice(1)}`);
    expect(rehearseWrite([file('big.json', again)], known)).toBe(0);
    const record = known.get('big.json');
    expect(typeof record === 'string' ? null : record?.chunks).toBe(again);
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(onDisk);
    // a real save of an edit afterwards patches the file right
    const edited = [...again.slice(0, 3), '"edited": 1,\n', ...again.slice(4)];
    writeChanged(dir, [file('big.json', edited)], known);
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(edited.join(''));
  });

  it('plans nothing for a file it never wrote, or wrote whole', () => {
    const known: KnownOutput = new Map([['text.json', 'old text']]);
    const files = [file('text.json', entries(3)), file('new.json', entries(3, 'new'))];
    expect(rehearseWrite(files, known)).toBe(0);
  });
});
