/**
 * Posts a markdown file as one comment on the pull request and updates that same comment on every
 * later push: the comment starts with a hidden marker, found again by listing the pull request's
 * comments (GitHub REST API, issues/comments endpoints). Needs only the workflow's default token
 * with `pull-requests: write`.
 *
 *   pnpm tsx tools/ci/pr-comment.ts <body.md> [--quiet-line <line>]
 *
 * With `--quiet-line "No changes."`, a body holding that line creates no comment (a pull request
 * that leaves the spec alone gets none), but still updates an existing one (the spec change was
 * reverted: the comment must not keep showing it).
 *
 * Reads GITHUB_TOKEN, GITHUB_REPOSITORY (owner/name), GITHUB_EVENT_PATH (the pull_request event),
 * GITHUB_API_URL (default https://api.github.com). A pull request from a fork gets a read-only
 * token: the script then posts nothing and says so (exit 0); the job summary still has the diff.
 * So does a token that is refused (401/403/404). Any other failure exits 1.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MARKER = '<!-- specgen:spec-diff -->';
/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_BODY = 65_536;

export interface Target {
  api: string;
  token: string;
  repo: string;
  pr: number;
}

export type Outcome =
  | { action: 'created' | 'updated' | 'unchanged'; id: number }
  | { action: 'skipped'; reason: string };

interface PullRequestEvent {
  pull_request?: {
    number?: number;
    head?: { repo?: { full_name?: string } | null };
    base?: { repo?: { full_name?: string } };
  };
}

/** Where to comment, or why not to. */
export function targetFromEnv(env: NodeJS.ProcessEnv): Target | { skip: string } {
  const event = env.GITHUB_EVENT_PATH
    ? (JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as PullRequestEvent)
    : {};
  const pr = event.pull_request;
  if (!pr?.number) return { skip: 'not a pull_request event' };
  const head = pr.head?.repo?.full_name;
  const base = pr.base?.repo?.full_name ?? env.GITHUB_REPOSITORY;
  if (head !== base)
    return { skip: `pull request from a fork (${head ?? 'deleted repository'}): the token is read-only` };
  if (!env.GITHUB_TOKEN) return { skip: 'no GITHUB_TOKEN' };
  if (!env.GITHUB_REPOSITORY) return { skip: 'no GITHUB_REPOSITORY' };
  return {
    api: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''),
    token: env.GITHUB_TOKEN,
    repo: env.GITHUB_REPOSITORY,
    pr: pr.number,
  };
}

export function commentBody(markdown: string): string {
  const body = `${MARKER}\n${markdown.trimEnd()}\n`;
  if (body.length <= MAX_BODY) return body;
  const note =
    '\n\n_The diff is longer than a comment can hold; the whole of it is in the job summary of the `spec review` job._\n';
  return body.slice(0, MAX_BODY - note.length) + note;
}

export class GitHubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Creates the marked comment, or updates it when its text changed. */
export async function upsertComment(
  target: Target,
  markdown: string,
  quietLine: string | null = null,
): Promise<Outcome> {
  const body = commentBody(markdown);
  const existing = await findMarked(target);
  if (existing === null && quietLine !== null && markdown.split(/\r?\n/).includes(quietLine)) {
    return { action: 'skipped', reason: `the body says "${quietLine}" and there is no comment to update` };
  }
  if (existing === null) {
    const created = (await call(target, 'POST', `/repos/${target.repo}/issues/${target.pr}/comments`, { body })) as {
      id: number;
    };
    return { action: 'created', id: created.id };
  }
  if (existing.body === body) return { action: 'unchanged', id: existing.id };
  await call(target, 'PATCH', `/repos/${target.repo}/issues/comments/${existing.id}`, { body });
  return { action: 'updated', id: existing.id };
}

async function findMarked(target: Target): Promise<{ id: number; body: string } | null> {
  for (let page = 1; ; page++) {
    const comments = (await call(
      target,
      'GET',
      `/repos/${target.repo}/issues/${target.pr}/comments?per_page=100&page=${page}`,
    )) as { id: number; body?: string }[];
    const marked = comments.find((c) => c.body?.startsWith(MARKER));
    if (marked) return { id: marked.id, body: marked.body! };
    if (comments.length < 100) return null;
  }
}

async function call(target: Target, method: string, path: string, payload?: unknown): Promise<unknown> {
  const response = await fetch(`${target.api}${path}`, {
    method,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${target.token}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'specgen-pr-comment',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) {
    const message = (() => {
      try {
        return (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        return text;
      }
    })();
    throw new GitHubError(response.status, `${method} ${path}: ${response.status} ${message}`);
  }
  return text === '' ? null : JSON.parse(text);
}

export async function main(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log = (s: string) => void process.stdout.write(`${s}\n`),
): Promise<number> {
  const quiet = args.indexOf('--quiet-line');
  const quietLine = quiet >= 0 ? (args[quiet + 1] ?? null) : null;
  const files = quiet >= 0 ? args.filter((_, i) => i !== quiet && i !== quiet + 1) : args;
  if (files.length !== 1 || (quiet >= 0 && quietLine === null)) {
    log('usage: pr-comment <body.md> [--quiet-line <line>]');
    return 2;
  }
  const markdown = readFileSync(files[0]!, 'utf8');
  const target = targetFromEnv(env);
  if ('skip' in target) {
    log(`::notice title=spec diff comment::No comment posted (${target.skip}); the diff is in the job summary.`);
    return 0;
  }
  try {
    const outcome = await upsertComment(target, markdown, quietLine);
    const detail = 'id' in outcome ? ` (id ${outcome.id})` : ` (${outcome.reason})`;
    log(`spec diff comment ${outcome.action}${detail} on ${target.repo}#${target.pr}`);
    return 0;
  } catch (err) {
    if (err instanceof GitHubError && [401, 403, 404].includes(err.status)) {
      log(
        `::notice title=spec diff comment::No comment posted: the token may not write to the pull request (${err.message}); the diff is in the job summary.`,
      );
      return 0;
    }
    log(
      `::error title=spec diff comment::${(err as Error).message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`,
    );
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
