/**
 * Judging one answer: its status against the one the spec or contract expects, and an error
 * body against the exact JSON strings documented for it. Each mismatch becomes a finding.
 */
import type { RouteContract } from '@specgen/contract';
import type { Source } from '@specgen/ir';
import type { RunContext } from './context.ts';
import type { Answer } from './http.ts';

export interface Shown {
  method: 'GET' | 'POST';
  path: string;
  session?: boolean;
  /** The body as the reproducer shows it (secrets as `$VARIABLES`). */
  body?: string;
}

export interface Expectation {
  check: string;
  subject: string;
  at: Source;
  request: Shown;
  answer: Answer;
  status: number;
  /** Exact JSON-string bodies allowed; empty: any JSON string; undefined: the body is not judged. */
  bodies?: readonly string[];
  /** The route, so a swapped status can be named as documented elsewhere on it. */
  route?: RouteContract;
}

/** A short form of a body for `actual` (first 200 characters). */
export function shortBody(answer: Answer): string {
  const text = answer.text.length > 200 ? `${answer.text.slice(0, 200)}...` : answer.text;
  return `${answer.status}${answer.contentType ? ` ${answer.contentType}` : ''}${text ? ` ${text}` : ''}`;
}

/** The body as a JSON string, or null when it is something else. */
export function messageOf(answer: Answer): string | null {
  try {
    const value: unknown = JSON.parse(answer.text);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** True when status (and body, when asked) are as expected; otherwise one finding. */
export function expectAnswer(ctx: RunContext, e: Expectation): boolean {
  ctx.findings.check();
  const base = { check: e.check, subject: e.subject, at: e.at, request: e.request };
  if (e.answer.status !== e.status) {
    const elsewhere =
      e.route && String(e.answer.status) in e.route.responses
        ? ` (a status documented elsewhere on this route: swapped)`
        : '';
    ctx.findings.add({
      ...base,
      message: `answered ${e.answer.status} instead of ${e.status}${elsewhere}`,
      expected: String(e.status),
      actual: shortBody(e.answer),
    });
    return false;
  }
  if (e.bodies === undefined) return true;
  const message = messageOf(e.answer);
  const expected = e.bodies.length > 0 ? e.bodies.map((b) => JSON.stringify(b)).join(' or ') : 'a JSON string';
  if (message === null || (e.bodies.length > 0 && !e.bodies.includes(message))) {
    ctx.findings.add({
      ...base,
      message: `the body of the ${e.status} answer is not the documented one`,
      expected,
      actual: shortBody(e.answer),
    });
    return false;
  }
  return true;
}

/** The documented JSON-string bodies of a route's status (contract examples). */
export function documentedBodies(route: RouteContract, status: number): readonly string[] {
  const body = route.responses[String(status)]?.body;
  return body?.kind === 'message' ? body.examples : [];
}
