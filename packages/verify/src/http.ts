/**
 * The bounded HTTP client of a run: every request counts against `maxRequests`, at most
 * `concurrency` are in flight, each has a timeout, and a 429 is honoured (Retry-After, one retry)
 * and then reported as throttled instead of as drift. The session travels in the contract's
 * session header and is never part of what a finding shows.
 */
import { SESSION_HEADER } from '@specgen/contract';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Media type without parameters, lower case ('' when absent). */
  contentType: string;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Path inside the base URL with query, already encoded, e.g. `/en/001.1/api/v1/X?$top=3`. */
  path: string;
  body?: unknown;
  session?: string | null;
  /** Extra request headers (a cookie of an OIDC flow). */
  headers?: Record<string, string>;
}

/** The request budget is spent: the run stops asking and says so. */
export class BudgetExhausted extends Error {}
/** The service answered 429 twice (after waiting Retry-After): throttled, not drift. */
export class Throttled extends Error {
  constructor(
    readonly method: 'GET' | 'POST',
    readonly path: string,
  ) {
    super(`throttled: ${method} ${path} answered 429 Too Many Requests`);
  }
}
/** The base URL cannot be reached (connection refused, DNS, TLS) or did not answer in time. */
export class Unreachable extends Error {}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export interface HttpOptions {
  baseUrl: string;
  maxRequests: number;
  concurrency: number;
  timeoutMs: number;
  clock: Clock;
  /** Longest Retry-After honoured before giving up as throttled. */
  maxRetryAfterMs?: number;
}

export class HttpClient {
  requests = 0;
  /** Requests kept back for the final logout (logout and the check that the session ended). */
  private reserve = 2;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: HttpOptions) {}

  async send(spec: RequestSpec): Promise<Answer> {
    const first = await this.once(spec);
    if (first.status !== 429) return first;
    const wait = retryAfterMs(first.headers.get('retry-after'));
    if (wait > (this.options.maxRetryAfterMs ?? 60_000)) throw new Throttled(spec.method, spec.path);
    await this.options.clock.sleep(wait);
    const second = await this.once(spec);
    if (second.status === 429) throw new Throttled(spec.method, spec.path);
    return second;
  }

  private async once(spec: RequestSpec): Promise<Answer> {
    if (this.requests >= this.options.maxRequests - this.reserve)
      throw new BudgetExhausted(`the request budget of ${this.options.maxRequests} is spent`);
    this.requests++;
    await this.acquire();
    try {
      const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
      if (spec.session) headers[SESSION_HEADER] = spec.session;
      if (spec.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(new URL(spec.path, this.options.baseUrl), {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      }).catch((err: unknown) => {
        const cause = (err as { cause?: { code?: string; message?: string; errors?: Array<{ code?: string }> } }).cause;
        const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (err as Error).message;
        throw new Unreachable(`${spec.method} ${spec.path}: no answer from ${this.options.baseUrl} (${reason})`);
      });
      const text = await response.text();
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      return { status: response.status, headers: response.headers, text, contentType };
    } finally {
      this.release();
    }
  }

  /** Lets the final logout use the requests kept back. */
  useReserve(): void {
    this.reserve = 0;
  }

  private async acquire(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/** Retry-After as seconds or an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (value === null) return 1000;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}
