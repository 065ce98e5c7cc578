/**
 * `specgen` as people call it, in a child process: `pnpm -w specgen …` and `pnpm exec specgen …`
 * (the bin linked at the root, run from the built cli) from a package folder take paths relative to
 * that folder (pnpm runs the root script at the root and passes INIT_CWD), and the
 * IR piped to another process arrives whole (process.exit used to cut it at 64 KiB).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './generate-support.ts';

/** A child as from a shell: no INIT_CWD, and no NODE_OPTIONS of the test runner (its source conditions). */
const pnpm = (cwd: string, args: string[]) =>
  spawnSync('pnpm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', INIT_CWD: '', NODE_OPTIONS: '' },
  });

describe('calling specgen from a package folder', () => {
  const folder = join(REPO_ROOT, 'packages/parser');

  it('pnpm -w specgen takes paths relative to the folder it is called from', () => {
    const run = pnpm(folder, ['-w', '-s', 'specgen', 'parse', '../../spec/service-api.md', '--summary']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('(../../spec/service-api.md)');
    const missing = pnpm(folder, ['-w', '-s', 'specgen', 'parse', 'nope.md']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      'specgen parse: cannot read nope.md: no such file; did you mean ../../spec/service-api.md?\n',
    );
  }, 60_000);

  it('pnpm exec specgen runs the linked bin (the built cli) from any folder, with paths relative to it', () => {
    const run = pnpm(folder, ['exec', 'specgen', 'parse', '../../spec/service-api.md', '--summary']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('(../../spec/service-api.md)');
    const missing = pnpm(folder, ['exec', 'specgen', 'parse', 'spec/service-api.md']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      'specgen parse: cannot read spec/service-api.md: no such file; did you mean ../../spec/service-api.md?\n',
    );
    // The defaults are the workspace root's spec and generated/, so a check from a package folder finds them current.
    const check = pnpm(join(REPO_ROOT, 'packages/generate-types'), ['exec', 'specgen', 'generate', '--check']);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^\d+ generated files are current\n$/);
  }, 90_000);

  it('writes the whole IR into a pipe', () => {
    const direct = pnpm(REPO_ROOT, ['-s', 'specgen', 'parse', 'spec/service-api.md']);
    expect(direct.stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(direct.stdout).title).toBe(
      readFileSync(join(REPO_ROOT, 'spec/service-api.md'), 'utf8').split('\n')[0]!.replace(/^# /, ''),
    );
  }, 60_000);
});
