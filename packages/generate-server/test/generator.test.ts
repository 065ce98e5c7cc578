import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { createTemplateEngine, GENERATED_MARKER, syntaxErrors } from '@specgen/generate-core';
import { parseSpecFile } from '@specgen/parser';
import { routes, signInSchemas } from '@specgen/contract';
import { generateServer } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const run = (serviceVersion: string | null) =>
  generateServer({
    spec,
    templates: createTemplateEngine(),
    options: { serviceVersion, specFile: 'spec/service-api.md', packageVersion: '1.2.3' },
  });
const file = (files: ReturnType<typeof run>, path: string) => files.find((f) => f.path === path)!.contents;

interface SchemasModule {
  schemas: Record<string, { body?: unknown; response: Record<string, unknown> }>;
  components: Record<string, unknown>;
}
/** The generated schemas.ts, evaluated (its only import is a type, erased). */
async function evaluate(text: string): Promise<SchemasModule> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-server-schemas-'));
  try {
    writeFileSync(join(dir, 'schemas.ts'), text);
    return (await import(pathToFileURL(join(dir, 'schemas.ts')).href)) as SchemasModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('generate-server', () => {
  it('writes the package, the route modules, handlers, schemas, server and the IR snapshot, each marked as generated', () => {
    const files = run(null);
    expect(files.map((f) => f.path).sort()).toEqual([
      'server/README.md',
      'server/ir.json',
      'server/package.json',
      'server/scripts/bundle.mjs',
      'server/src/handlers.ts',
      'server/src/index.ts',
      'server/src/main.ts',
      'server/src/routes/commands.ts',
      'server/src/routes/index.ts',
      'server/src/routes/inventory.ts',
      'server/src/routes/manufacturing.ts',
      'server/src/routes/purchase.ts',
      'server/src/routes/sales.ts',
      'server/src/routes/sign-in.ts',
      'server/src/routes/time-recording.ts',
      'server/src/schemas.ts',
      'server/src/server.ts',
      'server/src/service.ts',
      'server/tsconfig.json',
    ]);
    for (const f of files) expect(f.contents).toContain(GENERATED_MARKER);
    const pkg = JSON.parse(file(files, 'server/package.json'));
    expect(pkg).toMatchObject({
      name: '@service-api/server',
      version: '1.2.3',
      scripts: {
        start: 'node dist/main.js',
        service: 'node dist/service.js',
        build: 'tsc -p tsconfig.json && node scripts/bundle.mjs',
      },
    });
    // The build bundles the two programs with esbuild, a build tool only (not deployed with --prod).
    expect(pkg.devDependencies).toHaveProperty('esbuild');
    expect(pkg.dependencies).not.toHaveProperty('esbuild');
    expect(file(files, 'server/scripts/bundle.mjs')).toContain(
      "entryPoints: { main: join(PACKAGE, 'src/main.ts'), service: join(PACKAGE, 'src/service.ts') }",
    );
    // Real ranges (the @specgen packages release together), never workspace:; no tsx at run time.
    expect(pkg.dependencies).toMatchObject({
      '@service-api/types': '^1.2.3',
      '@specgen/ir': '^0.1.0',
      '@specgen/runtime-server': '^0.1.0',
    });
    expect(JSON.stringify(pkg)).not.toMatch(/workspace:|tsx/);
    expect(file(files, 'server/src/server.ts')).toContain('export const GENERATED_VERSION = "26.8";');
  });

  it('names the package from the options (specgen.config.json)', () => {
    const files = generateServer({
      spec,
      templates: createTemplateEngine(),
      options: {
        serviceVersion: null,
        specFile: 'spec/service-api.md',
        packageVersion: '2.0.0',
        packageNames: { server: '@acme/sandbox', types: '@acme/types' },
      },
    });
    expect(JSON.parse(file(files, 'server/package.json'))).toMatchObject({ name: '@acme/sandbox', version: '2.0.0' });
    expect(file(files, 'server/src/handlers.ts')).toContain("from '@acme/types'");
    expect(JSON.parse(file(files, 'server/package.json')).dependencies).toHaveProperty('@acme/types');
  });

  it('the README runs it with pnpm in the workspace and with npm in a deployed folder, through scripts the package has', () => {
    const files = run(null);
    const readme = file(files, 'server/README.md');
    const scripts = Object.keys(JSON.parse(file(files, 'server/package.json')).scripts as Record<string, string>);
    expect(readme).toMatch(/^npm start +#/m);
    expect(readme).toMatch(/^npm run service -- users add /m);
    expect(readme).toMatch(/^pnpm --filter @service-api\/server start +#/m);
    const named = [
      ...[...readme.matchAll(/^(?:.*\s)?npm (start|run \S+)/gm)].map((m) => m[1]!.replace(/^run /, '')),
      ...[...readme.matchAll(/^(?:.*\s)?pnpm --filter \S+ (?:run )?(\w+)/gm)].map((m) => m[1]!),
    ];
    expect(new Set(named)).toEqual(new Set(['start', 'service', 'build']));
    for (const script of named) expect(scripts).toContain(script);
  });

  it('a one-shot run (no memos kept, a literal table of its own) writes the same files', () => {
    const own = structuredClone(spec);
    const files = (oneShot: boolean) =>
      generateServer({
        spec: own,
        templates: createTemplateEngine(),
        options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1.2.3' },
        oneShot,
      }).map((f) => [f.path, f.contents]);
    expect(files(true)).toEqual(files(false));
  });

  it('is deterministic', () => {
    expect(run(null)).toEqual(run(null));
  });

  it('lists every route of the contract once, in its area module, calling its handler', () => {
    const files = run(null);
    const modules = files
      .filter((f) => f.path.startsWith('server/src/routes/') && !f.path.endsWith('/index.ts'))
      .map((f) => f.contents)
      .join('\n');
    const listed = [...modules.matchAll(/operationId: '(\w+)'/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      routes(spec, '26.8')
        .map((r) => r.operationId)
        .sort(),
    );
    const inventory = file(files, 'server/src/routes/inventory.ts');
    expect(inventory).toContain("url: '/api/v1/Inventory/ProductRecords/:Id',");
    expect(inventory).toContain("permission: 'Show serial number',");
    expect(inventory).toContain('handler: (request, tools) => handlers.ProductRecords.get(request, tools),');
    expect(file(files, 'server/src/routes/sign-in.ts')).toContain(
      'handler: (request, reply, tools) => handlers.SignIn.totpLogin(request, reply, tools),',
    );
  });

  it('types the handlers with @service-api/types: records at the generated version, request bodies from the payload schemas', () => {
    const newest = file(run(null), 'server/src/handlers.ts');
    expect(newest).toContain('ProductRecords: ResourceHandlers<ProductRecord>;');
    expect(newest).toContain('totpLogin: SignInHandler<{ MfaToken: string; Code: number }, Record<string, never>>;');
    expect(newest).toContain('oidcCallback: SignInHandler<undefined, { code?: string; state?: string }>;');
    const old = file(run('22.6'), 'server/src/handlers.ts');
    expect(old).toContain("ProductRecords: ResourceHandlers<ProductRecordAt<'22.6'>>;");
    expect(old).not.toContain('oidcInitiate');
    expect(old).not.toContain('CustomerOrderRowInflows');
  });

  it("the schemas are the contract's: the request body the runtime validates with, every status of every route", async () => {
    const text = file(run(null), 'server/src/schemas.ts');
    const module = await evaluate(text);
    const body = (operationId: string) => module.schemas[operationId]!;
    expect(body('login').body).toEqual(JSON.parse(JSON.stringify(signInSchemas(spec).loginRequest)));
    expect(body('totpLogin').body).toEqual(JSON.parse(JSON.stringify(signInSchemas(spec).totpLoginRequest)));
    for (const route of routes(spec, '26.8'))
      expect(Object.keys(body(route.operationId).response)).toEqual(Object.keys(route.responses));
    expect(body('listProductRecords').response['200']).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ProductRecordPartial' },
    });
    // Every $ref points into `components` of the same file.
    const defined = new Set(Object.keys(module.components));
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/(\w+)/g)].map((m) => m[1]));
    expect(referenced).toContain('ProductRecordPartial');
    expect(referenced).toContain('ProductRecord');
    for (const name of referenced) expect(defined.has(name!), name).toBe(true);
  });

  it('writes a schema used more than once a single time, as a constant the routes name', async () => {
    const text = file(run(null), 'server/src/schemas.ts');
    const module = await evaluate(text);
    const messages = Object.values(module.schemas)
      .map((s) => JSON.stringify(s.response['401']))
      .filter((m) => m !== undefined);
    expect(new Set(messages).size).toBeLessThan(messages.length);
    // No object of 40+ characters appears twice in the text: each is a constant, named where it recurs.
    const declared = [...text.matchAll(/^const (s[0-9a-z]{8}(?:_\d+)?) = /gm)].map((m) => m[1]!);
    expect(declared.length).toBeGreaterThan(0);
    for (const name of declared)
      expect(text.match(new RegExp(`\\b${name}\\b(?! =)`, 'g'))!.length, name).toBeGreaterThan(1);
    // Routes with the same 400 message schema share one object.
    expect(module.schemas.listProductRecords!.response['400']).toBe(module.schemas.getProductRecord!.response['400']);
    // The same input gives the same text.
    expect(file(run(null), 'server/src/schemas.ts')).toBe(text);
  });

  it('the routes follow the service version', () => {
    const paths = (v: string | null) =>
      [
        ...run(v)
          .filter((f) => f.path.includes('/routes/'))
          .map((f) => f.contents)
          .join('\n')
          .matchAll(/path: '([^']+)'/g),
      ].map((m) => m[1]);
    expect(paths(null)).toContain('/{languageCode}/{companyNumber}/login/oidc');
    expect(paths('25.7')).not.toContain('/{languageCode}/{companyNumber}/login/oidc');
    expect(paths('23.2').some((u) => u!.endsWith('/Sales/CustomerOrderRowInflows'))).toBe(false);
    expect(paths('23.3').some((u) => u!.endsWith('/Sales/CustomerOrderRowInflows'))).toBe(true);
  });
});

