/**
 * The published CLI, used as a new user would: `@specgen/cli` and every `@specgen/*` (and
 * generated) workspace package it depends on are packed with `pnpm pack` (prepack builds dist/
 * and copies the built-in templates into the CLI), installed from the tarballs into a fresh npm
 * project outside the workspace, and run there with `npx specgen`. Nothing in that project can
 * reach the repository: no tsx, no sources, no `templates/` folder of the repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { must } from './process-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The environment of a user's shell: no source condition, no workspace. */
function userEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, npm_config_update_notifier: 'false' };
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeout = 300_000,
): { status: number; output: string; stdout: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: userEnv() });
  return {
    status: result.status ?? 1,
    stdout: result.stdout ?? '',
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
}

/** Folder of every workspace package by name. */
function workspacePackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const group of ['packages', 'generated']) {
    for (const dir of readdirSync(join(ROOT, group))) {
      const file = join(ROOT, group, dir, 'package.json');
      if (existsSync(file))
        found.set((JSON.parse(readFileSync(file, 'utf8')) as Manifest).name, join(ROOT, group, dir));
    }
  }
  return found;
}

/** @specgen/cli and the workspace packages it needs at run time (dependencies, transitively). */
function closure(start: string): string[] {
  const all = workspacePackages();
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !all.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(all.get(name)!, 'package.json'), 'utf8')) as Manifest;
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep);
  };
  visit(start);
  return [...seen].sort().map((name) => all.get(name)!);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** The generated files committed in the repository (not its build output or caches). */
function committedGenerated(): string[] {
  const listed = spawnSync('git', ['ls-files', 'generated'], { cwd: ROOT, encoding: 'utf8' }).stdout;
  return listed
    .split('\n')
    .filter(Boolean)
    .map((p) => p.slice('generated/'.length))
    .sort();
}

let work: string;
let project: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'specgen-cli-package-'));
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const dir of closure('@specgen/cli'))
    must(run('pnpm', ['pack', '--pack-destination', tarballs], dir), `pnpm pack in ${relative(ROOT, dir)}`);
  project = join(work, 'project');
  mkdirSync(join(project, 'spec'), { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'cli-user', version: '1.0.0', private: true }, null, 2),
  );
  cpSync(join(ROOT, 'spec/service-api.md'), join(project, 'spec/service-api.md'));
  const files = readdirSync(tarballs)
    .filter((f) => f.endsWith('.tgz'))
    .map((f) => join(tarballs, f));
  must(
    run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...files],
      project,
      600_000,
    ),
    'npm install of the tarballs',
  );
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('@specgen/cli packed and installed in a fresh npm project', () => {
  it('ships compiled code and its templates, without sources or tests', () => {
    const cli = join(project, 'node_modules/@specgen/cli');
    expect(existsSync(join(cli, 'dist/main.js'))).toBe(true);
    // What the bin runs: the bundled CLI (scripts/bundle.mjs), and `generate` as one script for the code
    // cache, holding the precompiled templates (functions, not JavaScript text evaluated at run time).
    expect(existsSync(join(cli, 'bundle/main.js'))).toBe(true);
    expect(readFileSync(join(cli, 'bundle/generate-command.cjs'), 'utf8')).toContain('"types/index.ts": {');
    expect(existsSync(join(cli, 'bundle/precompiled-templates.json'))).toBe(false);
    expect(existsSync(join(cli, 'templates/server/package.json.hbs'))).toBe(true);
    expect(existsSync(join(cli, 'src'))).toBe(false);
    expect(existsSync(join(cli, 'test'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8')) as Manifest;
    expect(JSON.stringify(manifest.dependencies)).not.toContain('workspace:');
  });

  it('prints its version and help', () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as Manifest;
    const printed = run('npx', ['--no-install', 'specgen', '--version'], project);
    must(printed, 'specgen --version');
    expect(printed.stdout.trim()).toBe(version.version);
    expect(
      must(run('npx', ['--no-install', 'specgen', 'generate', '--help'], project), 'specgen generate --help'),
    ).toContain('usage: specgen generate');
  });

  it('generates the same packages as the repository, byte for byte, with real version ranges', () => {
    must(
      run(
        'npx',
        ['--no-install', 'specgen', 'generate', '--spec', 'spec/service-api.md', '--out', 'generated'],
        project,
      ),
      'specgen generate',
    );
    const out = join(project, 'generated');
    const files = filesUnder(out);
    expect(files).toEqual(committedGenerated());
    for (const file of files)
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(ROOT, 'generated', file), 'utf8'));
    for (const target of ['types', 'validators', 'openapi', 'client', 'server']) {
      expect(readFileSync(join(out, target, 'package.json'), 'utf8'), target).not.toContain('workspace:');
    }
    expect(
      must(run('npx', ['--no-install', 'specgen', 'generate', '--check'], project), 'specgen generate --check'),
    ).toMatch(/files are current/);
  }, 120_000);

  it('names the generated packages from specgen.config.json', () => {
    writeFileSync(
      join(project, 'specgen.config.json'),
      JSON.stringify({ packageScope: '@acme-api', packageNames: { server: '@acme/sandbox' } }),
    );
    must(
      run('npx', ['--no-install', 'specgen', 'generate', '--out', 'renamed', '--quiet'], project),
      'specgen generate (renamed)',
    );
    const read = (target: string) =>
      JSON.parse(readFileSync(join(project, 'renamed', target, 'package.json'), 'utf8')) as Manifest;
    expect(read('types').name).toBe('@acme-api/types');
    expect(read('server').name).toBe('@acme/sandbox');
    expect(Object.keys(read('client').dependencies ?? {})).toEqual(
      expect.arrayContaining(['@acme-api/types', '@acme-api/validators']),
    );
    expect(readFileSync(join(project, 'renamed/client/src/client.ts'), 'utf8')).toContain(
      "from '@acme-api/validators'",
    );
    rmSync(join(project, 'specgen.config.json'));
  }, 120_000);

  it('renders a --templates override (Handlebars compiles it; built-in templates need only its runtime)', () => {
    mkdirSync(join(project, 'my-templates/types'), { recursive: true });
    writeFileSync(
      join(project, 'my-templates/types/references.ts.hbs'),
      '{{#each references}}\nexport type {{typeName}} = { Id: bigint }; // override\n{{/each}}\n',
    );
    must(
      run(
        'npx',
        ['--no-install', 'specgen', 'generate', '--only', 'types', '--templates', 'my-templates', '--out', 'own'],
        project,
      ),
      'specgen generate --templates',
    );
    expect(readFileSync(join(project, 'own/types/src/references.ts'), 'utf8')).toMatch(
      /^export type \w+ = \{ Id: bigint \}; \/\/ override$/m,
    );
  }, 120_000);

  it('reports a missing spec file as a clear error, not a crash', () => {
    const result = run('npx', ['--no-install', 'specgen', 'generate', '--spec', 'nope.md'], project);
    expect(result.status).toBe(2);
    expect(result.output).toMatch(/cannot read nope\.md/);
  });
});
