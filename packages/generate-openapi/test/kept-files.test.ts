import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import type { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { generator } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '0.1.0' };
const texts = (files: { path: string; contents: string }[]) =>
  Object.fromEntries(files.map((f) => [f.path, f.contents]));

describe('the package files of a watch run', () => {
  it('are the files a one-shot run renders, after edits that keep or change what they show', () => {
    const templates = createTemplateEngine();
    const renamed: Spec = { ...spec, title: `${spec.title} (renamed)` };
    const fewer: Spec = { ...spec, resources: spec.resources.slice(1) };
    const edited: Spec = {
      ...spec,
      resources: spec.resources.map((r, i) => (i === 0 ? { ...r, description: 'Edited.' } : r)),
    };
    for (const next of [spec, edited, renamed, renamed, fewer, spec]) {
      const watch = texts(generator.generate({ spec: next, templates, options }));
      const cold = texts(generator.generate({ spec: next, templates: createTemplateEngine(), options, oneShot: true }));
      expect(watch).toEqual(cold);
    }
  });
});
