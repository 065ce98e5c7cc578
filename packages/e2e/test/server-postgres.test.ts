/**
 * Two server instances on one PostgreSQL, as behind a load balancer: a session created on one
 * works on the other; a TOTP code accepted on one is refused on the other; of 20 concurrent TOTP
 * logins with the same MfaToken and code (spread over both), exactly one succeeds.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support';
import { parseSpecFile } from '@specgen/parser';
import { generateTotp, hashPassword, newTotpDevice, sealDevice, type TotpDevice } from '@specgen/runtime-auth';
import { createUser, openStore, saveDevice, type Store } from '@specgen/runtime-store';
import { createServer, loadConfig } from '@specgen/runtime-server';

interface Instance {
  app: Awaited<ReturnType<typeof createServer>>;
  store: Store;
  base: string;
}

const enabled = postgresAvailable();
let pg: PostgresCluster;
const instances: Instance[] = [];
let device: TotpDevice;
let device2: TotpDevice;

async function startInstance(databaseUrl: string, key: string): Promise<Instance> {
  const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
  const config = loadConfig(
    {
      SECRETS_KEY: key,
      PORT: '0',
      DATABASE_URL: databaseUrl,
      LOGIN_RATE_PER_MINUTE: '1000',
      LOGIN_FAILURES_PER_USER: '3',
    },
    spec,
  );
  const store = await openStore(databaseUrl, { poolSize: 20 });
  const app = await createServer({ spec, config, store, log: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, store, base: `${address}/en/001.1` };
}

const post = (i: Instance, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${i.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function mfaToken(i: Instance, username = 'mfa'): Promise<string> {
  const res = await post(i, '/login', { Username: username, Password: 'pw' });
  return ((await res.json()) as { MfaToken: string }).MfaToken;
}

describe.skipIf(!enabled)('two server instances on one PostgreSQL', () => {
  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.createDatabase('server_two_instances');
    const key = randomBytes(32).toString('hex');
    instances.push(await startInstance(url, key), await startInstance(url, key));
    const store = instances[0]!.store;
    const passwordHash = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    await createUser(store, { username: 'demo', passwordHash });
    const mfa = await createUser(store, { username: 'mfa', passwordHash, mfaRequired: true });
    device = newTotpDevice();
    await saveDevice(store, mfa.id, sealDevice(Buffer.from(key, 'hex'), device, mfa.id), Date.now());
    const mfa2 = await createUser(store, { username: 'mfa2', passwordHash, mfaRequired: true });
    device2 = newTotpDevice();
    await saveDevice(store, mfa2.id, sealDevice(Buffer.from(key, 'hex'), device2, mfa2.id), Date.now());
  });
  afterAll(async () => {
    for (const i of instances) await i.app.close();
    for (const i of instances) await i.store.close();
    await pg?.stop();
  });

  it('a session created on one instance works on the other, and a logout on one ends it on both (within SESSION_CACHE_MS)', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const id = ((await (await post(a, '/login', { Username: 'demo', Password: 'pw' })).json()) as { SessionId: string })
      .SessionId;
    const onB = await fetch(`${b.base}/session`, { headers: { 'X-Service-SessionId': id } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ SessionId: id, Username: 'demo' });
    expect((await fetch(`${a.base}/session`, { headers: { 'X-Service-SessionId': id } })).status).toBe(200);
    expect((await post(b, '/logout', {}, { 'X-Service-SessionId': id })).status).toBe(204);
    expect((await fetch(`${b.base}/session`, { headers: { 'X-Service-SessionId': id } })).status).toBe(401);
    // A may reuse what it read for SESSION_CACHE_MS (default 1 s); after that the logout holds there too.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await fetch(`${a.base}/session`, { headers: { 'X-Service-SessionId': id } })).status).toBe(401);
  });

  it('a TOTP code accepted on one instance is refused on the other', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const tokenA = await mfaToken(a);
    const tokenB = await mfaToken(b);
    const code = Number(generateTotp(device, Date.now()));
    expect((await post(a, '/login/totp', { MfaToken: tokenA, Code: code })).status).toBe(200);
    const replay = await post(b, '/login/totp', { MfaToken: tokenB, Code: code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toBe('Login failed');
  }, 60_000);

  it('failed logins are counted per user across instances (429 on either)', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    const statuses: number[] = [];
    for (const i of [a, b, a, b])
      statuses.push((await post(i, '/login', { Username: 'mallory', Password: 'guess' })).status);
    expect(statuses).toEqual([403, 403, 403, 429]);
  });

  it('20 concurrent TOTP logins with the same MfaToken and code: exactly one success', async () => {
    const token = await mfaToken(instances[0]!, 'mfa2');
    const code = Number(generateTotp(device2, Date.now()));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => post(instances[n % 2]!, '/login/totp', { MfaToken: token, Code: code })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const s of statuses) expect([200, 401, 410]).toContain(s);
    const sessions = await instances[0]!.store.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('users.username', '=', 'mfa2')
      .where('sessions.created_at', '>=', Date.now() - 20_000)
      .selectAll()
      .execute();
    expect(sessions).toHaveLength(1);
  }, 60_000);
});
