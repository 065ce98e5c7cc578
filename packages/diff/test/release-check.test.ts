/**
 * The release gate's rules (checkRelease) as a table of given/want cases on IR built with the
 * factory, the pending-changeset reader against a throwaway git repository, and the four formats.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpec } from '@specgen/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { field, type Spec } from '@specgen/ir';
import {
  checkRelease,
  diffSpecs,
  GENERATED_PACKAGES,
  readChangesets,
  releasedGeneratedPackages,
  renderChangeset,
  renderReleaseCheck,
  runDiff,
  type Changesets,
  type ReleaseType,
} from '../src/index.ts';
import { baseSpec } from './base-ir.ts';
import { specRepo } from './git-repo.ts';

const diffWith = (edit: (s: Spec) => void) => {
  const after = baseSpec();
  edit(after);
  return diffSpecs(baseSpec(), after);
};
const breaking = () => diffWith((s) => void s.resources.pop());
const addition = () =>
  diffWith((s) => void s.resources[0]!.fields.push(field('Weight', 'Decimal?', { since: '26.9' })));
const none = () => diffSpecs(baseSpec(), baseSpec());

const PACKAGES = [...GENERATED_PACKAGES];
const pending = (type: ReleaseType, names: readonly string[] = PACKAGES): Changesets => ({
  pending: [{ file: '.changeset/x.md', releases: names.map((name) => ({ name, type })) }],
  onBase: [],
  invalid: [],
});
const noChangesets: Changesets = { pending: [], onBase: [], invalid: [] };
const check = (diff = none(), changesets = noChangesets, stale: string[] = []) =>
  checkRelease({ base: 'origin/main', spec: 'spec/service-api.md', diff, changesets, packages: PACKAGES, stale });

describe('checkRelease', () => {
  const cases: Array<[string, ReturnType<typeof check>, string[]]> = [
    ['no spec change, no changeset, current output: passes', check(), []],
    ['an addition without a changeset', check(addition()), ['changeset-missing']],
    ['an addition with a minor changeset', check(addition(), pending('minor')), []],
    [
      'an addition with a patch changeset still passes (only breaking changes need a given bump)',
      check(addition(), pending('patch')),
      [],
    ],
    [
      'a breaking change without a changeset: both reasons',
      check(breaking()),
      ['changeset-missing', 'major-bump-missing'],
    ],
    ['a breaking change with a minor changeset', check(breaking(), pending('minor')), ['major-bump-missing']],
    ['a breaking change with a major changeset', check(breaking(), pending('major')), []],
    [
      'a major changeset for only some packages',
      check(breaking(), pending('major', PACKAGES.slice(0, 2))),
      ['changeset-missing', 'major-bump-missing'],
    ],
    ['"none" releases nothing', check(addition(), pending('none')), ['changeset-missing']],
    ['a stale generated file', check(none(), noChangesets, ['generated/types/src/index.ts']), ['generated-stale']],
    [
      'an invalid changeset',
      check(none(), { ...noChangesets, invalid: [{ file: '.changeset/bad.md', message: 'could not parse' }] }),
      ['changeset-invalid'],
    ],
  ];
  it.each(cases)('%s', (_name, result, codes) => {
    expect(result.reasons.map((r) => r.code)).toEqual(codes);
    expect(result.ok).toBe(codes.length === 0);
  });

  it('names the packages a reason concerns', () => {
    const result = check(breaking(), pending('major', PACKAGES.slice(0, 2)));
    expect(result.reasons.find((r) => r.code === 'major-bump-missing')?.packages).toEqual(PACKAGES.slice(2));
  });

  it('the changeset `specgen diff --changeset` writes clears the changeset reasons', () => {
    for (const diff of [breaking(), addition()]) {
      const dir = specRepo('old\n', 'new\n');
      try {
        mkdirSync(join(dir.dir, '.changeset'));
        writeFileSync(join(dir.dir, '.changeset', 'spec.md'), renderChangeset(diff)!);
        const changesets = readChangesets(join(dir.dir, '.changeset'), 'origin/main', dir.dir);
        expect(check(diff, changesets).ok).toBe(true);
      } finally {
        dir.remove();
      }
    }
  });
});

describe('readChangesets', () => {
  const repo = specRepo('old\n', 'new\n');
  afterAll(() => repo.remove());
  const dir = join(repo.dir, '.changeset');
  mkdirSync(dir);
  writeFileSync(join(dir, 'README.md'), '# Changesets\n');
  writeFileSync(join(dir, 'released-later.md'), '---\n"@service-api/types": minor\n---\n\nOn main already.\n');
  writeFileSync(join(dir, 'changed.md'), '---\n"@service-api/types": patch\n---\n\nOn main, then changed.\n');
  repo.git('add', '.changeset');
  repo.git('commit', '-qm', 'changesets on main');
  repo.git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  writeFileSync(join(dir, 'changed.md'), '---\n"@service-api/types": major\n---\n\nOn main, then changed.\n');
  writeFileSync(
    join(dir, 'new.md'),
    '---\n"@service-api/client": major\n"@service-api/server": minor\n---\n\nNew on the branch.\n',
  );
  writeFileSync(join(dir, 'broken.md'), '---\n"@service-api/client": huge\n---\n\nBad.\n');

  it('counts changesets new or changed since the base, lists those already there, reports unparsable ones', () => {
    const result = readChangesets(dir, 'origin/main', repo.dir);
    expect(result.pending).toEqual([
      { file: '.changeset/changed.md', releases: [{ name: '@service-api/types', type: 'major' }] },
      {
        file: '.changeset/new.md',
        releases: [
          { name: '@service-api/client', type: 'major' },
          { name: '@service-api/server', type: 'minor' },
        ],
      },
    ]);
    expect(result.onBase).toEqual(['.changeset/released-later.md']);
    expect(result.invalid.map((i) => i.file)).toEqual(['.changeset/broken.md']);
  });

  it('a missing folder is no changesets', () => {
    expect(readChangesets(join(repo.dir, 'nowhere'), 'origin/main', repo.dir)).toEqual(noChangesets);
  });
});

describe('renderReleaseCheck', () => {
  const failed = check(breaking(), noChangesets, ['generated/types/src/index.ts']);
  it('text: the verdict, each reason with its fix, the stale files', () => {
    const text = renderReleaseCheck(failed, 'text');
    expect(text.startsWith('Release check: failed (3 reasons)\n')).toBe(true);
    expect(text).toContain('major-bump-missing: 1 breaking change(s) since origin/main');
    expect(text).toContain('fix: pnpm specgen diff --base origin/main spec/service-api.md --changeset --fail-on none');
    expect(text).toContain('  stale: generated/types/src/index.ts');
    expect(renderReleaseCheck(check(), 'text').startsWith('Release check: passed\n')).toBe(true);
  });
  it('markdown: a heading, the verdict and a table of reasons', () => {
    const md = renderReleaseCheck(failed, 'markdown');
    expect(md.startsWith('## Release check\n\n**Failed: 3 reasons.**\n')).toBe(true);
    expect(md).toContain('| `generated-stale` |');
  });
  it('json: ok, reasons with codes, packages and files', () => {
    const json = JSON.parse(renderReleaseCheck(failed, 'json'));
    expect(json.ok).toBe(false);
    expect(json.reasons.map((r: { code: string }) => r.code)).toEqual([
      'changeset-missing',
      'major-bump-missing',
      'generated-stale',
    ]);
    expect(json.reasons[2].files).toEqual(['generated/types/src/index.ts']);
  });
  it('github: one error per reason (stale files on their file), then a closing notice', () => {
    const lines = renderReleaseCheck(failed, 'github').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^::error title=release check%3A changeset-missing::The spec has 1 change\(s\)/);
    expect(lines[2]).toMatch(/^::error file=generated\/types\/src\/index\.ts,title=release check%3A generated-stale::/);
    expect(lines.at(-1)).toBe(
      '::notice title=release check::failed: changeset-missing, major-bump-missing, generated-stale',
    );
  });
});

describe('releasedGeneratedPackages', () => {
  const repo = specRepo('old\n', 'new\n');
  afterAll(() => repo.remove());
  const write = (target: string, manifest: object) => {
    mkdirSync(join(repo.dir, 'generated', target), { recursive: true });
    writeFileSync(join(repo.dir, 'generated', target, 'package.json'), JSON.stringify(manifest));
  };

  it('lists the generated packages that are not private, in the usual order; all five without generated output', () => {
    expect(releasedGeneratedPackages(join(repo.dir, 'generated'))).toEqual([...GENERATED_PACKAGES]);
    write('server', { name: '@service-api/server', private: true });
    write('client', { name: '@service-api/client' });
    write('types', { name: '@service-api/types' });
    write('extra', { name: '@acme/extra' });
    expect(releasedGeneratedPackages(join(repo.dir, 'generated'))).toEqual([
      '@service-api/types',
      '@service-api/client',
      '@acme/extra',
    ]);
  });
});

describe('specgen diff --changeset from a sub-folder', () => {
  it("writes into the workspace root's .changeset and names its published generated packages", async () => {
    const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
    const repo = specRepo(
      readFileSync(join(fixtures, 'base.md'), 'utf8'),
      readFileSync(join(fixtures, 'fields/new.md'), 'utf8'),
    );
    try {
      for (const [target, manifest] of [
        ['types', { name: '@service-api/types' }],
        ['server', { name: '@service-api/server', private: true }],
      ] as const) {
        mkdirSync(join(repo.dir, 'generated', target), { recursive: true });
        writeFileSync(join(repo.dir, 'generated', target, 'package.json'), JSON.stringify(manifest));
      }
      mkdirSync(join(repo.dir, 'packages/app'), { recursive: true });
      let stderr = '';
      const status = await runDiff(
        ['--base', 'origin/main', '../../spec/service-api.md', '--changeset', '--fail-on', 'none', '--format', 'json'],
        {
          stdout: () => {},
          stderr: (t) => {
            stderr += t;
          },
          cwd: join(repo.dir, 'packages/app'),
          root: repo.dir,
          parse: parseSpec,
        },
      );
      expect(status).toBe(0);
      expect(stderr).toBe(
        `specgen diff: wrote ${join(repo.dir, '.changeset', readdirSync(join(repo.dir, '.changeset'))[0]!)}\n`,
      );
      const [file] = readdirSync(join(repo.dir, '.changeset'));
      expect(readFileSync(join(repo.dir, '.changeset', file!), 'utf8')).toMatch(
        /^---\n"@service-api\/types": major\n---\n/,
      );
    } finally {
      repo.remove();
    }
  });
});

describe('stale files in the message', () => {
  it('names the first five and counts the rest', () => {
    const stale = Array.from({ length: 7 }, (_, i) => `generated/types/src/f${i}.ts`);
    const [reason] = check(none(), noChangesets, stale).reasons;
    expect(reason!.message).toBe(
      '7 generated file(s) are stale: generated/types/src/f0.ts, generated/types/src/f1.ts, generated/types/src/f2.ts, generated/types/src/f3.ts, generated/types/src/f4.ts and 2 more.',
    );
    expect(reason!.files).toEqual(stale);
  });
});
