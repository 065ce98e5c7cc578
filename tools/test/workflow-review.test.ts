/**
 * The `review` job of .github/workflows/spec.yml, run locally: its steps' scripts are executed
 * verbatim with bash (GitHub's expressions substituted, `pnpm` a shim that runs this checkout's
 * CLI, compiled when its build is current) in a throwaway git repository holding the real spec and its generated packages: a base
 * commit (`origin/main`) and a pull request that removes `SupplierPartLinks.Dock`.
 * The comment step talks to a fake GitHub API on loopback.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { MARKER } from '../ci/pr-comment.ts';
import { specgenArgv } from '../dev/built.mjs';
import { startFakeGitHub, type FakeGitHub } from './github-fake.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPO = 'acme/erp-spec';

interface Step {
  name?: string;
  run?: string;
  env?: Record<string, string>;
}
const job = (
  parseYaml(readFileSync(join(ROOT, '.github/workflows/spec.yml'), 'utf8')) as {
    jobs: { review: { env: Record<string, string>; steps: Step[] } };
  }
).jobs.review;
const step = (pattern: RegExp) => {
  const found = job.steps.find((s) => pattern.test(s.name ?? ''));
  if (!found?.run) throw new Error(`no step named ${pattern}`);
  return found;
};

let gh: FakeGitHub;
let dir: string;
let shimDir: string;
const git = (...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args],
    { cwd: dir, encoding: 'utf8' },
  );

/** GitHub substitutes `${{ }}` before the shell runs; an expression the test does not know fails it. */
function expand(value: string): string {
  const known: Record<string, string> = { 'github.base_ref': 'main', 'github.token': gh.token };
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    if (!(expr in known)) throw new Error(`expression ${expr} is not simulated`);
    return known[expr]!;
  });
}

