/** The release workflow stamps `repository` (needed for npm provenance) into published packages only. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceSiteUrl, repositoryUrl, stampRepository, withSiteSection } from '../release/stamp-repository.ts';

const ROOT = join(import.meta.dirname, '../..');

function workspaceCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'stamp-'));
  for (const folder of ['packages', 'generated']) {
    for (const child of ['cli', 'test-support', 'types', 'server']) {
      const from = join(ROOT, folder, child, 'package.json');
      try {
        const text = readFileSync(from, 'utf8');
        mkdirSync(join(root, folder, child), { recursive: true });
        writeFileSync(join(root, folder, child, 'package.json'), text);
        writeFileSync(
          join(root, folder, child, 'README.md'),
          readFileSync(join(ROOT, folder, child, 'README.md'), 'utf8'),
        );
      } catch {
        // not a package of this folder
      }
    }
  }
  return root;
}

describe('stamp-repository', () => {
  it('builds the URL from GitHub variables and refuses without them', () => {
    expect(repositoryUrl({ GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/specgen' })).toBe(
      'git+https://github.com/acme/specgen.git',
    );
    expect(repositoryUrl({ GITHUB_SERVER_URL: 'https://github.com' })).toBeNull();
    expect(repositoryUrl({ GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'not a repo' })).toBeNull();
  });

  it('writes repository into the published manifests of this workspace and skips private ones', () => {
    const root = workspaceCopy();
    const stamped = stampRepository(root, 'git+https://github.com/acme/specgen.git');
    expect(stamped.map((s) => s.name).sort()).toEqual(['@service-api/types', '@specgen/cli']);
    const cli = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8'));
    expect(cli.repository).toEqual({
      type: 'git',
      url: 'git+https://github.com/acme/specgen.git',
      directory: 'packages/cli',
    });
    expect(cli.bin).toEqual(JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')).bin);
    expect(JSON.parse(readFileSync(join(root, 'generated/server/package.json'), 'utf8')).repository).toBeUndefined();
    expect(
      JSON.parse(readFileSync(join(root, 'packages/test-support/package.json'), 'utf8')).repository,
    ).toBeUndefined();
  });

  it('the reference site: the Pages address of the repository, or REFERENCE_SITE_URL', () => {
    const github = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'Acme/service-api' };
    expect(referenceSiteUrl(github)).toBe('https://acme.github.io/service-api/');
    expect(referenceSiteUrl({ ...github, GITHUB_REPOSITORY: 'acme/acme.github.io' })).toBe('https://acme.github.io/');
    expect(referenceSiteUrl({ ...github, REFERENCE_SITE_URL: 'https://api.acme.test/reference' })).toBe(
      'https://api.acme.test/reference/',
    );
    expect(referenceSiteUrl({ GITHUB_SERVER_URL: 'https://ghe.acme.test', GITHUB_REPOSITORY: 'acme/x' })).toBeNull();
  });

  it('writes the site as homepage and README section of the published generated packages only, once', () => {
    const root = workspaceCopy();
    const site = 'https://acme.github.io/service-api/';
    stampRepository(root, 'git+https://github.com/acme/service-api.git', site);
    stampRepository(root, 'git+https://github.com/acme/service-api.git', site);
    const types = JSON.parse(readFileSync(join(root, 'generated/types/package.json'), 'utf8'));
    expect(types.homepage).toBe(site);
    const readme = readFileSync(join(root, 'generated/types/README.md'), 'utf8');
    expect(readme.split('## Reference site').length).toBe(2);
    expect(readme.endsWith(`(also as an Atom feed): <${site}>\n`)).toBe(true);
    expect(readme.startsWith(readFileSync(join(ROOT, 'generated/types/README.md'), 'utf8').trimEnd())).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8')).homepage).toBeUndefined();
    expect(readFileSync(join(root, 'generated/server/README.md'), 'utf8')).not.toContain('## Reference site');
    expect(withSiteSection('# x\n\n## Reference site\n\nold\n', site)).toBe(
      `# x\n\n## Reference site\n\nThe API as of every service version, and what changed in each (also as an Atom feed): <${site}>\n`,
    );
  });

  it('as a command: exit 1 without the variables, and the release script runs it before publishing', () => {
    const root = workspaceCopy();
    const script = join(ROOT, 'tools/release/stamp-repository.ts');
    const env = { ...process.env, GITHUB_SERVER_URL: '', GITHUB_REPOSITORY: '' };
    const refused = spawnSync('pnpm', ['-s', 'tsx', script, root], { cwd: ROOT, encoding: 'utf8', env });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('GITHUB_REPOSITORY');
    const ok = spawnSync('pnpm', ['-s', 'tsx', script, root], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...env, GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/specgen' },
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('-> @specgen/cli (packages/cli/package.json)');
    const release = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.release as string;
    expect(release.indexOf('stamp-repository')).toBeGreaterThanOrEqual(0);
    expect(release.indexOf('stamp-repository')).toBeLessThan(release.indexOf('changeset publish'));
  }, 60_000);
});
