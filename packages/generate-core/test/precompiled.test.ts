import Handlebars from 'handlebars';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILE_OPTIONS,
  type PrecompiledTemplates,
  compiledTemplate,
  precompileTemplates,
  precompiledTemplate,
  runtimeEnvironment,
} from '../src/precompiled.ts';
import { precompiledModule } from '../src/precompiled-module.ts';
import { DEFAULT_TEMPLATES_DIR } from '../src/templates.ts';

function templatesDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-precompiled-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const RECORD =
  '// {{doc title}}\nexport interface {{name}} {\n{{#each fields}}  {{name}}{{#if optional}}?{{/if}}: {{{type}}}; // <{{type}}>\n{{/each}}\n}\n';
const data = {
  title: 'a */ b',
  name: 'Order',
  fields: [
    { name: 'Id', optional: false, type: 'bigint' },
    { name: 'Tags', optional: true, type: 'Array<"a" & "b">' },
  ],
};

/** The runtime environment with the helper RECORD uses. */
function runtime() {
  const hb = runtimeEnvironment();
  hb.registerHelper('doc', (text: unknown) => String(text ?? '').replace(/\*\//g, '*\\/'));
  return hb;
}

function engine(): typeof Handlebars {
  const hb = Handlebars.create();
  hb.registerHelper('doc', (text: unknown) => String(text ?? '').replace(/\*\//g, '*\\/'));
  return hb;
}

describe('precompiled templates', () => {
  it('render exactly as the same template compiled at run time, unescaped and strict', () => {
    const table = precompileTemplates(templatesDir({ 'types/record.ts.hbs': RECORD }));
    expect(Object.keys(table)).toEqual(['types/record.ts']);
    const hb = engine();
    const precompiled = precompiledTemplate(hb, 'types/record.ts', RECORD, table);
    expect(precompiled).not.toBeNull();
    const compiled = hb.compile(RECORD, COMPILE_OPTIONS);
    expect(precompiled!(data)).toBe(compiled(data));
    expect(precompiled!(data)).toContain('Tags?: Array<"a" & "b">; // <Array<"a" & "b">>');
    expect(precompiled!(data)).toContain('// a *\\/ b');
    // strict: a missing field is an error, not an empty string, in both.
    const { name: _name, ...withoutName } = data;
    expect(() => compiled(withoutName)).toThrow(/"name" not defined/);
    expect(() => precompiled!(withoutName)).toThrow(/"name" not defined/);
  });

  it('are used only for the very text they were compiled from', () => {
    const table = precompileTemplates(templatesDir({ 'client/a.ts.hbs': 'A {{x}}\n' }));
    const hb = engine();
    expect(precompiledTemplate(hb, 'client/a.ts', 'A {{x}} edited\n', table)).toBeNull();
    expect(precompiledTemplate(hb, 'client/b.ts', 'A {{x}}\n', table)).toBeNull();
    expect(precompiledTemplate(hb, 'client/a.ts', 'A {{x}}\n', null)).toBeNull();
    expect(precompiledTemplate(hb, 'client/a.ts', 'A {{x}}\n', table)!({ x: 1 })).toBe('A 1\n');
  });

  it('a template without a spec is compiled for the runtime alone, rendering as Handlebars.compile does', () => {
    const hb = runtimeEnvironment();
    hb.registerHelper('doc', (text: unknown) => String(text ?? '').replace(/\*\//g, '*\\/'));
    expect('compile' in hb).toBe(false); // the runtime's environment: start-up evaluates no compiler
    const compiled = compiledTemplate(hb, RECORD);
    expect(compiled(data)).toBe(engine().compile(RECORD, COMPILE_OPTIONS)(data));
    const { name: _name, ...withoutName } = data;
    expect(() => compiled(withoutName)).toThrow(/"name" not defined/);
    expect(() => compiledTemplate(hb, '{{#each x}}')).toThrow(/Parse error/);
  });

  it('cover every built-in template, keyed as the engine renders them', () => {
    const table = precompileTemplates(DEFAULT_TEMPLATES_DIR);
    const hbs = readdirSync(DEFAULT_TEMPLATES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.hbs'),
    );
    expect(Object.keys(table).sort()).toEqual(hbs.map((f) => f.replaceAll('\\', '/').slice(0, -4)).sort());
    for (const [key, { source }] of Object.entries(table)) {
      expect(readFileSync(join(DEFAULT_TEMPLATES_DIR, `${key}.hbs`), 'utf8')).toBe(source);
      expect(precompiledTemplate(engine(), key, source, table)).toBeTypeOf('function');
    }
  });

  it('as a module, each spec is a function of a fresh object that renders as the spec text does', () => {
    const table = precompileTemplates(templatesDir({ 'types/record.ts.hbs': RECORD, 'client/a.ts.hbs': 'A {{x}}\n' }));
    const dir = mkdtempSync(join(tmpdir(), 'specgen-precompiled-module-'));
    writeFileSync(join(dir, 'templates.cjs'), precompiledModule(table));
    const loaded = createRequire(import.meta.url)(join(dir, 'templates.cjs')) as PrecompiledTemplates;
    expect(Object.keys(loaded)).toEqual(Object.keys(table));
    const spec = loaded['types/record.ts']?.spec;
    expect(spec).toBeTypeOf('function');
    if (typeof spec === 'function') expect(spec()).not.toBe(spec()); // Handlebars' template() sets properties on it
    const fromModule = precompiledTemplate(runtime(), 'types/record.ts', RECORD, loaded);
    const fromText = precompiledTemplate(runtime(), 'types/record.ts', RECORD, table);
    expect(fromModule?.(data)).toBe(fromText?.(data));
    expect(fromModule?.(data)).toBe(engine().compile(RECORD, COMPILE_OPTIONS)(data));
    // The rule stays: a template whose text differs from the one precompiled gets no precompiled spec.
    expect(precompiledTemplate(runtime(), 'client/a.ts', 'A {{x}} edited\n', loaded)).toBeNull();
    expect(() => precompiledModule(loaded)).toThrow(/needs the spec's source text/);
  });

  it('the build wrote the module of the current templates (when built)', () => {
    const built = join(DEFAULT_TEMPLATES_DIR, '../packages/generate-core/dist/precompiled-templates.cjs');
    if (!existsSync(built)) return;
    expect(readFileSync(built, 'utf8')).toBe(precompiledModule(precompileTemplates(DEFAULT_TEMPLATES_DIR)));
  });
});
