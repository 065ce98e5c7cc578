/**
 * Every row of the spec's OIDC error tables, read from the parsed spec, reproduced on the real
 * server against the real development provider. A row without a scenario fails the run, so a
 * new row in the spec cannot go untested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCase, Spec } from '@specgen/ir';
import { findUserByUsername, updateUser } from '@specgen/runtime-server';
import { signInAtDevIdp } from '@specgen/runtime-server/dev-idp';
import { oidcHandlers } from '@specgen/runtime-server/oidc';
import { loadSpec, startServer, type RunningServer } from './oidc-helpers.ts';

let spec: Spec;
let main: RunningServer;

interface Flow {
  cookie: string;
  code: string;
  state: string;
}

async function initiate(
  server: RunningServer,
  redirectUrl: string | null = server.config.oidc.redirectUrl,
): Promise<Response> {
  const query = redirectUrl === null ? '' : `?redirectUrl=${encodeURIComponent(redirectUrl)}`;
  return fetch(`${server.base}/login/oidc${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ForceRelogin: true }),
  });
}

async function signedInAtProvider(server: RunningServer, login = 'alice'): Promise<Flow> {
  const res = await initiate(server);
  expect(res.status).toBe(200);
  const back = await signInAtDevIdp(await res.text(), login);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

function callback(server: RunningServer, params: Record<string, string>, cookie = ''): Promise<Response> {
  return fetch(`${server.base}/login/oidc/callback?${new URLSearchParams(params)}`, {
    headers: cookie ? { cookie } : {},
  });
}

/** One scenario per spec row, keyed by the row's condition; each returns the responses it produced. */
const scenarios: Record<string, () => Promise<Response[]>> = {
  'redirectUrl missing or empty.': async () => [await initiate(main, null), await initiate(main, '')],
  'The generated authorization URL lacks state (configuration problem).': async () => {
    const broken = await startServer(spec, {
      handlers: oidcHandlers({ authorizationOverrides: () => ({ state: '' }) }),
    });
    try {
      return [await initiate(broken)];
    } finally {
      await broken.close();
    }
  },
  'code or state missing.': async () => {
    const f = await signedInAtProvider(main);
    return [await callback(main, { state: f.state }, f.cookie), await callback(main, { code: f.code }, f.cookie)];
  },
  'state invalid, or PKCE verifier missing (stale or wrong session).': async () => {
    const f = await signedInAtProvider(main);
    const wrongState = await callback(main, { code: f.code, state: `${f.state}x` }, f.cookie);
    const lostCookie = await callback(main, { code: f.code, state: f.state });
    const ok = await callback(main, { code: f.code, state: f.state }, f.cookie);
    expect(ok.status).toBe(200);
    const secondUse = await callback(main, { code: f.code, state: f.state }, f.cookie);
    return [wrongState, lostCookie, secondUse];
  },
  'Downstream authentication failed.': async () => {
    const tampered = await signedInAtProvider(main);
    const unlinked = await signedInAtProvider(main, 'mallory@example.com');
    return [
      await callback(main, { code: `${tampered.code}x`, state: tampered.state }, tampered.cookie),
      await callback(main, { code: unlinked.code, state: unlinked.state }, unlinked.cookie),
    ];
  },
  'Access denied by policy.': async () => {
    const bob = (await findUserByUsername(main.store, 'bob'))!;
    await updateUser(main.store, bob.id, { authMode: 'password' });
    try {
      const f = await signedInAtProvider(main, 'bob');
      return [await callback(main, { code: f.code, state: f.state }, f.cookie)];
    } finally {
      await updateUser(main.store, bob.id, { authMode: 'oidc' });
    }
  },
  'Flow expired.': async () => {
    const f = await signedInAtProvider(main);
    const lifetimeMs = main.config.oidc.flowLifetimeSeconds * 1000;
    await main.store.db
      .updateTable('oidc_flows')
      .set({ created_at: Date.now() - lifetimeMs - 1000 })
      .where('state', '=', f.state)
      .execute();
    return [await callback(main, { code: f.code, state: f.state }, f.cookie)];
  },
  'Too many attempts.': async () => {
    const limited = await startServer(spec, { env: { OIDC_MAX_FAILED_ATTEMPTS: '2' } });
    try {
      const f = await signedInAtProvider(limited);
      await callback(limited, { code: 'x', state: 'y' }, f.cookie);
      await callback(limited, { code: 'x', state: 'z' }, f.cookie);
      return [await callback(limited, { code: f.code, state: f.state }, f.cookie)];
    } finally {
      await limited.close();
    }
  },
};

spec = await loadSpec();
const rows: Array<[string, ErrorCase]> = spec.errorTables
  .filter((t) => t.appliesTo.includes('oidcInitiate') || t.appliesTo.includes('oidcCallback'))
  .flatMap((t) => t.cases.map((c): [string, ErrorCase] => [t.title, c]));

describe("the spec's OIDC error tables on the real server", () => {
  beforeAll(async () => {
    main = await startServer(spec, { env: { OIDC_MAX_FAILED_ATTEMPTS: '1000' } });
  });
  afterAll(async () => {
    await main?.close();
  });

  it('reads both OIDC tables from the spec', () => {
    expect(rows.map(([title]) => title)).toEqual([
      ...Array(2).fill('OIDC initiate'),
      ...Array(6).fill('OIDC callback'),
    ]);
  });

  it.each(rows.map(([title, c]) => [`${title}: ${c.status} ${c.condition}`, c] as const))('%s', async (_name, row) => {
    const scenario = scenarios[row.condition];
    if (!scenario) throw new Error(`no scenario for the spec row "${row.condition}" (line ${row.source.line})`);
    const responses = await scenario();
    expect(responses.length).toBeGreaterThan(0);
    for (const res of responses) {
      expect(res.status).toBe(row.status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(typeof (await res.json())).toBe('string');
    }
  });

  it('answers 400 for a redirectUrl other than the registered one (no open redirect)', async () => {
    for (const other of ['https://attacker.example/', `${main.url}/elsewhere`, main.url]) {
      const res = await initiate(main, other);
      expect(res.status).toBe(400);
      expect(await res.json()).toBe('redirectUrl does not match the registered redirect address');
    }
  });

  it('has no OIDC endpoints when the service version is below 25.8', async () => {
    const old = await startServer(spec, { env: { SERVICE_VERSION: '25.7' } });
    try {
      expect((await initiate(old)).status).toBe(404);
      expect((await callback(old, { code: 'a', state: 'b' })).status).toBe(404);
    } finally {
      await old.close();
    }
  });
});
