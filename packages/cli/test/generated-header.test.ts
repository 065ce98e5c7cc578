/**
 * The "generated, do not edit" header comes from the generators (generate-core header.ts), not from
 * the templates: a `--templates` override that leaves it out still gives files that carry it, in
 * the form of each file's kind, so `generate` may later overwrite or remove them (pipeline.ts, ownedBy).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATES_DIR,
  GENERATED_MARKER,
  createTemplateEngine,
  type GeneratedFile,
} from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { generators } from '../src/generators.ts';
import { renderTarget } from '../src/generate/pipeline.ts';
import { REAL_SPEC } from './generate-support.ts';

const SPEC_FILE = 'spec/service-api.md';
const HEADER = `${GENERATED_MARKER} from ${SPEC_FILE}. Do not edit: run \`pnpm specgen generate\`.`;

/** Templates that print no header at all: package.json without `"//"`, a bare README, tsconfig and index.ts. */
const OVERRIDES: Record<string, string> = {
  'package.json.hbs': '{ "name": {{json packageName}}, "version": "9.9.9" }\n',
  'README.md.hbs': '# Overridden\n',
  'tsconfig.json.hbs': '{ "compilerOptions": { "strict": true } }\n',
  'index.ts.hbs': 'export const overridden = true;\n',
};

const overrideDir = mkdtempSync(join(tmpdir(), 'specgen-header-'));
afterAll(() => rmSync(overrideDir, { recursive: true, force: true }));

function overriddenFiles(): GeneratedFile[] {
  for (const g of generators) {
    mkdirSync(join(overrideDir, g.target), { recursive: true });
    const builtin = new Set(readdirSync(join(DEFAULT_TEMPLATES_DIR, g.target)));
    for (const [name, text] of Object.entries(OVERRIDES))
      if (builtin.has(name)) writeFileSync(join(overrideDir, g.target, name), text);
  }
  const spec = parseSpec(readFileSync(REAL_SPEC, 'utf8'), SPEC_FILE).spec;
  const templates = createTemplateEngine(overrideDir);
  const options = { outDir: join(overrideDir, 'no-output'), specFile: SPEC_FILE, serviceVersion: null };
  return generators.flatMap((g) => renderTarget(spec, g, templates, options));
}

describe('the generated header', () => {
  const files = overriddenFiles();
  const byPath = new Map(files.map((f) => [f.path, f.contents]));

  it('used the override templates', () => {
    for (const g of generators) {
      expect(JSON.parse(byPath.get(`${g.target}/package.json`) ?? '{}').version).toBe('9.9.9');
      expect(byPath.get(`${g.target}/README.md`)).toContain('# Overridden');
    }
    expect(byPath.get('types/src/index.ts')).toContain('export const overridden = true;');
  });

  it.each(generators.map((g) => g.target))('is on every file of %s, in the form of its kind', (target) => {
    const own = files.filter((f) => f.path.startsWith(`${target}/`));
    expect(own.length).toBeGreaterThan(3);
    for (const { path, contents } of own) {
      if (path.endsWith('/package.json')) {
        // the first field, since package.json holds no comments
        expect(Object.entries(JSON.parse(contents))[0], path).toEqual(['//', HEADER]);
      } else if (path.endsWith('.md')) {
        expect(contents.startsWith(`<!-- ${HEADER} -->\n`), path).toBe(true);
      } else if (path.endsWith('.yaml')) {
        expect(contents.startsWith(`# ${HEADER}\n`), path).toBe(true);
      } else if (path.endsWith('openapi.json') || path.endsWith('ir.json')) {
        expect(contents.slice(0, 2000), path).toContain(GENERATED_MARKER);
      } else {
        expect(contents.startsWith(`// ${HEADER}\n`), path).toBe(true);
      }
    }
  });
});
