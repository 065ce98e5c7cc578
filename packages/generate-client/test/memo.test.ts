import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine, type TemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser, parseSpec, parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { specText } from '@specgen/parser/testing';
import { generator } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.0.0' };

/** A real template engine that lists the templates it renders. */
function countingEngine(overrideDir?: string): { templates: TemplateEngine; rendered: string[] } {
  const engine = createTemplateEngine(overrideDir);
  const rendered: string[] = [];
  return {
    rendered,
    templates: {
      dirs: engine.dirs,
      render(target, name, data) {
        rendered.push(name);
        return engine.render(target, name, data);
      },
    },
  };
}

/** The same files as a cold render: a fresh engine, a fresh parse, the memo of neither. */
function expectCold(text: string, files: { path: string; contents: string }[], overrideDir?: string): void {
  const cold = generator.generate({
    spec: parseSpec(text, 'spec/service-api.md').spec,
    templates: createTemplateEngine(overrideDir),
    options,
    oneShot: true,
  });
  expect(files.map((f) => [f.path, f.contents])).toEqual(cold.map((f) => [f.path, f.contents]));
}

const ROW = '| Code | String | Human readable identifier. | - |';

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

  it('renders again only the files whose template read something that changed', () => {
    const parser = createIncrementalParser();
    const { templates, rendered } = countingEngine();
    const text = specText();
    generator.generate({ spec: parser.parse(text, 'spec/service-api.md').spec, templates, options });
    expect(rendered.length).toBe(13);
    const edits: [string, string[]][] = [
      // a String field: no client file prints field lists
      [text.replace(ROW, `${ROW}\n| Added | String | A row. | - |`), []],
      // an Int64 field: the decoders
      [text.replace(ROW, `${ROW}\n| AddedId | Int64 | A row. | - |`), ['decode.ts']],
      // a read path naming no resource: Schedules, left without a row, comes last in the lists of
      // resources (and the decoders lose the last edit's AddedId)
      [
        text.replace('| TimeRecording/Schedules |', '| TimeRecording/TimeSchedules |'),
        ['README.md', 'decode.ts', 'resources.ts'],
      ],
      // and back: the order of the resources again; the decoders are those of the edit before
      [text, ['README.md', 'resources.ts']],
    ];
    for (const [edited, expected] of edits) {
      rendered.length = 0;
      const files = generator.generate({ spec: parser.parse(edited, 'spec/service-api.md').spec, templates, options });
      expect(rendered.sort()).toEqual(expected);
      expectCold(edited, files);
    }
    rendered.length = 0;
    const moved = generator.generate({ spec, templates, options: { ...options, specFile: 'other.md' } });
    expect(rendered.length, 'every header names the spec file').toBe(13);
    expect(moved.every((f) => f.contents.includes('other.md'))).toBe(true);
  });

  it("an override template that prints each resource's fields is rendered again when they change", () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-memo-'));
    mkdirSync(join(dir, 'client'));
    writeFileSync(
      join(dir, 'client', 'resources.ts.hbs'),
      "{{#each resources}}export const {{accessor}} = [{{#each fields}}'{{this}}', {{/each}}];\n{{/each}}",
    );
    const parser = createIncrementalParser();
    const { templates, rendered } = countingEngine(dir);
    const text = specText();
    generator.generate({ spec: parser.parse(text, 'spec/service-api.md').spec, templates, options });
    rendered.length = 0;
    const edited = text.replace(ROW, `${ROW}\n| Added | String | A row. | - |`);
    const files = generator.generate({ spec: parser.parse(edited, 'spec/service-api.md').spec, templates, options });
    expect(rendered).toEqual(['resources.ts']);
    expect(files.find((f) => f.path === 'client/src/resources.ts')?.contents).toContain("'Added'");
    expectCold(edited, files, dir);
  });
});
