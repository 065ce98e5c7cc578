import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { generateTypes } from '../src/index.ts';
import { fixtureSpec } from './fixture.ts';
import { compareGolden } from './golden.ts';

const options = { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' };

describe('@service-api/types golden files', () => {
  it('matches test/golden (RECORD=1 refreshes)', () => {
    const files = generateTypes({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const result = compareGolden(join(import.meta.dirname, 'golden'), files);
    expect(result, 'run RECORD=1 pnpm vitest run packages/generate-types to refresh').toEqual({
      missing: [],
      differing: [],
      stale: [],
    });
  });

  it('is deterministic: the same IR gives byte-identical files', () => {
    const a = generateTypes({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const b = generateTypes({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    expect(b).toEqual(a);
  });
});
