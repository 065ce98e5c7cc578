/**
 * `specgen` as people call it, in a child process: `pnpm -w specgen …` from a package folder takes
 * paths relative to that folder (pnpm runs the root script at the root and passes INIT_CWD), and the
 * IR piped to another process arrives whole (process.exit used to cut it at 64 KiB).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './generate-support.ts';

const pnpm = (cwd: string, args: string[]) => spawnSync('pnpm', args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true', INIT_CWD: '' } });

describe('calling specgen from a package folder', () => {
  const folder = join(REPO_ROOT, 'packages/parser');

  it('pnpm -w specgen takes paths relative to the folder it is called from', () => {
    const run = pnpm(folder, ['-w', '-s', 'specgen', 'parse', '../../spec/service-api.md', '--summary']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('(../../spec/service-api.md)');
    const missing = pnpm(folder, ['-w', '-s', 'specgen', 'parse', 'nope.md']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('specgen parse: cannot read nope.md: no such file; did you mean ../../spec/service-api.md?\n');
  }, 60_000);

  it('writes the whole IR into a pipe', () => {
    const direct = pnpm(REPO_ROOT, ['-s', 'specgen', 'parse', 'spec/service-api.md']);
    expect(direct.stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(direct.stdout).title).toBe(readFileSync(join(REPO_ROOT, 'spec/service-api.md'), 'utf8').split('\n')[0]!.replace(/^# /, ''));
  }, 60_000);
});
