import { describe, expect, it } from 'vitest';
import {
  type GeneratedFile,
  SAMPLE_FROM,
  SAMPLE_FROM_CHARS,
  createSampler,
  lineShapes,
  sampleInput,
  sampleOf,
  syntaxErrors,
  syntaxErrorsAsync,
  syntaxSample,
} from '../src/index.ts';

/** What a resource template renders for one resource: a field per entry, optional ones with `?`. */
function resourceFile(name: string, fields: [string, string, boolean][]): GeneratedFile {
  const lines = fields.map(
    ([f, type, optional]) => `  /** ${f} of ${name}, "quoted" (notes). */\n  ${f}${optional ? '?' : ''}: ${type};`,
  );
  return {
    path: `types/src/resources/${name}.ts`,
    contents: `// Generated.\nexport interface ${name} {\n${lines.join('\n')}\n}\n`,
  };
}

const resources = Array.from({ length: 30 }, (_, i) =>
  resourceFile(`Resource${i}`, [
    ['Id', 'bigint', false],
    [`Field${i}`, 'string', false],
  ]),
);

describe('syntaxSample', () => {
  it('parses one file of a large folder whose files differ only in names, numbers, strings and comments', () => {
    expect(syntaxSample(resources).map((f) => f.path)).toEqual(['types/src/resources/Resource0.ts']);
  });

  it('adds every file with a line shape no earlier sampled file had (a template branch)', () => {
    const files = [...resources];
    files[17] = resourceFile('Resource17', [
      ['Id', 'bigint', false],
      ['Notes', 'string', true],
    ]);
    files[23] = resourceFile('Resource23', [
      ['Id', 'bigint', false],
      ['Notes', 'string', true],
    ]);
    expect(syntaxSample(files).map((f) => f.path)).toEqual([
      'types/src/resources/Resource0.ts',
      'types/src/resources/Resource17.ts',
    ]);
  });

  it('catches a broken branch that only one file of a large folder takes', () => {
    const files = [...resources];
    files[11] = {
      path: files[11]!.path,
      contents: files[11]!.contents.replace('Field11: string;', 'Field11: string = ;'),
    };
    const errors = syntaxErrors(syntaxSample(files));
    expect(errors).toEqual([
      expect.objectContaining({ path: 'types/src/resources/Resource11.ts', line: 6, column: 19 }),
    ]);
  });

  it('samples and parses what sampleInput keeps as it does the files themselves (another thread checks it)', () => {
    const files: GeneratedFile[] = [...resources];
    const [first, eleventh] = [resources[0] as GeneratedFile, resources[11] as GeneratedFile];
    files[11] = { path: eleventh.path, contents: eleventh.contents.replace('Field11: string;', 'Field11: = ;') };
    files[17] = resourceFile('Resource17', [['Notes', 'string', true]]);
    // a file with a proxy in a small folder: only its proxy is kept, and its errors still say it is one
    const proxied = { path: 'server/src/schemas.ts', contents: 'export const big = 1;\n', syntaxProxy: 'const = ;\n' };
    const all = [{ path: 'server/README.md', contents: '# x\n' }, proxied, ...files];
    const input = sampleInput(all);
    expect(input[0]).toEqual({ file: { ...proxied, contents: '' }, sampled: false });
    expect(input.map((e) => [e.file.path, e.sampled])).toEqual(all.slice(1).map((f) => [f.path, f !== proxied]));
    const sample = syntaxSample(all).map((f) => f.path);
    expect(sample).toEqual([proxied.path, first.path, eleventh.path, 'types/src/resources/Resource17.ts']);
    expect(sampleOf(input).map((f) => f.path)).toEqual(sample);
    // the same, entry by entry, as messages bring them
    const pick = createSampler();
    const picked: string[] = [];
    for (const part of [input.slice(0, 5), input.slice(5, 6), input.slice(6)])
      for (const e of part) if (pick(e)) picked.push(e.file.path);
    expect(picked).toEqual(sample);
    const errors = syntaxErrors(syntaxSample(all));
    expect(errors.map((e) => e.path)).toEqual([
      'server/src/schemas.ts (its template rendered with a sample of the data)',
      'types/src/resources/Resource11.ts',
    ]);
    expect(syntaxErrors(sampleOf(input))).toEqual(errors);
  });

  it('samples a folder of few but large files of one template, parsing each branch once', () => {
    const area = (name: string, optional: boolean) => {
      const rows = Array.from(
        { length: 2000 },
        (_, i) => `  route${i}: { method: 'GET', url: '/${name}/r${i}', version: '25.${i % 9}' },`,
      );
      if (optional) rows.push(`  extra?: { method: 'POST' },`);
      return { path: `server/src/routes/${name}.ts`, contents: `export const ${name} = {\n${rows.join('\n')}\n};\n` };
    };
    const areas = [area('inventory', false), area('purchase', false), area('sales', true), area('stock', false)];
    expect(areas.reduce((n, f) => n + f.contents.length, 0)).toBeGreaterThanOrEqual(SAMPLE_FROM_CHARS);
    const index = { path: 'server/src/routes/index.ts', contents: "export * from './inventory.js';\n" };
    expect(syntaxSample([index, ...areas]).map((f) => f.path)).toEqual([
      'server/src/routes/index.ts',
      'server/src/routes/inventory.ts',
      'server/src/routes/sales.ts',
    ]);
    // the same few files, small: parsed whole
    const small = areas.map((f) => ({ ...f, contents: f.contents.slice(0, 2000).replace(/,[^,]*$/, '\n};\n') }));
    expect(syntaxSample(small)).toEqual(small);
  });

  it('always parses a file through its proxy, also in a sampled folder, and never scans its text', () => {
    const proxied = { path: 'types/src/resources/All.ts', contents: 'not scanned = ;\n', syntaxProxy: 'const = ;\n' };
    const input = sampleInput([...resources, proxied]);
    expect(input.at(-1)).toEqual({ file: { ...proxied, contents: '' }, sampled: false });
    expect(syntaxSample([...resources, proxied]).map((f) => f.path)).toEqual([
      'types/src/resources/Resource0.ts',
      proxied.path,
    ]);
  });

  it('parses every file of a small folder, and ignores files that are not TypeScript', () => {
    const small = resources.slice(0, SAMPLE_FROM - 1).map((f) => ({ ...f, path: f.path.replace('resources/', '') }));
    const readme = { path: 'types/README.md', contents: '# x\n' };
    expect(syntaxSample([...small, readme])).toEqual(small);
  });

  it('reduces a line to its shape: words w, strings s, comment lines to their opening', () => {
    expect([
      ...lineShapes('export const a1 = "x\\"y" + \'z\';\n  /** Some (text). */\n  * more\n  */\n// note\nb  :  c;'),
    ]).toEqual(['w w w = s + s;', '/*', '* ', '*/', '//', 'w : w;']);
  });

  it('reads two-byte text code unit by code unit (a character past ASCII is its own code)', () => {
    expect([...lineShapes('const café = \'→\';\n// é\nx = "ü" + y\u2028z;')]).toEqual([
      'w wé = s;',
      '//',
      'w = s + w\u2028w;',
    ]);
  });

  it('gives the whole shape of a line longer than its buffer', () => {
    const long = `type U = ${Array.from({ length: 12_000 }, (_, i) => `'v${i}'`).join(' | ')};`;
    const [shape] = [...lineShapes(`${long}\nx;`)];
    expect(shape).toBe(`w w = ${Array.from({ length: 12_000 }, () => 's').join(' | ')};`);
    expect(shape!.length).toBeGreaterThan(40_000);
  });

  it('reads a string on past a backslash before the newline, as one line, however long it goes on', () => {
    const tail = ' + b'.repeat(60_000); // longer than the buffer the test above grew
    expect([...lineShapes(`const a = 'x\\\ny'${tail};\n\t x  =\t1;\n  `)]).toEqual([
      `w w = s${' + w'.repeat(60_000)};`,
      'w = w;',
      '',
    ]);
  });
});