describe('generate-server between watch edits', () => {
  // One engine for the runs of a watch session (files rendered from the same things are kept), a new
  // one for the render from scratch it is compared with.
  const engine = createTemplateEngine();
  const render = (s: typeof spec, templates = engine) =>
    generateServer({
      spec: s,
      templates,
      options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' },
    });
  it('gives after each edit of a shared spec what a render of new IR objects gives', () => {
    let current = structuredClone(spec);
    render(current);
    const edits: Array<(s: typeof spec) => typeof spec> = [
      (s) => ({
        ...s,
        resources: s.resources.map((r, i) =>
          i === 1
            ? {
                ...r,
                fields: r.fields.map((f, j) =>
                  j === 2 ? { ...f, notes: 'Edited.', type: { ...f.type, nullable: !f.type.nullable } } : f,
                ),
              }
            : r,
        ),
      }),
      // A route of an area changes (its permission), the area's title does not.
      (s) => ({
        ...s,
        resources: s.resources.map((r, i) => (i === 1 ? { ...r, permission: 'Edited permission' } : r)),
      }),
      (s) => ({ ...s, resources: s.resources.filter((_, i) => i !== 0) }),
      (s) => ({
        ...s,
        resources: [
          ...s.resources,
          { ...structuredClone(s.resources[0]!), name: 'AddedRecords', path: 'Sales/AddedRecords' },
        ],
      }),
      (s) => ({
        ...s,
        structures: s.structures.map((st, i) => (i === 0 ? { ...st, description: 'Edited structure.' } : st)),
      }),
    ];
    for (const edit of edits) {
      current = edit(current);
      const files = render(current);
      expect(files).toEqual(render(structuredClone(current), createTemplateEngine()));
    }
    expect(file(render(current), 'server/src/schemas.ts')).toContain('AddedRecord');
  });
});

