import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine, GENERATED_MARKER } from '@specgen/generate-core';
import { parseSpecFile } from '@specgen/parser';
import { signInSchemas } from '@specgen/contract';
import { generateServer } from '../src/index.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const run = (serviceVersion: string | null) =>
  generateServer({ spec, templates: createTemplateEngine(), options: { serviceVersion, specFile: 'spec/service-api.md', packageVersion: '1.2.3' } });
const file = (files: ReturnType<typeof run>, path: string) => files.find((f) => f.path === path)!.contents;

describe('generate-server', () => {
  it('writes the package, main.ts, the IR snapshot and the schemas, each marked as generated', () => {
    const files = run(null);
    expect(files.map((f) => f.path).sort()).toEqual([
      'server/README.md', 'server/ir.json', 'server/package.json', 'server/schemas/routes.json',
      'server/schemas/sign-in.json', 'server/src/main.ts', 'server/tsconfig.json',
    ]);
    for (const f of files) expect(f.contents).toContain(GENERATED_MARKER);
    const pkg = JSON.parse(file(files, 'server/package.json'));
    expect(pkg).toMatchObject({ name: '@service-api/server', version: '1.2.3', scripts: { start: 'tsx src/main.ts' } });
    expect(file(files, 'server/src/main.ts')).toContain('const GENERATED_VERSION = "26.8";');
  });

  it('is deterministic', () => {
    expect(run(null)).toEqual(run(null));
  });

  it('the schemas on disk are the ones the runtime validates with', () => {
    const { '//': _m, ...onDisk } = JSON.parse(file(run(null), 'server/schemas/sign-in.json'));
    expect(onDisk).toEqual(JSON.parse(JSON.stringify(signInSchemas(spec))));
    expect(onDisk.totpLoginRequest.properties.Code.type).toBe('integer');
    expect(onDisk.loginRequest.required).toEqual(['Username', 'Password']);
  });

  it('the route table follows the service version', () => {
    const urls = (v: string | null) => JSON.parse(file(run(v), 'server/schemas/routes.json')).routes.map((r: { path: string }) => r.path) as string[];
    expect(urls(null)).toContain('/{languageCode}/{companyNumber}/login/oidc');
    expect(urls('25.7')).not.toContain('/{languageCode}/{companyNumber}/login/oidc');
    expect(urls('23.2').some((u) => u.endsWith('/Sales/CustomerOrderRowInflows'))).toBe(false);
    expect(urls('23.3').some((u) => u.endsWith('/Sales/CustomerOrderRowInflows'))).toBe(true);
    const product = JSON.parse(file(run(null), 'server/schemas/routes.json')).routes.find((r: { path: string }) => r.path.endsWith('/Inventory/ProductRecords'));
    expect(product).toMatchObject({ method: 'GET', permission: 'Show serial number', access: 'permission', operationId: 'listProductRecords' });
  });
});

describe('generate-server JSON output', () => {
  it('does not depend on the key order of the IR', () => {
    const reversed = JSON.parse(JSON.stringify(spec, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
    const a = generateServer({ spec, templates: createTemplateEngine(), options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' } });
    const b = generateServer({ spec: reversed, templates: createTemplateEngine(), options: { serviceVersion: null, specFile: 'spec/service-api.md', packageVersion: '1' } });
    expect(b.find((f) => f.path === 'server/ir.json')).toEqual(a.find((f) => f.path === 'server/ir.json'));
  });
});
