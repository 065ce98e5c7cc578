import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePackageNames } from '@specgen/generate-core';
import { checkConfig, loadConfig } from '../src/generate/config.ts';
import { TARGETS } from '../src/commands/help/targets.ts';
import { generators } from '../src/generators.ts';

const dir = (files: Record<string, string>) => {
  const d = mkdtempSync(join(tmpdir(), 'specgen-config-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  return d;
};

describe('specgen.config.*', () => {
  it('is optional: no file gives the defaults', async () => {
    const config = await loadConfig(dir({}));
    expect(config).toEqual({ file: null });
    expect(resolvePackageNames(TARGETS, config)).toMatchObject({
      types: '@service-api/types',
      server: '@service-api/server',
    });
  });

  it('reads packageScope and packageNames from specgen.config.json', async () => {
    const config = await loadConfig(
      dir({
        'specgen.config.json': JSON.stringify({ packageScope: '@acme-api', packageNames: { server: '@acme/sandbox' } }),
      }),
    );
    expect(resolvePackageNames(TARGETS, config)).toEqual({
      types: '@acme-api/types',
      validators: '@acme-api/validators',
      openapi: '@acme-api/openapi',
      client: '@acme-api/client',
      server: '@acme/sandbox',
    });
  });

  it('reads the default export of specgen.config.mjs', async () => {
    const config = await loadConfig(dir({ 'specgen.config.mjs': "export default { packageScope: '@from-js' };\n" }));
    expect(config.packageScope).toBe('@from-js');
  });

  it.each([
    [{ packageScope: 'acme' }, /packageScope must be an npm scope/],
    [{ packageNames: { client: 'Not A Name' } }, /packageNames\.client is not an npm package name/],
    [{ scope: '@x' }, /unknown setting\(s\) scope/],
    [[], /expected an object/],
  ])('refuses %j with a message', (value, message) => {
    expect(() => checkConfig(value, 'specgen.config.json')).toThrow(message);
  });

  it('reports a config file that is not valid JSON with its name', async () => {
    await expect(loadConfig(dir({ 'specgen.config.json': '{ nope' }))).rejects.toThrow(/^specgen\.config\.json: /);
  });

  it('the help text lists exactly the registered targets', () => {
    expect([...TARGETS]).toEqual(generators.map((g) => g.target));
  });
});
