/**
 * Safety against production, shown through a recording proxy in front of the real sandbox:
 * no request but reads, sign-in and logout (never a command); failure counters back at zero
 * after every run (the per-user limit is set to 2, so a run that left a failure behind would
 * lock the next one out); no secret in any output format, even when the service echoes the
 * session in a body; 429 with Retry-After reported as throttled; --max-requests honoured; and
 * the exit statuses of the command.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS_PREFIX, routes } from '@specgen/contract';
import { findUserByUsername } from '@specgen/runtime-server';
import { currentLoginFailures } from '@specgen/runtime-store';
import { formatReport, FORMATS, runVerifyCommand, verify, VERIFY_ENV } from '../src/index.ts';
import { testClock } from './clock.ts';
import { startProxy, type DriftProxy } from './drift-proxy.ts';
import { IR_SNAPSHOT, REDIRECT_URL, SPEC_FILE, spec, startSandbox, type Sandbox } from './sandbox.ts';

const clock = testClock();
/** Runs happen at different times: the shared clock moves one TOTP step on before each. */
const later = () => clock.advance(30_000);
const VERSION = spec.newestVersion!;
const USER = { username: 'verify-reader', password: `pw-${randomBytes(12).toString('hex')}` };
const MFA = {
  username: 'verify-mfa',
  password: `pw-${randomBytes(12).toString('hex')}`,
  totpSecret: 'KRUGS4ZANFZSAYJAONSWG4TFOQQGM33SEB2GK43UOM',
};
let sandbox: Sandbox;
let proxy: DriftProxy;
/** Session ids and MfaTokens the sandbox handed out, read off the wire by the proxy. */
const handedOut = new Set<string>();

