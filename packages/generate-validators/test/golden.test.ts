import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { generateValidators } from '../src/index.ts';
import { compareGolden, fixtureSpec } from '@specgen/generate-types/testing';

const options = { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' };

describe('@service-api/validators golden files', () => {
  it('matches test/golden (RECORD=1 refreshes)', () => {
    const files = generateValidators({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const result = compareGolden(join(import.meta.dirname, 'golden'), files);
    expect(result, 'run RECORD=1 pnpm vitest run packages/generate-validators to refresh').toEqual({
      missing: [],
      differing: [],
      stale: [],
    });
  });

  it("renders a lazy getter for a reference to one of the spec's own resources", () => {
    const files = generateValidators({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const gadget = files.find((f) => f.path === 'validators/src/resources/gadget.ts')!.contents;
    expect(gadget).toContain('get Widget() {\n    return WidgetSchema.nullable();');
    expect(gadget).toContain("import { WidgetSchema } from './widget.js';");
  });

  it('declares zod and lossless-json as dependencies of the generated package', () => {
    const files = generateValidators({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const pkg = JSON.parse(files.find((f) => f.path === 'validators/package.json')!.contents);
    expect(Object.keys(pkg.dependencies)).toEqual(['lossless-json', 'zod']);
    expect(pkg.exports['.']).toEqual({
      types: './dist/index.d.ts',
      import: './dist/index.js',
      default: './dist/index.js',
    });
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.json');
  });
});