describe('syntaxErrors', () => {
  it('names the file, the line and the column (both from 1) of a syntax error', () => {
    const errors = syntaxErrors([{ path: 'types/src/x.ts', contents: 'const ok = 1;\nexport type = ;\n' }]);
    expect(errors).toEqual([
      { path: 'types/src/x.ts', line: 2, column: 13, message: expect.stringContaining('identifier') },
    ]);
  });

  it('accepts type-only syntax and skips files that are not TypeScript', () => {
    const ts = {
      path: 'a/x.ts',
      contents:
        'export interface A<T extends string = "a"> { readonly b?: T[]; }\nexport type B = A extends infer U ? U : never;\n',
    };
    expect(syntaxErrors([ts, { path: 'a/x.json', contents: '{' }])).toEqual([]);
  });

  it('syntaxErrorsAsync finds the same errors, every file of the list at once', async () => {
    const files = [
      { path: 'types/src/a.ts', contents: 'export const a = 1;\n' },
      { path: 'types/src/b.ts', contents: 'const ok = 1;\nexport type = ;\n' },
      { path: 'types/src/c.ts', contents: 'export function f( {\n' },
    ];
    expect(await syntaxErrorsAsync(files)).toEqual(syntaxErrors(files));
    expect((await syntaxErrorsAsync(files)).map((e) => e.path)).toEqual(['types/src/b.ts', 'types/src/c.ts']);
  });
});
