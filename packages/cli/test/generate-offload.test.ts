import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import { findGenerators } from '../src/generators.ts';
import { type Offload, startOffload } from '../src/generate/offload.ts';
import { renderTarget } from '../src/generate/pipeline.ts';
import { GenerateError } from '../src/generate/target-folder.ts';
import { REAL_SPEC } from './generate-support.ts';

const specText = readFileSync(REAL_SPEC, 'utf8');
const request = (text = specText) => ({
  specText: text,
  specFile: 'spec/service-api.md',
  outDir: '/nonexistent',
  serviceVersion: null,
  templatesDir: null,
  templatesVersion: 0,
});

let offload: Offload | null = null;
afterEach(async () => {
  await offload?.close();
  offload = null;
});

describe('the watch worker (offload)', () => {
  it('renders a target to the same files as the main thread', async () => {
    offload = startOffload(['openapi', 'server']);
    const files = await offload!.render(request());
    const spec = parseSpec(specText, 'spec/service-api.md').spec;
    const options = { outDir: '/nonexistent', specFile: 'spec/service-api.md', serviceVersion: null };
    const templates = createTemplateEngine();
    expect(files).not.toBeNull();
    for (const g of findGenerators(['openapi', 'server']))
      expect(files!.get(g.target)).toEqual(renderTarget(spec, g, templates, options));
    // Files of fragments come over as fragments (posted without their joined text), the proxy kept.
    const schemas = files!.get('server')!.find((f) => f.path === 'server/src/schemas.ts')!;
    expect(schemas.chunks?.length).toBeGreaterThan(1);
    expect(schemas.syntaxProxy).toBeDefined();
    expect(files!.get('openapi')!.find((f) => f.path === 'openapi/openapi.json')!.chunks?.length).toBeGreaterThan(1);
  }, 60_000);

  it('answers null for a spec with errors (the main thread reports them)', async () => {
    offload = startOffload(['openapi']);
    const row = '| WarrantyMonths | Int32 | Warranty length in months. | 2.36 |\n';
    expect(specText).toContain(row);
    expect(await offload!.render(request(specText.replace(row, row + row)))).toBeNull();
  }, 60_000);

  it('passes a generator error on as a GenerateError', async () => {
    offload = startOffload(['no-such-target']);
    await expect(offload!.render(request())).rejects.toThrow(GenerateError);
  }, 60_000);

  it('answers null once stopped, so the main thread renders the target itself', async () => {
    offload = startOffload(['openapi']);
    await offload!.close();
    expect(await offload!.render(request())).toBeNull();
  }, 60_000);
});
