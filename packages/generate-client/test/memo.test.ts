import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { generator } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.0.0' };

describe('client generator memo', () => {
  it('returns the same files for the same view data, and re-renders when the data or the templates change', () => {
    const templates = createTemplateEngine();
    const first = generator.generate({ spec, templates, options });
    const again = generator.generate({ spec, templates, options });
    expect(again).toEqual(first);
    // A caller mutating what it got back does not corrupt the memo.
    const original = again[0]!.contents;
    again[0]!.contents = 'mutated';
    expect(generator.generate({ spec, templates, options })[0]!.contents).toBe(original);
    expect(generator.generate({ spec, templates: createTemplateEngine(), options })).toEqual(first);
    const renamed: Spec = { ...spec, title: `${spec.title} (renamed)` };
    const changed = generator.generate({ spec: renamed, templates, options: { ...options, packageVersion: '2.0.0' } });
    expect(changed.find((f) => f.path === 'client/package.json')!.contents).toContain('"version": "2.0.0"');
    expect(generator.generate({ spec, templates, options })).toEqual(first);
  });
});
