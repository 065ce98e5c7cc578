import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_FROM, patchFile } from '../src/generate/patch-file.ts';
import { scratch } from './generate-support.ts';

/** A large text with multi-byte characters (é, 😀) spread through it. */
const BASE = Array.from(
  { length: 30000 },
  (_, i) => `  "Field${i}": { "description": "Café ${i} 😀 with a description long enough" },`,
).join('\n');

describe('patchFile (watch mode writes a large file from its first changed byte)', () => {
  const dir = scratch().dir;
  it('the fixture is large enough to be patched', () => expect(BASE.length).toBeGreaterThan(PATCH_FROM));

  const cases: [string, (t: string) => string][] = [
    ['same length', (t) => t.replace('Café 15000 ', 'Cafe 15001 ')],
    ['longer', (t) => t.replace('"Field20000"', '"Field20000Longer"')],
    ['shorter', (t) => t.replace('Café 100 😀 with a description long enough', 'short')],
    ['a multi-byte character for a one-byte one (byte length changes)', (t) => t.replace('Café 25000', 'Cafe 25000')],
    ['inside a surrogate pair', (t) => t.replace('Café 7 😀', 'Café 7 😁')],
    ['at the start', (t) => `{\n${t}`],
    ['at the end', (t) => `${t}\n}`],
  ];
  for (const [label, edit] of cases) {
    it(`gives the same bytes as writing the file whole: ${label}`, () => {
      const path = join(dir, 'file.json');
      writeFileSync(path, BASE);
      const next = edit(BASE);
      expect(next).not.toBe(BASE);
      expect(patchFile(path, BASE, next)).toBe(true);
      expect(readFileSync(path).equals(Buffer.from(next))).toBe(true);
    });
  }

  it('a sequence of edits of one file (byte lengths it remembers) ends with the last text', () => {
    const path = join(dir, 'sequence.json');
    writeFileSync(path, BASE);
    let text = BASE;
    for (const [, edit] of cases) {
      const next = edit(text);
      expect(patchFile(path, text, next)).toBe(true);
      text = next;
    }
    expect(readFileSync(path).equals(Buffer.from(text))).toBe(true);
  });

  it('writes nothing when the file does not hold the previous text, or is small', () => {
    const path = join(dir, 'other.json');
    writeFileSync(path, `${BASE} changed by hand`);
    expect(patchFile(path, BASE, BASE.replace('Field1"', 'FieldX"'))).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe(`${BASE} changed by hand`);
    expect(patchFile(join(dir, 'missing.json'), BASE, `${BASE}x`)).toBe(false);
    writeFileSync(path, 'small');
    expect(patchFile(path, 'small', 'smalle')).toBe(false);
  });
});
