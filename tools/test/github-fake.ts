/**
 * A fake of the part of the GitHub REST API the pull-request comment uses, on loopback:
 * list (paginated by per_page/page, as GitHub does), create and update issue comments. It checks
 * the bearer token, answers 403 "Resource not accessible by integration" to writes when the token
 * is read-only (a fork's pull request), and records every request for the tests to inspect.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeGitHub {
  url: string;
  /** Comments per `owner/name#number`. */
  comments: Map<string, FakeComment[]>;
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** Token accepted; writes are refused when `readOnly` is set. */
  token: string;
  readOnly: boolean;
  close(): Promise<void>;
}

const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });

export async function startFakeGitHub(token = 'test-token'): Promise<FakeGitHub> {
  let nextId = 1000;
  const fake: Omit<FakeGitHub, 'url' | 'close'> = { comments: new Map(), requests: [], token, readOnly: false };
  const find = (id: number) => [...fake.comments.values()].flat().find((c) => c.id === id);

  const handle = async (req: IncomingMessage): Promise<{ status: number; body: string }> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${fake.token}`) return json(401, { message: 'Bad credentials' });
    const list = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
    const one = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname);
    const write = req.method === 'POST' || req.method === 'PATCH';
    if (write && fake.readOnly) return json(403, { message: 'Resource not accessible by integration' });
    if (list && req.method === 'GET') {
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = fake.comments.get(`${list[1]}#${list[2]}`) ?? [];
      return json(200, all.slice((page - 1) * perPage, page * perPage));
    }
    if (list && req.method === 'POST') {
      const { body } = JSON.parse(await readBody(req)) as { body: string };
      const comment = { id: nextId++, body, user: { login: 'github-actions[bot]', type: 'Bot' } };
      const key = `${list[1]}#${list[2]}`;
      fake.comments.set(key, [...(fake.comments.get(key) ?? []), comment]);
      return json(201, comment);
    }
    if (one && req.method === 'PATCH') {
      const comment = find(Number(one[1]));
      if (!comment) return json(404, { message: 'Not Found' });
      comment.body = (JSON.parse(await readBody(req)) as { body: string }).body;
      return json(200, comment);
    }
    return json(404, { message: 'Not Found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req).then(
      ({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(body),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
