/**
 * Two server instances on one PostgreSQL: a sign-in started on one completes on the other,
 * and of 20 concurrent callbacks with the same code, state and cookie (spread over both
 * instances) exactly one succeeds — the one-use flow is consumed atomically in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support';
import type { Spec } from '@specgen/ir';
import { signInAtDevIdp } from '@specgen/runtime-server/dev-idp';
import { loadSpec, startServer, type RunningServer } from './oidc-helpers.ts';

const enabled = postgresAvailable();
let pg: PostgresCluster;
let a: RunningServer;
let b: RunningServer;

function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe.skipIf(!enabled)('OIDC across two instances on PostgreSQL', () => {
  beforeAll(async () => {
    const spec: Spec = await loadSpec();
    pg = await startPostgres();
    const databaseUrl = await pg.createDatabase('oidc_two_instances');
    const env = { DATABASE_URL: databaseUrl, OIDC_MAX_FAILED_ATTEMPTS: '1000' };
    a = await startServer(spec, { env });
    // Same public redirect address and provider, as two instances behind one load balancer.
    b = await startServer(spec, { env, oidc: a.config.oidc });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await pg?.stop();
  });

  async function initiateOnA(): Promise<{ cookie: string; code: string; state: string }> {
    const res = await fetch(`${a.base}/login/oidc?redirectUrl=${encodeURIComponent(a.config.oidc.redirectUrl!)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ForceRelogin: false }),
    });
    expect(res.status).toBe(200);
    const back = await signInAtDevIdp(await res.text(), 'alice');
    return { cookie: cookieHeader(res), code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  const callback = (server: RunningServer, f: { cookie: string; code: string; state: string }) =>
    fetch(`${server.base}/login/oidc/callback?${new URLSearchParams({ code: f.code, state: f.state })}`, {
      headers: { cookie: f.cookie },
    });

  it('completes on instance B a sign-in initiated on instance A', async () => {
    const flow = await initiateOnA();
    const res = await callback(b, flow);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { SessionId: string; MfaToken: null };
    expect(body.MfaToken).toBeNull();
    const session = await fetch(`${a.base}/session`, { headers: { 'X-Service-SessionId': body.SessionId } });
    expect(session.status).toBe(200);
  });

  it('gives exactly one success for 20 concurrent callbacks with the same code and state', async () => {
    const flow = await initiateOnA();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => callback(i % 2 === 0 ? a : b, flow)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The losers never reached the provider: the flow was already taken (400), not a refused code (401).
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const rows = await a.store.db.selectFrom('oidc_flows').selectAll().where('state', '=', flow.state).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.consumed_at).not.toBeNull();
  });
});
