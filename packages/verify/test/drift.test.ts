/**
 * Drift tests: a proxy in front of the real sandbox changes one thing at a time, and verify must
 * report it as an error with the right subject at the right spec line (lines read from the IR).
 * The same proxy without a drift gives no error (no false positive). One sandbox per version
 * (25.8 with the development OIDC provider, and 22.6), shared by every case of the file; the
 * server and verify share a clock, so waiting for the next TOTP step costs no real time.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify, type VerifyReport } from '../src/index.ts';
import { testClock } from './clock.ts';
import { ignoreOption, mapRecords, startProxy, type Drift, type DriftProxy } from './drift-proxy.ts';
import { DEMO_TOTP_SECRET } from '@specgen/runtime-server';
import { REDIRECT_URL, spec, startSandbox, type Sandbox } from './sandbox.ts';
import { lines } from './spec-lines.ts';

const clock = testClock();
const servers: Record<string, { sandbox: Sandbox; proxy: DriftProxy }> = {};

/** Users with a cheap password hash (the demo users' full-strength scrypt would dominate each run). */
const READER = { username: 'reader', password: 'reader-password' };
const MFA = { username: 'second', password: 'second-password', totpSecret: DEMO_TOTP_SECRET };

beforeAll(async () => {
  await Promise.all(
    ['25.8', '22.6'].map(async (version) => {
      const sandbox = await startSandbox({
        version,
        oidc: version === '25.8',
        now: clock.now,
        records: 8,
        env: { LOGIN_RATE_PER_MINUTE: '100000', OIDC_MAX_FAILED_ATTEMPTS: '100000' },
      });
      await sandbox.addUser(READER.username, READER.password);
      await sandbox.addUser(MFA.username, MFA.password, MFA.totpSecret);
      servers[version] = { sandbox, proxy: await startProxy(sandbox.url) };
    }),
  );
});

afterAll(async () => {
  for (const s of Object.values(servers)) {
    await s.proxy.close();
    await s.sandbox.close();
  }
});

async function run(version: string, drift: Drift | null, mfa = false): Promise<VerifyReport> {
  const { proxy } = servers[version]!;
  proxy.drift = drift;
  try {
    const { report } = await verify({
      baseUrl: proxy.url,
      spec,
      serviceVersion: version,
      credentials: READER,
      mfa: mfa ? MFA : null,
      oidcRedirectUrl: REDIRECT_URL,
      clock,
    });
    return report;
  } finally {
    proxy.drift = null;
  }
}

const errors = (r: VerifyReport) =>
  r.findings.filter((f) => f.severity === 'error').map((f) => ({ subject: f.subject, line: f.line, check: f.check }));

const SCHEDULES = /\/api\/v1\/TimeRecording\/Schedules$/;
const PRODUCTS = /\/api\/v1\/Inventory\/ProductRecords$/;
const json = (status: number, value: unknown) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});
const onPath = (
  test: (path: string, req: { method: string; path: string; headers: Record<string, string> }) => boolean,
  answer: ReturnType<typeof json>,
): Drift => ({
  intercept: (req) => (test(req.path.split('?')[0]!, req) ? answer : undefined),
});
const statusSwap = (path: RegExp, from: number, to: number, body?: string): Drift => ({
  answer: (res, req) =>
    path.test(req.path.split('?')[0]!) && res.status === from
      ? { ...res, status: to, ...(body !== undefined ? { body } : {}) }
      : res,
});
const without = (row: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== key));
const accepted = new Set<string>();

interface Case {
  name: string;
  version?: '25.8' | '22.6';
  mfa?: boolean;
  drift: Drift;
  subject: string;
  line: () => number;
}