beforeAll(async () => {
  sandbox = await startSandbox({
    version: VERSION,
    oidc: true,
    now: clock.now,
    env: { LOGIN_FAILURES_PER_USER: '2', LOGIN_RATE_PER_MINUTE: '100000' },
  });
  await sandbox.addUser(USER.username, USER.password);
  await sandbox.addUser(MFA.username, MFA.password, MFA.totpSecret);
  proxy = await startProxy(sandbox.url);
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

/** Records every session id and MfaToken of the answers, and (when asked) echoes the session in 404 bodies. */
function recordSecrets(echo: boolean) {
  return {
    answer(
      res: { status: number; headers: Record<string, string>; body: string },
      req: { headers: Record<string, string> },
    ) {
      for (const m of res.body.matchAll(/"(?:SessionId|MfaToken)":"([^"]+)"/g)) handedOut.add(m[1]!);
      if (res.headers['x-service-sessionid']) handedOut.add(res.headers['x-service-sessionid']);
      const session = req.headers['x-service-sessionid'];
      return echo && res.status === 404 && session
        ? { ...res, body: JSON.stringify(`no record for session ${session}`) }
        : res;
    },
  };
}

describe('verify is safe to point at production', () => {
  it('sends only reads, sign-in and logout, and leaves every failure counter at zero', async () => {
    proxy.resetCounts();
    proxy.drift = recordSecrets(false);
    for (let i = 0; i < 3; i++) {
      later();
      const { report } = await verify({
        baseUrl: proxy.url,
        spec,
        serviceVersion: VERSION,
        credentials: USER,
        mfa: MFA,
        oidcRedirectUrl: REDIRECT_URL,
        clock,
      });
      expect(report.findings).toEqual([]);
    }
    // The default bound: at most 4 requests in flight (the runs check resources side by side).
    expect(proxy.maxInFlight).toBeLessThanOrEqual(4);
    expect(proxy.maxInFlight).toBeGreaterThan(1);
    const signIn = new Set(
      routes(spec, VERSION)
        .filter((r) => r.kind === 'sign-in' && r.method === 'POST')
        .map((r) => r.prefixedPath),
    );
    const writes = proxy.seen
      .filter((r) => r.method !== 'GET')
      .map((r) => r.path.split('?')[0]!.replace(/^\/en\/001\.1/, ''));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((p) => !signIn.has(p))).toEqual([]);
    expect(proxy.seen.some((r) => r.path.includes(COMMANDS_PREFIX))).toBe(false);
    expect(
      proxy.seen.filter((r) => r.method === 'POST' && r.path.endsWith('/login') && r.body.includes('-not-it')),
    ).toHaveLength(3);
    const mfaUser = await findUserByUsername(sandbox.store, MFA.username);
    for (const key of [`password:${USER.username}`, `password:${MFA.username}`, `totp:${mfaUser!.id}`]) {
      expect(await currentLoginFailures(sandbox.store, key, clock.now(), 3_600_000), key).toBe(0);
    }
  });

  it('prints no password, TOTP secret, session id or MfaToken in any format, even when a body echoes one', async () => {
    proxy.drift = recordSecrets(true);
    later();
    const { report, redact } = await verify({
      baseUrl: proxy.url,
      spec,
      serviceVersion: VERSION,
      credentials: USER,
      mfa: MFA,
      oidcRedirectUrl: REDIRECT_URL,
      clock,
    });
    proxy.drift = null;
    // The echo is drift (a 404 body that is not the documented one): the finding exists, redacted.
    expect(report.findings.some((f) => f.check === 'resource.notFound')).toBe(true);
    expect(handedOut.size).toBeGreaterThan(3);
    const secrets = [USER.password, MFA.password, MFA.totpSecret, ...handedOut];
    for (const format of FORMATS) {
      const text = redact(
        formatReport(report, format, { source: () => undefined, color: false, relativeFile: (f) => f }),
      );
      expect(text).toContain('[redacted]');
      for (const secret of secrets) expect(text.includes(secret), `${format} shows a secret`).toBe(false);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    }
    for (const f of report.findings.filter((x) => x.reproduce)) expect(f.reproduce).not.toContain(USER.password);
  });

  it('reports 429 with Retry-After as throttled, not drift, after one retry', async () => {
    proxy.seen.length = 0;
    later();
    proxy.drift = {
      intercept: (req) =>
        req.path.endsWith('/login/totp')
          ? {
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '2' },
              body: '"Too many attempts"',
            }
          : undefined,
    };
    const { report } = await verify({
      baseUrl: proxy.url,
      spec,
      serviceVersion: VERSION,
      credentials: USER,
      mfa: MFA,
      oidcRedirectUrl: REDIRECT_URL,
      clock,
    });
    proxy.drift = null;
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.findings).toContainEqual(
      expect.objectContaining({ check: 'throttled', severity: 'warning', subject: 'MFA sign-in' }),
    );
    expect(proxy.seen.filter((r) => r.path.endsWith('/login/totp'))).toHaveLength(2);
  });

  it('honours --max-requests and --concurrency, and exits by the documented statuses', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = (env: Record<string, string>) => ({
      stdout: (t: string) => out.push(t),
      stderr: (t: string) => err.push(t),
      env,
      cwd: process.cwd(),
      defaultSpec: SPEC_FILE,
      root: process.cwd(),
      color: false,
    });
    const env = {
      [VERIFY_ENV.username]: USER.username,
      [VERIFY_ENV.password]: USER.password,
      [VERIFY_ENV.oidcRedirectUrl]: REDIRECT_URL,
    };
    proxy.resetCounts();
    const status = await runVerifyCommand(
      [
        '--base-url',
        proxy.url,
        '--service-version',
        VERSION,
        '--format',
        'json',
        '--max-requests',
        '25',
        '--concurrency',
        '2',
        '--spec',
        IR_SNAPSHOT,
      ],
      io(env),
    );
    expect(status).toBe(0);
    const json = JSON.parse(out.join('')) as {
      requests: number;
      checks: number;
      findings: Array<{ check: string; file: string }>;
    };
    expect(Object.keys(json)).toEqual(['baseUrl', 'serviceVersion', 'requests', 'checks', 'findings']);
    expect(json.requests).toBeLessThanOrEqual(25);
    expect(proxy.seen.length).toBeLessThanOrEqual(25);
    expect(proxy.maxInFlight).toBeLessThanOrEqual(2);
    expect(json.findings.map((f) => f.check)).toContain('budget');
    // The IR snapshot as --spec: findings still name the markdown spec's lines.
    expect(json.findings.find((f) => f.check === 'budget')).toMatchObject({ file: 'spec/service-api.md' });
    expect(out.join('')).not.toContain(USER.password);

    // A drift makes an error finding: exit status 1.
    proxy.drift = {
      intercept: (req) =>
        req.path.includes('/login/oidc/callback')
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }
          : undefined,
    };
    const failing = await runVerifyCommand(
      ['--base-url', proxy.url, '--service-version', VERSION, '--format', 'github'],
      io(env),
    );
    expect(failing, `${out.at(-1)}${err.join('')}`).toBe(1);
    proxy.drift = null;
    expect(out.at(-1)).toMatch(/^::error file=.*service-api\.md,line=\d+,title=verify oidc\.callback/m);
    // Last: a wrong password cannot be followed by a success, so it leaves failures behind.
    const wrong = { ...env, [VERIFY_ENV.password]: `${USER.password}x` };
    expect(await runVerifyCommand(['--base-url', proxy.url], io(wrong))).toBe(2);
    expect(err.join('')).toMatch(/check the credentials/);
    expect(err.join('')).not.toContain(USER.password);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await runVerifyCommand(['--base-url', `http://127.0.0.1:${port}`], io(env))).toBe(2);
    expect(err.at(-1)).toMatch(/no answer from .* \(ECONNREFUSED\)/);
    expect(await runVerifyCommand(['--base-url', proxy.url, '--format', 'xml'], io(env))).toBe(2);
    expect(await runVerifyCommand(['--base-url', proxy.url], io({}))).toBe(2);
    expect(await runVerifyCommand(['--base-url', proxy.url, '--password', 'x'], io(env))).toBe(2);
  });
});
