import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { generateTypes } from '../src/index.ts';
import { fixtureSpec } from './fixture.ts';

const options = { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' };

describe('per-field text made in code (src/record-text.ts)', () => {
  it('prints what the template loops over record.fields and record.enums print, as an override still may', () => {
    // test/loop-templates/types/resource.ts.hbs: the template as it was, with {{#each}} loops over the views
    const loops = createTemplateEngine(join(import.meta.dirname, 'loop-templates'));
    const byLoops = generateTypes({ spec: fixtureSpec(), templates: loops, options });
    const byCode = generateTypes({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const resources = byCode.filter((f) => f.path.startsWith('types/src/resources/'));
    expect(resources.map((f) => f.contents).join('')).toMatch(/defineBitmask\(.*\n[\s\S]*@since [\d.]+\n/);
    expect(byLoops).toEqual(byCode);
  });
});
