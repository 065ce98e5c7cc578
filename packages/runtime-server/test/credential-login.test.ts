import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@specgen/runtime-auth';
import { BASE, post, sessionHeader, testServer, type TestServer } from './helpers.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('credential login', () => {
  let t: TestServer;
  const verified: Array<string | null> = [];
  beforeAll(async () => {
    t = await testServer({
      options: { passwords: { verify: (hash, pw) => (verified.push(hash), verifyPassword(hash, pw)) } },
    });
    await t.addUser({ username: 'demo', password: 'demo-pass', permissions: ['Show case'] });
    await t.addUser({ username: 'oidc-only', password: 'x', authMode: 'oidc' });
    await t.addUser({ username: 'mfa', password: 'mfa-pass', mfaRequired: true });
  });
  afterAll(() => t.close());

  it('answers 200 LoginResponse with a GUID SessionId, the header and an HttpOnly SameSite=Lax cookie', async () => {
    const res = await post(t.app, '/login', { Username: 'demo', Password: 'demo-pass', ForceRelogin: false });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ $id: '1', SessionId: expect.stringMatching(GUID), MfaToken: null });
    expect(res.headers['x-service-sessionid']).toBe(body.SessionId);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`ServiceSessionId=${body.SessionId}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('gives a new session id at every login', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++)
      ids.add((await post(t.app, '/login', { Username: 'demo', Password: 'demo-pass' })).json().SessionId);
    expect(ids.size).toBe(3);
  });

  it('answers unknown user and wrong password alike: 403 "User login failed", after the same password work', async () => {
    verified.length = 0;
    const unknown = await post(t.app, '/login', { Username: 'nobody', Password: 'demo-pass' });
    const wrong = await post(t.app, '/login', { Username: 'demo', Password: 'wrong' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe('"User login failed"');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-service-sessionid']).toBeUndefined();
    }
    expect(verified).toHaveLength(2);
    expect(verified[0]).toBeNull();
    expect(verified[1]).toMatch(/^scrypt\$/);
  });

  it('refuses password login for a user in OIDC mode with the same 403', async () => {
    const res = await post(t.app, '/login', { Username: 'oidc-only', Password: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toBe('User login failed');
  });

  it('an MFA user gets SessionId null and an MfaToken, every other field null, and no session', async () => {
    const res = await post(t.app, '/login', { Username: 'mfa', Password: 'mfa-pass' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(typeof body.MfaToken).toBe('string');
    for (const [k, v] of Object.entries(body))
      if (k !== 'MfaToken' && k !== '$id') expect(v === null || v === false).toBe(true);
    expect(body.SessionId).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('ForceRelogin ends the other sessions: they answer 403 "Session suspended"', async () => {
    const a = (await post(t.app, '/login', { Username: 'demo', Password: 'demo-pass' })).json().SessionId;
    const b = (await post(t.app, '/login', { Username: 'demo', Password: 'demo-pass', ForceRelogin: false })).json()
      .SessionId;
    expect((await t.app.inject({ url: `${BASE}/session`, headers: sessionHeader(a) })).statusCode).toBe(200);
    const c = (await post(t.app, '/login', { Username: 'demo', Password: 'demo-pass', ForceRelogin: true })).json()
      .SessionId;
    for (const old of [a, b]) {
      const res = await t.app.inject({ url: `${BASE}/session`, headers: sessionHeader(old) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toBe('Session suspended');
    }
    const current = await t.app.inject({ url: `${BASE}/session`, headers: sessionHeader(c) });
    expect(current.json()).toMatchObject({ SessionId: c, Username: 'demo', Permissions: ['Show case'] });
  });

  it('stores scrypt hashes, never the password', async () => {
    expect(await hashPassword('p')).not.toContain('p$');
    const rows = await t.store.db.selectFrom('users').select('password_hash').execute();
    for (const r of rows) expect(String(r.password_hash)).not.toContain('demo-pass');
  });
});

describe('createServer without a route table', () => {
  it("installs the contract's routes with the default handlers (OIDC and read resources answer)", async () => {
    const t = await testServer();
    const res = await t.app.inject({ url: `${BASE}/api/v1/Inventory/ProductRecords` });
    expect(res.statusCode).toBe(401);
    const oidc = await t.app.inject({ method: 'POST', url: `${BASE}/login/oidc`, payload: {} });
    expect(oidc.statusCode).not.toBe(404);
    await t.close();
  }, 60_000);
});
