/**
 * The packed-consumer test: the generated types, validators, openapi and client packages are
 * built with tsc, packed with `pnpm pack`, and installed from their tarballs into a fresh npm
 * project outside the workspace, whose consumer (test/consumer/index.ts) uses every package;
 * tsc type-checks it and node runs it. A package whose exports, types or code are broken fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { must } from './process-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./consumer/', import.meta.url));
const PACKAGES = ['types', 'validators', 'openapi', 'client'] as const;
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** Runtime dependencies of the generated packages, linked from the workspace for the build only. */
const BUILD_DEPENDENCIES: Record<string, string> = {
  zod: 'generate-client',
  'lossless-json': 'generate-client',
  otpauth: 'generate-client',
};

function run(command: string, args: string[], cwd: string, timeout = 300_000): { status: number; output: string } {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return {
    status: result.status ?? 1,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

let work: string;
let consumer: string;

/** Copies generated/<pkg> into a scratch workspace (node_modules links as pnpm would make them), builds and packs it. */
function buildAndPack(): string[] {
  const pkgs = join(work, 'pkgs');
  const tarballs = join(work, 'tarballs');
  mkdirSync(join(pkgs, 'node_modules', '@service-api'), { recursive: true });
  mkdirSync(tarballs);
  writeFileSync(join(pkgs, 'pnpm-workspace.yaml'), 'packages:\n  - "*"\n');
  for (const [dep, from] of Object.entries(BUILD_DEPENDENCIES))
    symlinkSync(join(ROOT, 'packages', from, 'node_modules', dep), join(pkgs, 'node_modules', dep), 'dir');
  for (const name of PACKAGES) {
    cpSync(join(ROOT, 'generated', name), join(pkgs, name), {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
    });
    symlinkSync(join(pkgs, name), join(pkgs, 'node_modules', '@service-api', name), 'dir');
    // pnpm pack turns `workspace:` dependencies into versions through these links.
    mkdirSync(join(pkgs, name, 'node_modules', '@service-api'), { recursive: true });
    for (const other of PACKAGES)
      if (other !== name)
        symlinkSync(join(pkgs, other), join(pkgs, name, 'node_modules', '@service-api', other), 'dir');
  }
  for (const name of PACKAGES) {
    must(run(process.execPath, [TSC, '-p', join(pkgs, name, 'tsconfig.json')], pkgs), `tsc -p generated/${name}`);
    must(run('pnpm', ['pack', '--pack-destination', tarballs], join(pkgs, name)), `pnpm pack ${name}`);
  }
  return readdirSync(tarballs)
    .filter((f) => f.endsWith('.tgz'))
    .sort()
    .map((f) => join(tarballs, f));
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'specgen-consumer-'));
  const tarballs = buildAndPack();
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  cpSync(join(FIXTURE, 'index.ts'), join(consumer, 'index.ts'));
  cpSync(join(FIXTURE, 'tsconfig.json'), join(consumer, 'tsconfig.json'));
  must(
    run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...tarballs,
        'typescript@~6.0.0',
        '@types/node@^20.19.0',
      ],
      consumer,
      600_000,
    ),
    'npm install of the tarballs',
  );
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packed packages in a fresh npm project', () => {
  it('installs every package from its tarball, with real versions instead of workspace: ranges', () => {
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; resolved?: string; dependencies?: Record<string, string> }>;
    };
    for (const name of PACKAGES)
      expect(lock.packages[`node_modules/@service-api/${name}`]?.resolved, name).toMatch(/\.tgz$/);
    const client = JSON.parse(
      readFileSync(join(consumer, 'node_modules/@service-api/client/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(client.dependencies['@service-api/types']).toMatch(/^\^?\d+\.\d+\.\d+$/);
  });

  it('type-checks the consumer with tsc', () => {
    must(
      run(process.execPath, [join(consumer, 'node_modules/typescript/bin/tsc'), '-p', '.'], consumer),
      'tsc of the consumer',
    );
  }, 300_000);

  it('runs the consumer with node', () => {
    const output = must(run(process.execPath, ['dist/index.js'], consumer, 60_000), 'node dist/index.js');
    expect(output).toMatch(/^consumer ok: \d+ operations, 2 records/m);
    expect(output).toMatch(/^consumer ok: no answer is a NetworkError$/m);
  }, 120_000);

  it('require()s every package from CommonJS (the default condition; Node >= 20.19 loads ESM synchronously)', () => {
    writeFileSync(
      join(consumer, 'require.cjs'),
      [
        "const { parseJson } = require('@service-api/validators');",
        "const { createClient } = require('@service-api/client');",
        "const openapi = require('@service-api/openapi');",
        "require('@service-api/types');",
        'console.log(`cjs ok: ${typeof parseJson} ${typeof createClient} ${Object.keys(openapi).length > 0}`);',
      ].join('\n'),
    );
    const output = must(run(process.execPath, ['require.cjs'], consumer, 60_000), 'node require.cjs');
    expect(output).toMatch(/^cjs ok: function function true$/m);
  }, 120_000);

  it('fails when a package is broken (the openapi package without its JSON export)', () => {
    const manifest = join(consumer, 'node_modules/@service-api/openapi/package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, unknown> };
    delete pkg.exports['./openapi.json'];
    writeFileSync(manifest, JSON.stringify(pkg));
    const result = run(process.execPath, ['dist/index.js'], consumer, 60_000);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/ERR_PACKAGE_PATH_NOT_EXPORTED|not exported/);
  }, 120_000);
});
