/**
 * Watch mode renders a file of the whole model (index, versions, references, sign-in, README) again
 * only when something its template read changed (generate-core's read-tracking.ts), and what it
 * keeps equals a cold render.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine, type GeneratedFile, type TemplateEngine } from '@specgen/generate-core';
import { createIncrementalParser, parseSpec } from '@specgen/parser';
import { specText } from '@specgen/parser/testing';
import { generateTypes } from '@specgen/generate-types';
import { generateValidators } from '../src/index.ts';

type Generate = typeof generateTypes;

const options = { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.0.0' };
const ROW = '| Code | String | Human readable identifier. | - |';

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

function expectCold(generate: Generate, text: string, files: GeneratedFile[], overrideDir?: string): void {
  const cold = generate({
    spec: parseSpec(text, 'spec/service-api.md').spec,
    templates: createTemplateEngine(overrideDir),
    options,
    oneShot: true,
  });
  expect(files.map((f) => [f.path, f.contents])).toEqual(cold.map((f) => [f.path, f.contents]));
}

/** The templates rendered for each edit in turn (the per-resource `resource.ts` left out), each checked against a cold render. */
function renderedPerEdit(generate: Generate, edits: string[], overrideDir?: string): string[][] {
  const parser = createIncrementalParser();
  const { templates, rendered } = countingEngine(overrideDir);
  generate({ spec: parser.parse(specText(), 'spec/service-api.md').spec, templates, options });
  return edits.map((text) => {
    rendered.length = 0;
    const files = generate({ spec: parser.parse(text, 'spec/service-api.md').spec, templates, options });
    expectCold(generate, text, files, overrideDir);
    return rendered.filter((name) => name !== 'resource.ts' && name !== 'schema-object').sort();
  });
}

const ALWAYS = ['bitmask.ts', 'package.json', 'tsconfig.json'];

describe('types: files of the whole model in watch mode', () => {
  it('renders them again only when what their templates read changed', () => {
    const text = specText();
    const renamed = text.replace('| TimeRecording/Schedules |', '| TimeRecording/TimeSchedules |');
    expect(renamed).not.toBe(text);
    const rendered = renderedPerEdit(generateTypes, [
      // a row added: no file of the whole model prints a resource's fields
      text.replace(ROW, `${ROW}\n| Added | String | A row. | - |`),
      // a read path: the index and the README print the paths
      renamed,
      // and back
      text,
    ]);
    // the references too: who uses a reference type is listed in the resources' order, which the path changes
    const paths = [...ALWAYS, 'README.md', 'index.ts', 'references.ts'].sort();
    expect(rendered).toEqual([ALWAYS, paths, paths]);
  });

  it('an override of the index that prints each resource’s fields is rendered again when they change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'types-whole-'));
    mkdirSync(join(dir, 'types'));
    writeFileSync(
      join(dir, 'types', 'index.ts.hbs'),
      '{{#each resources}}// {{typeName}}: {{#each fields}}{{name}} {{/each}}\n{{/each}}',
    );
    const text = specText();
    const edited = text.replace(ROW, `${ROW}\n| Added | String | A row. | - |`);
    // a resource's description: its view changed, but not its fields, which is all the override reads of it
    const described = edited.replace('Represents a product record.', 'Represents a product record (edited).');
    expect(described).not.toBe(edited);
    const rendered = renderedPerEdit(generateTypes, [edited, described, text], dir);
    const withIndex = [...ALWAYS, 'index.ts'].sort();
    expect(rendered).toEqual([withIndex, ALWAYS, withIndex]);
  });
});

const VALIDATORS_ALWAYS = [
  'errors.ts',
  'fast.ts',
  'json.ts',
  'package.json',
  'read.ts',
  'scalars.ts',
  'tsconfig.json',
  'validate-json.ts',
];

describe('validators: files of the whole model in watch mode', () => {
  it('renders them again only when what their templates read changed', () => {
    const text = specText();
    const renamed = text.replace('| TimeRecording/Schedules |', '| TimeRecording/TimeSchedules |');
    const rendered = renderedPerEdit(generateValidators, [
      text.replace(ROW, `${ROW}\n| Added | String | A row. | - |`),
      renamed,
      text,
    ]);
    const paths = [...VALIDATORS_ALWAYS, 'README.md', 'index.ts', 'references.ts'].sort();
    expect(rendered).toEqual([VALIDATORS_ALWAYS, paths, paths]);
  });
});

describe('validators: a one-shot run makes each resource’s fields when its file renders', () => {
  it('an override of the index that prints each resource’s fields, parser and reader prints them as watch mode does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'validators-whole-'));
    mkdirSync(join(dir, 'validators'));
    writeFileSync(
      join(dir, 'validators', 'index.ts.hbs'),
      '{{#each resources}}// {{schemaName}}: {{#each fields}}{{key}} {{/each}}' +
        '{{#if parser}}parser {{parser.length}}{{/if}} {{#if reader}}reader {{reader.length}}{{/if}}\n{{/each}}',
    );
    const edited = specText().replace(ROW, `${ROW}\n| Added | String | A row. | - |`);
    // each edit's watch-mode files equal a one-shot run's (expectCold), the override's index included
    const rendered = renderedPerEdit(generateValidators, [edited], dir);
    expect(rendered[0]).toContain('index.ts');
    const [index] = generateValidators({
      spec: parseSpec(edited, 'spec/service-api.md').spec,
      templates: createTemplateEngine(dir),
      options,
      oneShot: true,
    }).filter((f) => f.path === 'validators/src/index.ts');
    const lines = String(index?.contents).split('\n');
    // the resource with the row added lists it among its keys, and its parser reads every key
    const added = lines.find((line) => line.includes(' Added '));
    const [, keys, parsed] = added?.match(/^\/\/ \w+: (.*?) ?parser (\d+)/) ?? [];
    expect(keys?.split(' ')).toContain('Added');
    expect(Number(parsed)).toBe(keys?.split(' ').length);
    // records with a parser and a reader are listed as such (the getters made them on the first read)
    expect(lines.filter((line) => / parser \d+ reader \d+$/.test(line)).length).toBeGreaterThan(5);
  });
});
