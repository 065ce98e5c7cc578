/**
 * `specgen check-release` as users run it: usage errors and unreadable inputs exit 2 with a clear
 * message, `--help` has examples, and a spec with errors is refused before anything is checked.
 * The gate's verdicts (changesets, major bumps, stale files) run end to end in
 * tools/test/workflow-review.test.ts; its rules are tabled in packages/diff/test/release-check.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { specRepo } from '@specgen/diff/testing';
import { specgenArgv } from '../../../tools/dev/built.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** This checkout's CLI: the compiled bin when its build is current, else tsx on the sources (built.mjs). */
const [command, ...commandArgs] = specgenArgv(ROOT);

function cli(args: string[], cwd = ROOT) {
  return spawnSync(command!, [...commandArgs, 'check-release', ...args], { cwd, encoding: 'utf8' });
}

describe('specgen check-release: usage and bad input', () => {
  const spec = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
  const repo = specRepo(spec, `${spec}\n`);
  afterAll(() => repo.remove());

  it('--help: what it checks, its exit status and examples', () => {
    const r = cli(['--help']);
    expect(r.status).toBe(0);
    for (const text of [
      'changeset-missing',
      'major-bump-missing',
      'generated-stale',
      'exit status: 0 passed, 1',
      'pnpm specgen check-release --base origin/main',
    ]) {
      expect(r.stdout).toContain(text);
    }
  }, 60_000);

  it.each([
    [[], '--base <git-ref> is required'],
    [['--base', 'main', '--format', 'yaml'], '--format must be one of text, markdown, json, github; got "yaml"'],
    [['--base', 'main', 'extra.md'], 'unexpected argument "extra.md"'],
    [['--base', 'main', '--fail-on', 'none'], "Unknown option '--fail-on'"],
  ])(
    'bad usage %j exits 2: %s',
    (args, message) => {
      const r = cli(args as string[], repo.dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    },
    60_000,
  );

  it('an unknown git ref exits 2 and names it', () => {
    const r = cli(['--base', 'origin/nope'], repo.dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*service-api\.md at origin\/nope/);
  }, 60_000);

  it('a spec file that does not exist exits 2 and names the nearest spec', () => {
    const r = cli(['--base', 'origin/main', '--spec', 'nope.md'], repo.dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'specgen check-release: cannot read nope.md: no such file; did you mean spec/service-api.md?\n',
    );
  }, 60_000);

  it('a spec with errors exits 2 with its diagnostics, before any check', () => {
    writeFileSync(join(repo.dir, 'spec/service-api.md'), spec.replace('| Dock | String |', '| Dock | Strnig |'));
    const r = cli(['--base', 'origin/main'], repo.dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/spec\/service-api\.md has \d+ error\(s\):\n.*spec\/service-api\.md:\d+:\d+: error/);
    expect(r.stdout).toBe('');
  }, 60_000);
});

describe('specgen diff --changeset and check-release: the package names of specgen.config.json', () => {
  const FIX = join(ROOT, 'packages/diff/test/fixtures');
  const repo = specRepo(
    readFileSync(join(FIX, 'base.md'), 'utf8'),
    readFileSync(join(FIX, 'resources/new.md'), 'utf8'),
  );
  afterAll(() => repo.remove());
  const specgen = (args: string[]) =>
    spawnSync(command!, [...commandArgs, ...args], { cwd: repo.dir, encoding: 'utf8' });

  it('a renamed scope (and one renamed package) is what the changeset names and what the gate expects', () => {
    writeFileSync(
      join(repo.dir, 'specgen.config.json'),
      JSON.stringify({ packageScope: '@acme-api', packageNames: { client: '@acme/sdk' } }),
    );
    const generate = specgen(['generate']);
    expect(generate.status, generate.stderr).toBe(0);
    const diff = specgen(['diff', '--base', 'origin/main', 'spec/service-api.md', '--changeset', '--fail-on', 'none']);
    expect(diff.status, diff.stderr).toBe(0);
    const [file] = readdirSync(join(repo.dir, '.changeset'));
    // the configured names, in the generators' order; the private sandbox server is not versioned
    expect(readFileSync(join(repo.dir, '.changeset', file!), 'utf8')).toMatch(
      /^---\n"@acme-api\/types": major\n"@acme-api\/validators": major\n"@acme-api\/openapi": major\n"@acme\/sdk": major\n---\n/,
    );
    const check = specgen(['check-release', '--base', 'origin/main', '--format', 'json']);
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).packages).toEqual([
      '@acme-api/types',
      '@acme-api/validators',
      '@acme-api/openapi',
      '@acme/sdk',
    ]);
    // --package-scope wins over the file's scope (its packageNames.client stays): the generated manifests
    // are stale and the changeset releases none of the rescoped packages
    const other = specgen(['check-release', '--base', 'origin/main', '--format', 'json', '--package-scope', '@other']);
    expect(other.status).toBe(1);
    const verdict = JSON.parse(other.stdout) as { reasons: { code: string; packages: string[]; files: string[] }[] };
    expect(verdict.reasons.map((r) => r.code).sort()).toEqual([
      'changeset-missing',
      'generated-stale',
      'major-bump-missing',
    ]);
    expect(verdict.reasons.find((r) => r.code === 'changeset-missing')!.packages).toEqual([
      '@other/types',
      '@other/validators',
      '@other/openapi',
    ]);
    expect(verdict.reasons.find((r) => r.code === 'generated-stale')!.files).toContain('generated/types/package.json');
    const rescoped = specgen([
      'diff',
      '--base',
      'origin/main',
      'spec/service-api.md',
      '--changeset=other-cs',
      '--fail-on',
      'none',
      '--package-scope',
      '@other',
    ]);
    expect(rescoped.status, rescoped.stderr).toBe(0);
    const [otherFile] = readdirSync(join(repo.dir, 'other-cs'));
    expect(readFileSync(join(repo.dir, 'other-cs', otherFile!), 'utf8')).toMatch(
      /^---\n"@other\/types": major\n"@other\/validators": major\n"@other\/openapi": major\n"@acme\/sdk": major\n---\n/,
    );
    const badScope = specgen([
      'diff',
      '--base',
      'origin/main',
      'spec/service-api.md',
      '--changeset',
      '--package-scope',
      'acme',
    ]);
    expect(badScope.status).toBe(2);
    expect(badScope.stderr).toContain('--package-scope "acme" is not an npm scope such as @acme-api');
  }, 120_000);
});
