/** A throwaway git repository with the spec at spec/service-api.md: `origin/main` holds the old spec, HEAD the new one. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempRepo {
  dir: string;
  git: (...args: string[]) => string;
  remove: () => void;
}

export function specRepo(oldSpec: string, newSpec: string): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), 'specdiff-repo-'));
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args],
      { cwd: dir, encoding: 'utf8' },
    );
  git('init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'spec'));
  writeFileSync(join(dir, 'spec', 'service-api.md'), oldSpec);
  git('add', 'spec/service-api.md');
  git('commit', '-qm', 'old spec');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  git('checkout', '-qb', 'feature');
  writeFileSync(join(dir, 'spec', 'service-api.md'), newSpec);
  git('commit', '-qam', 'new spec');
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
