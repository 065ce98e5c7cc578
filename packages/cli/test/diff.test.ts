/**
 * `specgen diff` as users run it. Most cases call the command's runner in-process (same code
 * path as the CLI, minus process start-up); a few spawn the real CLI to cover argv, stdout and the exit status.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '@specgen/diff';
import { parseSpec } from '@specgen/parser';
import { specRepo } from '@specgen/diff/testing';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIX = 'packages/diff/test/fixtures';
const BASE = `${FIX}/base.md`;

async function run(args: string[], cwd = ROOT) {
  let stdout = '';
  let stderr = '';
  const status = await runDiff(args, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd,
    parse: parseSpec,
  });
  return { status, stdout, stderr };
}

function spawnCli(args: string[], cwd = ROOT) {
  return spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'packages/cli/src/main.ts'), 'diff', ...args], {
    cwd,
    encoding: 'utf8',
  });
}

describe('specgen diff (in-process)', () => {
  it('the real spec against itself: no change, exit 0', async () => {
    const r = await run(['spec/service-api.md', 'spec/service-api.md']);
    expect(r).toEqual({ status: 0, stdout: 'No changes.\n', stderr: '' });
  });

  it('--fail-on: breaking (default) exits 1 on a breaking change, none exits 0', async () => {
    expect((await run([BASE, `${FIX}/fields/new.md`])).status).toBe(1);
    expect((await run([BASE, `${FIX}/fields/new.md`, '--fail-on', 'none'])).status).toBe(0);
  });

  it('--fail-on warning exits 1 on warnings only; breaking does not', async () => {
    // the "since" pair reversed has warnings (since versions cleared) and no breaking change
    const since = await run([`${FIX}/since/new.md`, BASE, '--format', 'json', '--fail-on', 'breaking']);
    const summary = JSON.parse(since.stdout).summary;
    expect(summary.breaking).toBe(0);
    expect(summary.warning).toBeGreaterThan(0);
    expect(since.status).toBe(0);
    expect((await run([`${FIX}/since/new.md`, BASE, '--fail-on', 'warning'])).status).toBe(1);
  });

  it('json output: exact shape, paths relative to the working directory', async () => {
    const r = await run([BASE, `${FIX}/signin/new.md`, '--format', 'json', '--fail-on', 'none']);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['changes', 'summary']);
    expect(json.changes[0]).toEqual({
      rule: 'command-response-header-removed',
      severity: 'breaking',
      resource: 'command:GetMultiFactorDeviceSecret',
      field: null,
      message: 'Command GetMultiFactorDeviceSecret no longer returns header X-Service-SessionId.',
      location: { file: `${FIX}/signin/new.md`, line: 224 },
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(json.changes.find((c: { rule: string }) => c.rule === 'transition-removed').location.file).toBe(BASE);
  });

  it('same inputs give byte-identical output', async () => {
    for (const format of ['text', 'markdown', 'json', 'github']) {
      const a = await run([BASE, `${FIX}/enums/new.md`, '--format', format]);
      const b = await run([BASE, `${FIX}/enums/new.md`, '--format', format]);
      expect(a.stdout).toBe(b.stdout);
      expect(a.stdout.length).toBeGreaterThan(100);
    }
  });

  it.each([
    [['only-one.md'], /give two spec files/],
    [[BASE, `${FIX}/fields/new.md`, '--format', 'yaml'], /--format must be one of/],
    [[BASE, 'missing.md'], /cannot read missing\.md: ENOENT/],
  ])('bad input %j: exit 2 with a message, nothing on stdout', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  it('a spec with errors is refused with its diagnostics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specdiff-bad-'));
    try {
      const bad = join(dir, 'bad.md');
      cpSync(join(ROOT, BASE), bad);
      const text = readFileSync(bad, 'utf8').replace(
        '| Id | Int64 | Business key. | - |',
        '| Id | Int64 | Business key. | two.three |',
      );
      writeFileSync(bad, text);
      const r = await run([BASE, bad]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/error\(s\):\n.*bad\.md:\d+:\d+: error /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--changeset writes one stable file bumping the published generated packages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specdiff-cs-'));
    try {
      const r = await run([BASE, `${FIX}/resources/new.md`, '--fail-on', 'none', `--changeset=${dir}`]);
      expect(r.status).toBe(0);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^spec-diff-[0-9a-f]{12}\.md$/);
      const text = readFileSync(join(dir, files[0]!), 'utf8');
      // the published generated packages of this checkout: the private sandbox server is not versioned
      expect(text).toMatch(
        /^---\n"@service-api\/types": major\n"@service-api\/validators": major\n"@service-api\/openapi": major\n"@service-api\/client": major\n---\n/,
      );
      expect(text).toContain('### Breaking changes');
      expect(r.stderr).toContain('wrote');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('specgen diff: a spec file that does not exist', () => {
  it('names the nearest spec, as parse and generate do (real CLI, from the sources)', () => {
    const cli = (args: string[]) =>
      spawnSync(
        join(ROOT, 'node_modules/.bin/tsx'),
        ['--conditions=@specgen/source', join(ROOT, 'packages/cli/src/main.ts'), 'diff', ...args],
        { cwd: ROOT, encoding: 'utf8' },
      );
    const old = cli(['nope.md', 'spec/service-api.md']);
    expect(old.status).toBe(2);
    expect(old.stderr).toBe('specgen diff: cannot read nope.md: no such file; did you mean spec/service-api.md?\n');
    const typo = cli(['spec/service-api.md', 'spec/service-apl.md']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toBe(
      'specgen diff: cannot read spec/service-apl.md: no such file; did you mean spec/service-api.md?\n',
    );
  }, 60_000);

  it('without the cli reader, runDiff says the plain error', async () => {
    const r = await run(['nope.md', 'spec/service-api.md']);
    expect(r).toEqual({ status: 2, stdout: '', stderr: 'specgen diff: cannot read nope.md: ENOENT\n' });
  });
});

describe('specgen diff --changeset into an unusable directory', () => {
  it('is a clear error with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specdiff-cs-file-'));
    try {
      const file = join(dir, 'not-a-dir');
      writeFileSync(file, '');
      const r = await run([BASE, `${FIX}/resources/new.md`, `--changeset=${file}`]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/cannot write the changeset into .*not-a-dir: (EEXIST|ENOTDIR)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('specgen diff --base (temporary git repository)', () => {
  const repo = specRepo(readFileSync(join(ROOT, BASE), 'utf8'), readFileSync(join(ROOT, FIX, 'enums/new.md'), 'utf8'));
  afterAll(() => repo.remove());

  it('reads the old spec from the ref and names it <ref>:<path>', async () => {
    const r = await run(
      ['--base', 'origin/main', 'spec/service-api.md', '--format', 'json', '--fail-on', 'none'],
      repo.dir,
    );
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout);
    expect(json.summary).toEqual({ breaking: 5, warning: 3, info: 0 });
    expect(json.changes.find((c: { rule: string }) => c.rule === 'enum-value-removed').location.file).toBe(
      'origin/main:spec/service-api.md',
    );
    expect(json.changes.find((c: { rule: string }) => c.rule === 'enum-value-added').location.file).toBe(
      'spec/service-api.md',
    );
  });

  it('works from a subdirectory and against HEAD (no change)', async () => {
    const r = await run(['--base', 'HEAD', 'service-api.md'], join(repo.dir, 'spec'));
    expect(r).toMatchObject({ status: 0, stdout: 'No changes.\n' });
  });

  it('an unknown ref or a bad ref is a clear error, exit 2', async () => {
    const unknown = await run(['--base', 'origin/nope', 'spec/service-api.md'], repo.dir);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/cannot read spec\/service-api\.md at origin\/nope/);
    const bad = await run(['--base', '--upload-pack=x', 'spec/service-api.md'], repo.dir);
    expect(bad.status).toBe(2);
  });

  it('the real CLI: exit status, stdout and stderr', () => {
    const breaking = spawnCli(['--base', 'origin/main', 'spec/service-api.md', '--format', 'github'], repo.dir);
    expect(breaking.status).toBe(1);
    // a removal is annotated on the checkout's file (the base's path is no file there), saying where it stood
    expect(breaking.stdout).toMatch(
      /^::error file=spec\/service-api\.md,line=\d+,title=enum-value-removed .*It stood at line \d+ of spec\/service-api\.md in origin\/main\.$/m,
    );
    expect(breaking.stdout).not.toContain('origin/main%3A');
    const none = spawnCli(['--base', 'origin/main', 'spec/service-api.md', '--fail-on', 'none'], repo.dir);
    expect(none.status).toBe(0);
    expect(none.stdout.split('\n')[0]).toBe('Spec diff: 5 breaking, 3 warnings, 0 info');
    const usage = spawnCli(['--fail-on', 'sometimes', 'a.md', 'b.md']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--fail-on must be one of breaking, warning, none');
  }, 120_000);

  it('--help shows usage and examples', () => {
    const help = spawnCli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('usage: specgen diff <old.md> <new.md> [options]');
    expect(help.stdout).toContain('examples:');
    expect(help.stdout).toContain('--base origin/main spec/service-api.md --format markdown');
    expect(existsSync(join(ROOT, 'docs/diff-rules.md'))).toBe(true);
  }, 60_000);
});
