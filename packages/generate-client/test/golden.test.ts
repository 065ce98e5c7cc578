/**
 * Golden files: the package generated from the hand-built fixture IR must equal
 * test/golden/ byte for byte. `RECORD=1 pnpm vitest run packages/generate-client` rewrites
 * them; a stale, missing or extra file fails.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemplateEngine } from '@specgen/generate-core';
import { generator } from '../src/index.ts';
import { fixtureSpec } from '@specgen/generate-openapi/testing';

const GOLDEN = fileURLToPath(new URL('./golden', import.meta.url));

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}

describe('golden files of @service-api/client (fixture IR)', () => {
  const cases: Array<[string, string | null]> = [
    ['newest', null],
    ['24.0', '24.0'],
  ];
  it.each(cases)('%s', (name, version) => {
    const files = generator.generate({
      spec: fixtureSpec(),
      templates: createTemplateEngine(),
      options: { serviceVersion: version, specFile: 'spec/fixture.md', packageVersion: '1.2.3' },
    });
    const dir = join(GOLDEN, name);
    if (process.env.RECORD) {
      rmSync(dir, { recursive: true, force: true });
      for (const f of files) {
        mkdirSync(dirname(join(dir, f.path)), { recursive: true });
        writeFileSync(join(dir, f.path), f.contents);
      }
    }
    const onDisk = listFiles(dir)
      .map((p) => relative(dir, p).split('\\').join('/'))
      .sort();
    expect(onDisk, 'golden file set (RECORD=1 to refresh)').toEqual(files.map((f) => f.path).sort());
    for (const f of files) expect(f.contents, f.path).toBe(readFileSync(join(dir, f.path), 'utf8'));
  });
});