const CASES: Case[] = [
  {
    name: 'a dropped field',
    drift: mapRecords(SCHEDULES, (r) => without(r, 'Code')),
    subject: 'Schedules.Code',
    line: () => lines.field('Schedules', 'Code'),
  },
  {
    name: 'a field of a later version',
    drift: mapRecords(PRODUCTS, (r) => ({ ...r, RemainingExposureTime: 1.5 })),
    subject: 'ProductRecords.RemainingExposureTime',
    line: () => lines.field('ProductRecords', 'RemainingExposureTime'),
  },
  {
    name: 'an unknown field',
    drift: mapRecords(SCHEDULES, (r) => ({ ...r, Colour: 'red' })),
    subject: 'Schedules.Colour',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a wrong type',
    drift: mapRecords(PRODUCTS, (r) => ({ ...r, Status: String(r['Status']) })),
    subject: 'ProductRecords.Status',
    line: () => lines.field('ProductRecords', 'Status'),
  },
  {
    name: 'a value outside the enumeration',
    drift: mapRecords(PRODUCTS, (r) => ({ ...r, Status: 8 })),
    subject: 'ProductRecords.Status',
    line: () => lines.field('ProductRecords', 'Status'),
  },
  {
    name: 'a bitmask out of range',
    drift: mapRecords(SCHEDULES, (r) => ({ ...r, Type: 64 })),
    subject: 'Schedules.Type',
    line: () => lines.field('Schedules', 'Type'),
  },
  {
    name: 'null in a non-nullable field',
    drift: mapRecords(SCHEDULES, (r) => ({ ...r, Code: null })),
    subject: 'Schedules.Code',
    line: () => lines.field('Schedules', 'Code'),
  },
  {
    name: 'a malformed date-time',
    drift: mapRecords(SCHEDULES, (r) => ({ ...r, BlockedFromDate: 'yesterday' })),
    subject: 'Schedules.BlockedFromDate',
    line: () => lines.field('Schedules', 'BlockedFromDate'),
  },
  {
    name: 'an Int64 not written as an integer',
    drift: {
      answer: (res, req) =>
        SCHEDULES.test(req.path.split('?')[0]!)
          ? { ...res, body: res.body.replace(/"ScheduleLength":"?(-?\d+)"?/g, '"ScheduleLength":$1.0') }
          : res,
    },
    subject: 'Schedules.ScheduleLength',
    line: () => lines.field('Schedules', 'ScheduleLength'),
  },
  {
    name: 'an ignored $select',
    drift: ignoreOption('$select', SCHEDULES),
    subject: 'Schedules $select',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'an ignored $filter',
    drift: ignoreOption('$filter', SCHEDULES),
    subject: 'Schedules $filter',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'an ignored $orderby',
    drift: ignoreOption('$orderby', SCHEDULES),
    subject: 'Schedules $orderby',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'an ignored $top',
    drift: ignoreOption('$top', SCHEDULES),
    subject: 'Schedules $top',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'an ignored $skip',
    drift: ignoreOption('$skip', SCHEDULES),
    subject: 'Schedules $skip',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a single record unlike the list',
    drift: mapRecords(/\/api\/v1\/TimeRecording\/Schedules\/[^/]+$/, (r) => ({ ...r, Description: 'changed' })),
    subject: 'GET /api/v1/TimeRecording/Schedules/{Id} 200',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a wrong status for an unknown record',
    drift: statusSwap(/\/Schedules\/[^/]+$/, 404, 400, '"Id: bad"'),
    subject: 'GET /api/v1/TimeRecording/Schedules/{Id} 404',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'an invalid query accepted',
    drift: statusSwap(SCHEDULES, 400, 200, '[]'),
    subject: 'GET /api/v1/TimeRecording/Schedules 400',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a later field accepted in $select',
    drift: {
      request: (req) =>
        PRODUCTS.test(req.path.split('?')[0]!) && req.path.includes('RemainingExposureTime')
          ? { ...req, path: req.path.split('?')[0]! }
          : req,
    },
    subject: 'ProductRecords.RemainingExposureTime',
    line: () => lines.field('ProductRecords', 'RemainingExposureTime'),
  },
  {
    name: 'a list without a session allowed',
    drift: onPath((p, req) => SCHEDULES.test(p) && !req.headers['x-service-sessionid'], json(200, [])),
    subject: 'GET /api/v1/TimeRecording/Schedules 401',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a resource endpoint missing',
    drift: onPath((p) => SCHEDULES.test(p), json(404, 'No route')),
    subject: 'GET /api/v1/TimeRecording/Schedules 200',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a list that is not JSON',
    drift: {
      answer: (res, req) =>
        SCHEDULES.test(req.path.split('?')[0]!) && res.status === 200
          ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } }
          : res,
    },
    subject: 'GET /api/v1/TimeRecording/Schedules 200',
    line: () => lines.resource('Schedules'),
  },
  {
    name: 'a resource present too early',
    version: '22.6',
    drift: onPath((p) => /CustomerOrderRowInflows$/.test(p), json(200, [])),
    subject: 'GET /api/v1/Sales/CustomerOrderRowInflows 404',
    line: () => lines.resource('CustomerOrderRowInflows'),
  },
  {
    name: 'OIDC present too early',
    version: '22.6',
    drift: onPath((p) => /\/login\/oidc$/.test(p), json(400, 'redirectUrl is required')),
    subject: 'POST /login/oidc 404',
    line: () => lines.versioning('endpointsFrom'),
  },
  {
    name: 'OIDC missing at its version',
    drift: onPath((p) => /\/login\/oidc$/.test(p), json(404, 'No route')),
    subject: 'POST /login/oidc 400',
    line: () => lines.errorRow('oidcInitiate', 400, /redirectUrl/),
  },
  {
    name: 'an OIDC URL without S256',
    drift: {
      answer: (res, req) =>
        /\/login\/oidc$/.test(req.path.split('?')[0]!) && res.status === 200
          ? { ...res, body: res.body.replace('code_challenge_method=S256', 'code_challenge_method=plain') }
          : res,
    },
    subject: 'POST /login/oidc 200',
    line: () => lines.endpoint('oidcInitiate'),
  },
  {
    name: 'an OIDC callback without code accepted',
    drift: statusSwap(/\/login\/oidc\/callback$/, 400, 200, '{}'),
    subject: 'GET /login/oidc/callback 400',
    line: () => lines.errorRow('oidcCallback', 400, /code or state missing/),
  },
  {
    name: 'a sign-in without the session header',
    drift: {
      answer: (res, req) => {
        if (!/\/login$/.test(req.path) || res.status !== 200) return res;
        const { 'x-service-sessionid': _dropped, ...headers } = res.headers;
        return { ...res, headers };
      },
    },
    subject: 'LoginResponse.SessionId',
    line: () => lines.loginField('SessionId'),
  },
  {
    name: 'the right TOTP code refused',
    mfa: true,
    drift: statusSwap(/\/login\/totp$/, 200, 401, '"Login failed"'),
    subject: 'POST /login/totp 200',
    line: () => lines.transition('login/totp', 'correct'),
  },
  {
    name: 'a wrong password status',
    drift: statusSwap(/\/login$/, 403, 401),
    subject: 'POST /login 403',
    line: () => lines.unknown('endpoints.credentialLogin'),
  },
  {
    name: 'a logout status',
    drift: statusSwap(/\/logout$/, 204, 200, ''),
    subject: 'POST /logout 204',
    line: () => lines.unknown('session.lifetime'),
  },
  {
    name: 'an MfaToken missing',
    mfa: true,
    drift: {
      answer: (res, req) =>
        /\/login$/.test(req.path) && res.body.includes('"MfaToken":"')
          ? { ...res, body: res.body.replace(/"MfaToken":"[^"]*"/, '"MfaToken":null') }
          : res,
    },
    subject: 'LoginResponse.MfaToken',
    line: () => lines.loginField('MfaToken'),
  },
  {
    name: 'a swapped TOTP status (410 as 401)',
    mfa: true,
    drift: statusSwap(/\/login\/totp$/, 410, 401),
    subject: 'POST /login/totp 410',
    line: () => lines.errorRow('totpLogin', 410),
  },
  {
    name: 'a wrong TOTP error body',
    mfa: true,
    drift: {
      answer: (res, req) =>
        /\/login\/totp$/.test(req.path) && res.status === 401 ? { ...res, body: '"Wrong code"' } : res,
    },
    subject: 'POST /login/totp 401',
    line: () => lines.errorRow('totpLogin', 401),
  },
  {
    name: 'a replayed code accepted',
    mfa: true,
    drift: {
      answer(res, req) {
        if (!/\/login\/totp$/.test(req.path)) return res;
        const code = String((JSON.parse(req.body) as { Code: unknown }).Code);
        if (res.status === 200) accepted.add(code);
        if (res.status === 401 && accepted.has(code))
          return {
            status: 200,
            headers: { 'content-type': 'application/json', 'x-service-sessionid': randomUUID() },
            body: JSON.stringify({ $id: '1', SessionId: randomUUID(), MfaToken: null }),
          };
        return res;
      },
    },
    subject: 'POST /login/totp 401',
    line: () => lines.errorRow('totpLogin', 401),
  },
];

describe('verify against the sandbox through the proxy', () => {
  it('finds nothing without a drift (25.8 with MFA and OIDC, 22.6)', async () => {
    expect(errors(await run('25.8', null, true))).toEqual([]);
    expect(errors(await run('22.6', null))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.name, c] as const))('finds %s', async (_name, c) => {
    const report = await run(c.version ?? '25.8', c.drift, c.mfa ?? false);
    if (process.env.DEBUG_DRIFT) console.log(c.name, JSON.stringify(report.findings, null, 1));
    expect(errors(report)).toContainEqual(expect.objectContaining({ subject: c.subject, line: c.line() }));
  });
});
