/**
 * The syntax check of `specgen generate` parses a sample of a large folder: every file with a line
 * shape no earlier file had (generate-core syntax-sample.ts). The validators' resource files must
 * share their shapes across resources, or every file is parsed (a regular-expression literal of each
 * record's keys once made all 600 files of the synthetic spec new, and a cold run 0.9 s slower).
 */
import { describe, expect, it } from 'vitest';
import { createTemplateEngine, syntaxSample } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { generateTypes } from '@specgen/generate-types';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { generateValidators } from '../src/index.ts';

describe('validators resource files and the syntax sample', () => {
  it('samples a few of the resource files of a 60-resource spec, not each one', () => {
    const spec = parseSpec(syntheticSpec(60, 30), 'spec/service-api.md').spec;
    const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.0.0' };
    const templates = createTemplateEngine();
    generateTypes({ spec, templates, options });
    const files = generateValidators({ spec, templates, options });
    const resources = files.filter((f) => f.path.startsWith('validators/src/resources/'));
    expect(resources.length).toBeGreaterThan(60);
    const sampled = syntaxSample(resources);
    expect(sampled.length).toBeGreaterThan(0);
    expect(sampled.length).toBeLessThan(resources.length / 4);
  });
});
