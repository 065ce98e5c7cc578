import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { fixtureSpec } from '@specgen/generate-types/testing';
import { generateValidators } from '../src/index.ts';

const options = { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' };

describe('schema shapes and since-maps made in code (src/schema-text.ts, sinceObjectText)', () => {
  it('print what the template loops over fields print, as an override still may', () => {
    // test/loop-templates/validators/: resource.ts.hbs and schema-object.hbs as they were, with {{#each}} loops
    const loops = createTemplateEngine(join(import.meta.dirname, 'loop-templates'));
    const byLoops = generateValidators({ spec: fixtureSpec(), templates: loops, options });
    const byCode = generateValidators({ spec: fixtureSpec(), templates: createTemplateEngine(), options });
    const gadget = byCode.find((f) => f.path === 'validators/src/resources/gadget.ts')?.contents ?? '';
    expect(gadget).toContain('  get Widget() {\n');
    expect(byLoops).toEqual(byCode);
  });
});
