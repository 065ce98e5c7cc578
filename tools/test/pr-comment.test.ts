/**
 * tools/ci/pr-comment.ts against a fake GitHub API on loopback: one comment per pull request,
 * found again by its hidden marker among many comments (pagination), updated in place, left alone
 * when unchanged; nothing posted for a fork's pull request or a read-only token; other failures fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKER, MAX_BODY, commentBody, main } from '../ci/pr-comment.ts';
import { startFakeGitHub, type FakeGitHub } from './github-fake.ts';

let gh: FakeGitHub;
const dir = mkdtempSync(join(tmpdir(), 'pr-comment-'));
const REPO = 'acme/erp-spec';

function event(headRepo: string | null, number = 7): string {
  const path = join(dir, `event-${number}-${(headRepo ?? 'gone').replace('/', '_')}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      pull_request: {
        number,
        head: { repo: headRepo === null ? null : { full_name: headRepo } },
        base: { repo: { full_name: REPO } },
      },
    }),
  );
  return path;
}

async function post(markdown: string, env: Record<string, string> = {}, flags: string[] = []) {
  const file = join(dir, 'body.md');
  writeFileSync(file, markdown);
  const lines: string[] = [];
  const status = await main(
    [file, ...flags],
    { GITHUB_TOKEN: gh.token, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: gh.url, GITHUB_EVENT_PATH: event(REPO), ...env },
    (s) => void lines.push(s),
  );
  return { status, out: lines.join('\n') };
}

const comments = (pr = 7) => gh.comments.get(`${REPO}#${pr}`) ?? [];

beforeAll(async () => {
  gh = await startFakeGitHub();
});
afterAll(async () => {
  await gh.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  gh.comments.clear();
  gh.requests.length = 0;
  gh.readOnly = false;
});

describe('pr-comment', () => {
  it('creates one marked comment, then updates that same one on the next push', async () => {
    expect(await post('## Spec diff\n\nfirst\n')).toMatchObject({
      status: 0,
      out: expect.stringMatching(/^spec diff comment created \(id \d+\) on acme\/erp-spec#7$/),
    });
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).toBe(`${MARKER}\n## Spec diff\n\nfirst\n`);
    const id = comments()[0]!.id;
    expect((await post('## Spec diff\n\nsecond\n')).out).toBe(`spec diff comment updated (id ${id}) on ${REPO}#7`);
    expect(comments().map((c) => [c.id, c.body])).toEqual([[id, `${MARKER}\n## Spec diff\n\nsecond\n`]]);
    expect(gh.requests.every((r) => r.authorization === `Bearer ${gh.token}`)).toBe(true);
  });

  it('leaves an unchanged comment alone (no PATCH)', async () => {
    await post('same\n');
    gh.requests.length = 0;
    expect((await post('same\n')).out).toMatch(/comment unchanged/);
    expect(gh.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('finds its comment past the first page of 100, and ignores comments that only quote the marker', async () => {
    const others = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      body: i === 3 ? `> ${MARKER}\nquoted` : `comment ${i}`,
      user: { login: 'someone', type: 'User' },
    }));
    gh.comments.set(`${REPO}#7`, [
      ...others,
      { id: 500, body: `${MARKER}\nold`, user: { login: 'github-actions[bot]', type: 'Bot' } },
    ]);
    expect((await post('new\n')).out).toMatch(/updated \(id 500\)/);
    expect(gh.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      `/repos/${REPO}/issues/7/comments?per_page=100&page=1`,
      `/repos/${REPO}/issues/7/comments?per_page=100&page=2`,
    ]);
    expect(comments().find((c) => c.id === 4)!.body).toContain('quoted');
  });

  it('--quiet-line: no new comment for a pull request without spec changes, but an existing one is updated', async () => {
    const quiet = ['--quiet-line', 'No changes.'];
    expect((await post('## Spec diff\n\nNo changes.\n', {}, quiet)).out).toBe(
      `spec diff comment skipped (the body says "No changes." and there is no comment to update) on ${REPO}#7`,
    );
    expect(gh.requests.map((r) => r.method)).toEqual(['GET']);
    expect(comments()).toEqual([]);
    await post('## Spec diff\n\n**1 breaking**\n', {}, quiet);
    expect((await post('## Spec diff\n\nNo changes.\n', {}, quiet)).out).toMatch(/comment updated/);
    expect(comments().map((c) => c.body)).toEqual([`${MARKER}\n## Spec diff\n\nNo changes.\n`]);
    expect((await post('x\n', {}, ['--quiet-line'])).status).toBe(2);
  });

  it('a pull request from a fork: no API call, a notice, exit 0', async () => {
    const r = await post('x\n', { GITHUB_EVENT_PATH: event('someone/erp-spec-fork') });
    expect(r).toEqual({
      status: 0,
      out: '::notice title=spec diff comment::No comment posted (pull request from a fork (someone/erp-spec-fork): the token is read-only); the diff is in the job summary.',
    });
    expect(gh.requests).toEqual([]);
  });

  it('a read-only token (403) falls back to the summary: a notice, exit 0', async () => {
    gh.readOnly = true;
    const r = await post('x\n');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(
      /^::notice title=spec diff comment::No comment posted: the token may not write .*403 Resource not accessible by integration/,
    );
    expect(comments()).toEqual([]);
  });

  it('any other failure (here: nothing listening) fails the step', async () => {
    const down = await post('x\n', { GITHUB_API_URL: 'http://127.0.0.1:9' });
    expect(down.status).toBe(1);
    expect(down.out).toMatch(/^::error title=spec diff comment::/);
  });

  it('a body longer than GitHub accepts is cut with a pointer to the job summary', () => {
    const body = commentBody('x'.repeat(MAX_BODY * 2));
    expect(body.length).toBeLessThanOrEqual(MAX_BODY);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).toMatch(/whole of it is in the job summary/);
  });
});
