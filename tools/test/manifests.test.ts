/**
 * Manifests match imports: knip (knip.json) checks that every import of every workspace package is
 * declared in that package's package.json, in the right section, and that nothing declared goes
 * unused; its configuration hints fail the test too (an entry or project pattern that matches no
 * file, such as a removed src/start.ts, or one knip finds by itself from exports and bin). And,
 * directly, that type packages and test tools never sit in `dependencies` of a package that ships
 * (a deploy or an install would carry them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../build/layout.ts';

/** Packages that only this repository's tests use; their dependencies are test tools by design. */
const TEST_PACKAGES = new Set(['@specgen/e2e', '@specgen/test-support', '@specgen/tools']);
const DEV_ONLY = /^(@types\/|vitest$|fast-check$|tsx$|typescript$|playwright-core$|@specgen\/test-support$|knip$)/;

function manifests(): Array<{ path: string; name: string; dependencies: Record<string, string> }> {
  const out = [];
  for (const group of ['packages', 'generated', 'examples']) {
    if (!existsSync(join(ROOT, group))) continue;
    for (const dir of readdirSync(join(ROOT, group))) {
      const path = join(group, dir, 'package.json');
      if (!existsSync(join(ROOT, path))) continue;
      const pkg = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
      };
      out.push({ path, name: pkg.name, dependencies: pkg.dependencies ?? {} });
    }
  }
  return out;
}

describe('package manifests', () => {
  it('declare every import and nothing unused (knip)', () => {
    const { NODE_OPTIONS: _options, ...env } = process.env;
    const result = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/knip/bin/knip.js'),
        '--include',
        'dependencies,unlisted,unresolved,binaries',
        '--no-progress',
        '--treat-config-hints-as-errors',
      ],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 240_000 },
    );
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  it('keep type packages and test tools out of the dependencies of every package that ships', () => {
    const misplaced = manifests()
      .filter((m) => !TEST_PACKAGES.has(m.name))
      .flatMap((m) =>
        Object.keys(m.dependencies)
          .filter((d) => DEV_ONLY.test(d))
          .map((d) => `${m.path}: ${d}`),
      );
    expect(misplaced).toEqual([]);
  });
});
