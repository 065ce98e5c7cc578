/**
 * One verification run: sign in (one wrong password first), then the read resources, OIDC and
 * the MFA flow side by side within the request and concurrency bounds, then log out. Throttling
 * and a spent budget end the affected checks with a warning; an unreachable service or
 * credentials that do not sign in end the run (`VerifyAborted`, exit status 2).
 */
import { isVersion, type Source, type Spec } from '@specgen/ir';
import type { Credentials, MfaCredentials, RunContext } from './context.ts';
import { Findings, type Finding } from './findings.ts';
import { BudgetExhausted, HttpClient, realClock, Throttled, Unreachable, type Clock } from './http.ts';
import { Schemas } from './schemas.ts';
import { Secrets } from './secrets.ts';
import { checkMfa } from './checks/mfa.ts';
import { checkOidc } from './checks/oidc.ts';
import { checkResources } from './checks/resources.ts';
import { logout, signIn, SignInImpossible } from './checks/signin.ts';

export interface VerifyOptions {
  baseUrl: string;
  spec: Spec;
  /** Null: the newest version the spec names. */
  serviceVersion: string | null;
  languageCode?: string;
  companyNumber?: string;
  credentials: Credentials;
  mfa?: MfaCredentials | null;
  maxRequests?: number;
  concurrency?: number;
  timeoutMs?: number;
  /** The redirect address registered at the identity provider; default `<base URL>/`. */
  oidcRedirectUrl?: string;
  clock?: Clock;
}

export interface VerifyReport {
  baseUrl: string;
  serviceVersion: string;
  requests: number;
  checks: number;
  findings: Finding[];
}

export interface VerifyResult {
  report: VerifyReport;
  /** Redacts every secret the run saw (apply to every output). */
  redact(text: string): string;
}

/** The run could not be made: unreachable, or the credentials do not sign in (exit status 2). */
export class VerifyAborted extends Error {}

export const DEFAULTS = {
  languageCode: 'en',
  companyNumber: '001.1',
  maxRequests: 1000,
  concurrency: 4,
  timeoutMs: 15_000,
} as const;

export async function verify(options: VerifyOptions): Promise<VerifyResult> {
  const version = options.serviceVersion ?? options.spec.newestVersion;
  if (!version || !isVersion(version))
    throw new VerifyAborted(`--service-version: "${version ?? ''}" is not a version like 25.8`);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const secrets = new Secrets();
  for (const s of [options.credentials.password, options.mfa?.password, options.mfa?.totpSecret]) secrets.add(s);
  const clock = options.clock ?? realClock;
  const findings = new Findings(baseUrl);
  const ctx: RunContext = {
    spec: options.spec,
    version,
    languageCode: options.languageCode ?? DEFAULTS.languageCode,
    companyNumber: options.companyNumber ?? DEFAULTS.companyNumber,
    http: new HttpClient({
      baseUrl: `${baseUrl}/`,
      clock,
      maxRequests: options.maxRequests ?? DEFAULTS.maxRequests,
      concurrency: options.concurrency ?? DEFAULTS.concurrency,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    }),
    findings,
    secrets,
    schemas: Schemas.of(options.spec, version),
    clock,
    session: null,
    oidcRedirectUrl: options.oidcRedirectUrl ?? `${baseUrl}/`,
  };
  const report = (): VerifyResult => ({
    // Checks run side by side: the findings are put in spec order, so a report does not depend on timing.
    report: {
      baseUrl,
      serviceVersion: version,
      requests: ctx.http.requests,
      checks: findings.checks,
      findings: sortFindings(findings.list),
    },
    redact: (text) => secrets.redact(text),
  });
  try {
    ctx.session = await signIn(ctx, options.credentials);
  } catch (err) {
    if (err instanceof SignInImpossible || err instanceof Unreachable)
      throw new VerifyAborted(secrets.redact(err.message));
    if (!stopped(ctx, err, 'sign-in', options.spec.source)) throw err;
    return report();
  }
  try {
    await Promise.all([
      guard(ctx, 'read resources', () => checkResources(ctx)),
      guard(ctx, 'OIDC', () => checkOidc(ctx)),
      options.mfa ? guard(ctx, 'MFA sign-in', () => checkMfa(ctx, options.mfa as MfaCredentials)) : Promise.resolve(),
    ]);
  } finally {
    // The budget keeps two requests back for this: a session must not be left open.
    ctx.http.useReserve();
    await guard(ctx, 'logout', () => logout(ctx, ctx.session as string));
  }
  return report();
}

async function guard(ctx: RunContext, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!stopped(ctx, err, what, ctx.spec.source)) throw err;
  }
}

/** A throttled, out-of-budget or unanswered request ends the checks of `what` with a warning. */
function stopped(ctx: RunContext, err: unknown, what: string, at: Source): boolean {
  const kind =
    err instanceof Throttled
      ? 'throttled'
      : err instanceof BudgetExhausted
        ? 'budget'
        : err instanceof Unreachable
          ? 'unanswered'
          : null;
  if (kind === null) return false;
  const message = {
    throttled: `throttled (429 Too Many Requests, also after Retry-After): the ${what} checks stopped; this is not drift`,
    budget: `the request budget (--max-requests) was spent: the ${what} checks stopped`,
    unanswered: `a request got no answer in time: the ${what} checks stopped`,
  }[kind];
  ctx.findings.add({
    check: kind,
    severity: 'warning',
    subject: what,
    at,
    message: ctx.secrets.redact(`${message} (${(err as Error).message})`),
    request: err instanceof Throttled ? { method: err.method, path: err.path } : null,
    expected: 'an answer',
    actual: kind,
  });
  return true;
}

function sortFindings(list: Finding[]): Finding[] {
  const key = (f: Finding) =>
    [f.file, String(f.line).padStart(8, '0'), f.subject, f.check, f.message, f.request].join('\u0000');
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