describe('schemas.ts syntax proxy', () => {
  const schemasOf = (templatesDir?: string) =>
    generateServer({
      spec,
      templates: createTemplateEngine(templatesDir),
      options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' },
    }).find((f) => f.path === 'server/src/schemas.ts')!;

  it('is the template rendered with a few rows and constants, and parses as the file does', () => {
    const f = schemasOf();
    expect(f.syntaxProxy!.length).toBeLessThan(f.contents.length / 5);
    expect(f.syntaxProxy).toContain('export const components');
    expect(syntaxErrors([{ path: 'a.ts', contents: f.contents }])).toEqual([]);
    expect(syntaxErrors([f])).toEqual([]);
  });

  it('fails the check where a template override breaks the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-server-templates-'));
    try {
      const original = readFileSync(join(import.meta.dirname, '../../../templates/server/schemas.ts.hbs'), 'utf8');
      mkdirSync(join(dir, 'server'));
      writeFileSync(join(dir, 'server/schemas.ts.hbs'), original.replace('{{/each}}\n}', '{{/each}}\n'));
      const f = schemasOf(dir);
      expect(syntaxErrors([{ path: 'full.ts', contents: f.contents }]).length).toBeGreaterThan(0);
      const errors = syntaxErrors([f]);
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]!.path).toBe('server/src/schemas.ts (its template rendered with a sample of the data)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('generate-server JSON output', () => {
  it('does not depend on the key order of the IR', () => {
    const reversed = JSON.parse(
      JSON.stringify(spec, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    );
    const a = generateServer({
      spec,
      templates: createTemplateEngine(),
      options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' },
    });
    const b = generateServer({
      spec: reversed,
      templates: createTemplateEngine(),
      options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' },
    });
    expect(b.find((f) => f.path === 'server/ir.json')).toEqual(a.find((f) => f.path === 'server/ir.json'));
  });
});
