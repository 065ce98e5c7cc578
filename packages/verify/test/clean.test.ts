/**
 * Clean runs against the real sandbox at 22.6, 25.8 and the newest version, on SQLite and on
 * PostgreSQL (a throwaway cluster): zero findings, users, devices and records unchanged, the
 * failure counters at zero, and the MFA user can still sign in with the next TOTP code. The three
 * versions of a store run at once; each server shares a clock with its run, so the wait for the
 * next TOTP step moves the clock instead of taking 30 s.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET, findUserByUsername } from '@specgen/runtime-server';
import { currentLoginFailures } from '@specgen/runtime-store';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support';
import { TotpDevice, verify } from '../src/index.ts';
import { demoCredentials, REDIRECT_URL, spec, startSandbox, VERSIONS, type Sandbox } from './sandbox.ts';
import { storeSnapshot } from './store-snapshot.ts';
import { testClock } from './clock.ts';

let pg: PostgresCluster | undefined;
afterAll(async () => {
  await pg?.stop();
});

async function cleanRun(sandbox: Sandbox): Promise<void> {
  const before = await storeSnapshot(sandbox.store);
  const { report } = await verify({
    baseUrl: sandbox.url,
    spec,
    serviceVersion: sandbox.version,
    ...demoCredentials(true),
    clock: sandbox.clock,
    oidcRedirectUrl: REDIRECT_URL,
  });
  expect(report.findings, `${sandbox.version}`).toEqual([]);
  expect(report.checks).toBeGreaterThan(300);
  expect(await storeSnapshot(sandbox.store)).toBe(before);
  const mfa = await findUserByUsername(sandbox.store, 'mfa');
  for (const key of ['password:demo', 'password:mfa', `totp:${mfa!.id}`])
    expect(await currentLoginFailures(sandbox.store, key, sandbox.clock.now(), 3_600_000), key).toBe(0);
  // The MFA user still signs in: password, then the code of the next step (the current one was used).
  const base = `${sandbox.url}/en/001.1`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: 'mfa', Password: 'mfa' }),
  });
  const { MfaToken } = (await login.json()) as { MfaToken: string };
  const code = new TotpDevice(DEMO_TOTP_SECRET).code(sandbox.clock.now() + 30_000);
  const totp = await fetch(`${base}/login/totp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ MfaToken, Code: Number(code) }),
  });
  expect(totp.status).toBe(200);
  expect(((await totp.json()) as { SessionId: string }).SessionId).toMatch(/^[0-9a-f-]{36}$/);
}

async function allVersions(databaseUrl: (version: string) => Promise<string | undefined>): Promise<void> {
  const sandboxes = await Promise.all(
    VERSIONS.map(async (version) =>
      startSandbox({ version, oidc: version !== '22.6', databaseUrl: await databaseUrl(version), clock: testClock() }),
    ),
  );
  try {
    await Promise.all(sandboxes.map(cleanRun));
  } finally {
    await Promise.all(sandboxes.map((s) => s.close()));
  }
}

describe('a clean run against the sandbox finds nothing and changes nothing', () => {
  it('on SQLite at 22.6, 25.8 and the newest version', async () => {
    await allVersions(async () => undefined);
  }, 180_000);

  it.skipIf(!postgresAvailable())(
    'on PostgreSQL at 22.6, 25.8 and the newest version',
    async () => {
      pg = await startPostgres();
      await allVersions((version) => pg!.createDatabase(`verify_${version.replace('.', '_')}`));
    },
    240_000,
  );
});
