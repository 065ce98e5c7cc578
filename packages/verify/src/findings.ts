/**
 * A finding: one thing the deployment does that the spec says it must not (an error), or that
 * the run could not judge (a warning: throttled, budget spent, a documented alternative). Each
 * carries the spec line it concerns and a curl command that shows the request again.
 */
import { SESSION_HEADER } from '@specgen/contract';
import type { Source } from '@specgen/ir';

export type Severity = 'error' | 'warning';

export interface Finding {
  /** Check id, e.g. `resource.fields`, `signin.password`, `query.orderby` (docs/verify.md lists them). */
  check: string;
  severity: Severity;
  /** `Resource.Field`, `Resource $option`, or `METHOD /path-tail status`. */
  subject: string;
  file: string;
  line: number;
  /** 1-based column of the spec line (for the caret); not part of the JSON report. */
  column: number;
  message: string;
  /** Method and path with query, e.g. `GET /en/001.1/api/v1/TimeRecording/Schedules?$top=2`. */
  request: string;
  expected: string;
  actual: string;
  /** A curl command that repeats the request, with the session as `$SESSION`. */
  reproduce: string;
}

export interface FindingInput {
  check: string;
  severity?: Severity;
  subject: string;
  at: Source;
  message: string;
  request?: { method: string; path: string; session?: boolean; body?: string } | null;
  expected: string;
  actual: string;
}

/** The findings of a run and the number of checks made. */
export class Findings {
  readonly list: Finding[] = [];
  checks = 0;

  constructor(private readonly baseUrl: string) {}

  /** Counts one check; returns true so it can guard a block: `if (f.check() && bad) f.add(...)`. */
  check(): true {
    this.checks++;
    return true;
  }

  add(input: FindingInput): void {
    const r = input.request ?? null;
    this.list.push({
      check: input.check,
      severity: input.severity ?? 'error',
      subject: input.subject,
      file: input.at.file,
      line: input.at.line,
      column: input.at.column,
      message: input.message,
      request: r ? `${r.method} ${r.path}` : '',
      expected: input.expected,
      actual: input.actual,
      reproduce: r ? curl(this.baseUrl, r) : '',
    });
  }

  get errors(): number {
    return this.list.filter((f) => f.severity === 'error').length;
  }
}

/** `curl -sS -i -X GET 'url' -H "<session header>: $SESSION"`; bodies name env variables, never values. */
export function curl(baseUrl: string, r: { method: string; path: string; session?: boolean; body?: string }): string {
  const url = new URL(r.path, baseUrl).toString().replace(/'/g, "'\\''");
  const parts = [`curl -sS -i -X ${r.method} '${url}'`];
  if (r.session) parts.push(`-H "${SESSION_HEADER}: $SESSION"`);
  if (r.body !== undefined) parts.push(`-H 'Content-Type: application/json' -d "${r.body.replace(/"/g, '\\"')}"`);
  return parts.join(' ');
}
