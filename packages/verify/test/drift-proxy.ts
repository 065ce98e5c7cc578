/**
 * A small HTTP proxy (node:http) in front of the sandbox that changes its answers in one known
 * way at a time (a "drift"), and records every request it forwards (method, path, whether a
 * session header was sent), so the tests can say what verify asked and what it must find.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  /** Path with query, as received. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Drift {
  /** Changes the request before it is forwarded (e.g. drops a query option). */
  request?(req: ProxyRequest): ProxyRequest;
  /** Answers without asking the sandbox (e.g. an endpoint present too early). */
  intercept?(req: ProxyRequest): ProxyAnswer | undefined;
  /** Changes the sandbox's answer. */
  answer?(res: ProxyAnswer, req: ProxyRequest): ProxyAnswer;
}

export interface DriftProxy {
  url: string;
  drift: Drift | null;
  readonly seen: ProxyRequest[];
  /** The most requests it had in flight at once since the last `resetCounts`. */
  readonly maxInFlight: number;
  resetCounts(): void;
  close(): Promise<void>;
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startProxy(target: string): Promise<DriftProxy> {
  const state = { drift: null as Drift | null, seen: [] as ProxyRequest[], inFlight: 0, maxInFlight: 0 };
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const headers = Object.fromEntries(
        Object.entries(incoming.headers)
          .filter(([k]) => !HOP.has(k))
          .map(([k, v]) => [k, String(v)]),
      );
      let req: ProxyRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers,
        body: await readBody(incoming),
      };
      state.seen.push(req);
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      const drift = state.drift;
      let res = drift?.intercept?.(req);
      if (!res) {
        req = drift?.request?.(req) ?? req;
        const answer = await fetch(new URL(req.path, target), {
          method: req.method,
          headers: req.headers,
          body: req.method === 'GET' ? undefined : req.body,
          redirect: 'manual',
        });
        const out: Record<string, string> = {};
        answer.headers.forEach((v, k) => {
          if (!HOP.has(k) && k !== 'content-encoding') out[k] = v;
        });
        res = { status: answer.status, headers: out, body: await answer.text() };
        if (drift?.answer) res = drift.answer(res, req);
      }
      outgoing.writeHead(res.status, res.headers);
      outgoing.end(res.body);
    } catch (err) {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(String(err));
    } finally {
      state.inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get drift() {
      return state.drift;
    },
    set drift(d) {
      state.drift = d;
    },
    get seen() {
      return state.seen;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    resetCounts() {
      state.seen.length = 0;
      state.maxInFlight = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The list answer's records changed one by one (JSON parse, change, write back). */
export function mapRecords(path: RegExp, change: (row: Record<string, unknown>) => Record<string, unknown>): Drift {
  return {
    answer(res, req) {
      if (!path.test(req.path.split('?')[0]!) || res.status !== 200) return res;
      const value = JSON.parse(res.body) as unknown;
      const body = Array.isArray(value)
        ? value.map((r) => change(r as Record<string, unknown>))
        : change(value as Record<string, unknown>);
      return { ...res, body: JSON.stringify(body) };
    },
  };
}

/** Drops one query option before forwarding (the deployment ignores it). */
export function ignoreOption(option: string, path: RegExp): Drift {
  return {
    request(req) {
      const [p, q] = req.path.split('?');
      if (!q || !path.test(p!)) return req;
      const params = new URLSearchParams(q);
      params.delete(option);
      const rest = params.toString();
      return { ...req, path: rest ? `${p}?${rest}` : p! };
    },
  };
}