/** Runs asynchronously: the fake GitHub API answers from this process's event loop. */
async function runStep(s: Step, extraEnv: Record<string, string> = {}) {
  const runnerTemp = join(shimDir, 'runner-temp');
  mkdirSync(runnerTemp, { recursive: true });
  const summary = join(shimDir, 'summary.md');
  writeFileSync(summary, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${shimDir}:${process.env.PATH}`,
    GITHUB_STEP_SUMMARY: summary,
    RUNNER_TEMP: runnerTemp,
    ...extraEnv,
  };
  for (const [k, v] of Object.entries({ ...job.env, ...s.env })) env[k] = expand(v);
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', expand(s.run!)], { cwd: dir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (t: string) => (stdout += t));
  child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, stdout, stderr, summary: readFileSync(summary, 'utf8'), runnerTemp };
}

/** `pnpm specgen ...` as the workflow runs it, for the test's own setup steps. */
const specgen = (...args: string[]) => runStep({ run: `pnpm specgen ${args.map((a) => `'${a}'`).join(' ')}` });

const gate = () => runStep(step(/^Release check/));

/** The environment of a pull_request run: the event file names the pull request and its head repository. */
function prEnv(number: number, headRepo: string): Record<string, string> {
  const event = join(shimDir, `event-${number}.json`);
  writeFileSync(
    event,
    JSON.stringify({
      pull_request: { number, head: { repo: { full_name: headRepo } }, base: { repo: { full_name: REPO } } },
    }),
  );
  return { GITHUB_REPOSITORY: REPO, GITHUB_EVENT_PATH: event, GITHUB_API_URL: gh.url };
}

beforeAll(async () => {
  gh = await startFakeGitHub();
  dir = mkdtempSync(join(tmpdir(), 'review-repo-'));
  shimDir = mkdtempSync(join(tmpdir(), 'pnpm-shim-'));
  const tsx = `"${join(ROOT, 'node_modules/.bin/tsx')}" --conditions=@specgen/source`;
  // this checkout's CLI: the compiled bin when its build is current, else tsx on the sources (built.mjs)
  const cli = specgenArgv(ROOT)
    .map((a) => `"${a}"`)
    .join(' ');
  writeFileSync(
    join(shimDir, 'pnpm'),
    `#!/bin/sh\ncase "$1" in\n  specgen) shift; exec ${cli} "$@" ;;\n  tsx) shift; exec ${tsx} "$@" ;;\n  *) echo "shim: only pnpm specgen and pnpm tsx are available" >&2; exit 99 ;;\nesac\n`,
  );
  chmodSync(join(shimDir, 'pnpm'), 0o755);
  // the base: the spec, its committed generated packages, the changesets config, the comment script
  const tracked = execFileSync('git', ['ls-files', 'spec/service-api.md', 'generated', '.changeset'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  for (const f of [...tracked, 'tools/ci/pr-comment.ts']) {
    mkdirSync(join(dir, dirname(f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-qm', 'base');
  git('update-ref', 'refs/remotes/origin/main', 'HEAD');
  git('checkout', '-qb', 'remove-dock');
}, 120_000);

afterAll(async () => {
  await gh?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(shimDir, { recursive: true, force: true });
});

const editSpec = (edit: (text: string) => string) => {
  const path = join(dir, 'spec/service-api.md');
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
};

describe('the review job, step by step, on a pull request that removes SupplierPartLinks.Dock', () => {
  it('before any change the gate passes, and the pull request gets no comment', async () => {
    const r = await gate();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.summary).toContain('## Release check\n\n**Passed.**');
    const env = prEnv(41, REPO);
    expect((await runStep(step(/^Spec diff to the job summary$/), env)).summary).toBe('## Spec diff\n\nNo changes.\n');
    const comment = await runStep(step(/^Spec diff as a pull request comment$/), env);
    expect(comment.status).toBe(0);
    expect(comment.stdout).toMatch(
      /^spec diff comment skipped \(the body says "No changes\." and there is no comment to update\)/,
    );
    expect(gh.comments.get(`${REPO}#41`)).toBeUndefined();
  }, 120_000);

  it('a breaking change without a changeset fails the gate, naming both reasons', async () => {
    editSpec((t) => t.replace(/^\| Dock \|.*\n/m, ''));
    expect((await specgen('generate', '--quiet')).status).toBe(0);
    git('commit', '-qam', 'remove SupplierPartLinks.Dock');
    const r = await gate();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^::error title=release check%3A changeset-missing::/m);
    expect(r.stdout).toMatch(
      /^::error title=release check%3A major-bump-missing::1 breaking change\(s\) since origin\/main/m,
    );
    expect(r.stdout).not.toContain('generated-stale');
    expect(r.summary).toContain('**Failed: 2 reasons.**');
  }, 120_000);

  it('with the changeset `specgen diff --changeset` writes, the gate passes', async () => {
    const written = await specgen(
      'diff',
      '--base',
      'origin/main',
      'spec/service-api.md',
      '--changeset',
      '--fail-on',
      'none',
    );
    expect(written.stderr).toMatch(/^specgen diff: wrote \.changeset\/spec-diff-[0-9a-f]{12}\.md$/m);
    const r = await gate();
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^::notice title=release check::passed \(1 breaking/);
    git('add', '.changeset');
    git('commit', '-qm', 'changeset');
  }, 120_000);

  it('a stale generated file fails the gate', async () => {
    editSpec((t) => t.replace('Represents a supplier part link.', 'Represents a link between a supplier and a part.'));
    const r = await gate();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^::error file=generated\/[^,]+,title=release check%3A generated-stale::/m);
    expect(r.stdout).not.toMatch(/changeset-missing|major-bump-missing/);
    git('checkout', '--', 'spec/service-api.md');
  }, 120_000);

  it('annotations name spec/service-api.md and the resource table, and say where Dock stood', async () => {
    const r = await runStep(step(/^Spec diff annotations$/));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^::error file=spec\/service-api\.md,line=\d+,title=field-removed SupplierPartLinks\.Dock::.* It stood at line \d+ of spec\/service-api\.md in origin\/main\.$/m,
    );
  }, 120_000);

  it('the comment is the markdown diff, posted once and found again by its marker on the next push', async () => {
    const env = prEnv(42, REPO);
    const push = async () => {
      const summary = await runStep(step(/^Spec diff to the job summary$/), env);
      expect(summary.status).toBe(0);
      expect(summary.summary.startsWith('## Spec diff\n\n**')).toBe(true);
      const comment = await runStep(step(/^Spec diff as a pull request comment$/), env);
      expect(comment.stderr).toBe('');
      expect(comment.status).toBe(0);
      return { markdown: summary.summary, out: comment.stdout };
    };
    const first = await push();
    expect(first.out).toMatch(/spec diff comment created/);
    expect(first.markdown).toContain('| SupplierPartLinks.Dock | `field-removed` |');
    const comments = () => gh.comments.get(`${REPO}#42`) ?? [];
    expect(comments().map((c) => c.body)).toEqual([`${MARKER}\n${first.markdown.trimEnd()}\n`]);
    const id = comments()[0]!.id;

    // the next push removes another field: the same comment now shows both
    editSpec((t) => t.replace(/^\| Storage \|.*\n/m, ''));
    git('commit', '-qam', 'remove SupplierPartLinks.Storage');
    const second = await push();
    expect(second.out).toMatch(new RegExp(`spec diff comment updated \\(id ${id}\\)`));
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).toBe(`${MARKER}\n${second.markdown.trimEnd()}\n`);
    expect(comments()[0]!.body).toContain('**2 breaking');
  }, 180_000);

  it("a fork's pull request: the summary is written, no comment is posted, the step succeeds", async () => {
    const env = prEnv(43, 'someone/fork');
    const before = gh.requests.length;
    expect((await runStep(step(/^Spec diff to the job summary$/), env)).summary).toContain('## Spec diff');
    const comment = await runStep(step(/^Spec diff as a pull request comment$/), env);
    expect(comment.status).toBe(0);
    expect(comment.stdout).toMatch(/^::notice title=spec diff comment::No comment posted \(pull request from a fork/);
    expect(gh.requests.length).toBe(before);
  }, 120_000);
});
