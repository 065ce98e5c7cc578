/**
 * The GitHub Actions workflow, run locally: its YAML is parsed, its setup matches the repository
 * (pnpm 10.34.9, Node 20, full history for the base branch), every command it runs exists, and the
 * spec diff steps are executed verbatim with bash in a temporary git repository with two commits
 * (`pnpm` stands in as a shim that runs this checkout's CLI).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { specRepo, type TempRepo } from './git-repo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = join(ROOT, 'packages/diff/test/fixtures');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}

const workflow = parseYaml(readFileSync(join(ROOT, '.github/workflows/spec.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const runs = steps.filter((s) => s.run).map((s) => s.run!.trim());
const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string; scripts: Record<string, string> };

/** GitHub substitutes expressions before the shell sees the script. */
const expand = (script: string) => script.replace(/\$\{\{\s*github\.base_ref\s*\}\}/g, 'main');

describe('workflow setup', () => {
  it('runs on pull requests', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
  });
  it('installs pnpm 10.34.9 (the packageManager of the repo) and Node 20, and checks out the full history', () => {
    const pnpm = steps.find((s) => s.uses?.startsWith('pnpm/action-setup@'));
    expect(String(pnpm?.with?.version)).toBe('10.34.9');
    expect(rootPackage.packageManager).toBe('pnpm@10.34.9');
    const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(String(node?.with?.['node-version'])).toBe('20');
    const checkout = steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });
  it('installs, regenerates with --check, tests, and writes the markdown diff to the job summary, in that order', () => {
    const index = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));
    const order = [/^pnpm install --frozen-lockfile$/, /^pnpm specgen generate --check$/, /^pnpm test$/, /specgen diff --base origin\/main spec\/service-api\.md --format markdown.*>> "\$GITHUB_STEP_SUMMARY"$/].map((p) =>
      runs.findIndex((r) => p.test(expand(r))),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(index(/--format github/)).toBeGreaterThan(order[3]!);
  });
  it('every command it runs exists: the test script, and generate with --check', async () => {
    expect(rootPackage.scripts.test).toBeTruthy();
    expect(rootPackage.scripts.specgen).toContain('packages/cli/src/main.ts');
    // Run as the workflow runs it (the diff package does not import the CLI that depends on it).
    const cli = (...args: string[]) => spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['--conditions=@specgen/source', join(ROOT, 'packages/cli/src/main.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
    const generate = cli('generate', '--help');
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stdout).toContain('--check');
    const diff = cli('diff', '--help');
    expect(diff.status, diff.stderr).toBe(0);
    expect(diff.stdout).toContain('--base');
  }, 60_000);
});

describe('the diff steps, run verbatim against a temporary git repository', () => {
  let repo: TempRepo;
  let shimDir: string;
  beforeAll(() => {
    repo = specRepo(readFileSync(join(FIXTURES, 'base.md'), 'utf8'), readFileSync(join(FIXTURES, 'fields/new.md'), 'utf8'));
    shimDir = mkdtempSync(join(tmpdir(), 'pnpm-shim-'));
    const shim = join(shimDir, 'pnpm');
    writeFileSync(shim, `#!/bin/sh\n[ "$1" = specgen ] || { echo "shim: only pnpm specgen is available" >&2; exit 99; }\nshift\nexec "${join(ROOT, 'node_modules/.bin/tsx')}" "${join(ROOT, 'packages/cli/src/main.ts')}" "$@"\n`);
    chmodSync(shim, 0o755);
  });
  afterAll(() => {
    repo?.remove();
    rmSync(shimDir, { recursive: true, force: true });
  });

  const runStep = (script: string) => {
    const summary = join(shimDir, 'summary.md');
    writeFileSync(summary, '');
    const result = spawnSync('bash', ['-e', '-c', expand(script)], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, GITHUB_STEP_SUMMARY: summary },
    });
    return { ...result, summary: readFileSync(summary, 'utf8') };
  };

  it('the summary step writes the markdown diff of HEAD against origin/<base> and succeeds', () => {
    const step = runs.find((r) => r.includes('--format markdown'))!;
    const result = runStep(step);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.summary.startsWith('## Spec diff\n\n**')).toBe(true);
    expect(result.summary).toContain('### Breaking changes');
    expect(result.summary).toContain('| ProductRecords.BlockedFromDate | `field-removed` |');
    expect(result.summary).toContain('origin/main:spec/service-api.md:');
    expect(result.summary).toContain('#### 26.9');
  }, 120_000);

  it('the annotations step prints GitHub error annotations on spec/service-api.md', () => {
    const step = runs.find((r) => r.includes('--format github'))!;
    const result = runStep(step);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^::error file=spec\/service-api\.md,line=\d+,title=field-type-changed ProductRecords\.ProductRecordType::/m);
  }, 120_000);
});
