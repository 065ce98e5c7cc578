import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageKey } from '@specgen/runtime-auth';
import { endSession } from '@specgen/runtime-store';
import { BASE, post, sessionHeader, testServer, type TestServer } from './helpers.ts';

describe('sessions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer({ env: { SESSION_IDLE_SECONDS: '600', SESSION_ABSOLUTE_SECONDS: '3600' } });
    await t.addUser({ username: 'demo', password: 'pw' });
  });
  afterAll(() => t.close());

  const login = async () => {
    const res = await post(t.app, '/login', { Username: 'demo', Password: 'pw' });
    return { id: res.json().SessionId as string, cookie: String(res.headers['set-cookie']).split(';')[0]! };
  };
  const session = (headers: Record<string, string>) => t.app.inject({ url: `${BASE}/session`, headers });

  it('is presented by the header or by the cookie; nothing or junk answers 401', async () => {
    const s = await login();
    expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    expect((await session({ cookie: s.cookie })).json()).toMatchObject({ SessionId: s.id, Username: 'demo' });
    for (const headers of [{}, sessionHeader('not-a-guid'), sessionHeader('6f1c7b4e-3d7e-4a8e-9a51-0e5f1a2b3c4d')]) {
      const res = await session(headers);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json()).toBe('string');
    }
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const s = await login();
    const out = await t.app.inject({ method: 'POST', url: `${BASE}/logout`, headers: sessionHeader(s.id) });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/ServiceSessionId=;/);
    expect((await session(sessionHeader(s.id))).statusCode).toBe(401);
    expect((await session({ cookie: s.cookie })).statusCode).toBe(401);
  });

  it('ends after the idle lifetime without requests', async () => {
    const s = await login();
    t.clock.now += 599_000;
    expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    t.clock.now += 599_000;
    expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    t.clock.now += 601_000;
    expect((await session(sessionHeader(s.id))).statusCode).toBe(401);
  });

  it('ends after the absolute lifetime even when used', async () => {
    const s = await login();
    for (let i = 0; i < 6; i++) {
      t.clock.now += 590_000;
      expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    }
    t.clock.now += 590_000;
    const res = await session(sessionHeader(s.id));
    expect([res.statusCode, res.json()]).toEqual([401, 'Session expired']);
  });

  it('a new login from the same browser ends the session it presented', async () => {
    const s = await login();
    const again = await post(t.app, '/login', { Username: 'demo', Password: 'pw' }, { cookie: s.cookie });
    expect(again.json().SessionId).not.toBe(s.id);
    expect((await session(sessionHeader(s.id))).statusCode).toBe(401);
  });

  it('reuses a session read from the store for SESSION_CACHE_MS (1 s): an end made elsewhere shows after that', async () => {
    const s = await login();
    expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    // As if another instance logged the session out.
    await endSession(t.store, storageKey(s.id), 'logout', t.clock.now);
    expect((await session(sessionHeader(s.id))).statusCode).toBe(200);
    t.clock.now += 1001;
    expect((await session(sessionHeader(s.id))).statusCode).toBe(401);
  });

  it('with SESSION_CACHE_MS=0 every request reads the store', async () => {
    const exact = await testServer({ env: { SESSION_CACHE_MS: '0' } });
    await exact.addUser({ username: 'demo', password: 'pw' });
    const id = (await post(exact.app, '/login', { Username: 'demo', Password: 'pw' })).json().SessionId;
    expect((await exact.app.inject({ url: `${BASE}/session`, headers: sessionHeader(id) })).statusCode).toBe(200);
    await endSession(exact.store, storageKey(id), 'logout', exact.clock.now);
    expect((await exact.app.inject({ url: `${BASE}/session`, headers: sessionHeader(id) })).statusCode).toBe(401);
    await exact.close();
  });

  it('cookies are Secure (with the __Host- prefix) when COOKIE_SECURE is on', async () => {
    const secure = await testServer({ env: { PUBLIC_URL: 'https://erp.example.com' } });
    await secure.addUser({ username: 'demo', password: 'pw' });
    const res = await post(secure.app, '/login', { Username: 'demo', Password: 'pw' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-ServiceSessionId=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    const id = res.json().SessionId;
    expect(
      (await secure.app.inject({ url: `${BASE}/session`, headers: { cookie: `__Host-ServiceSessionId=${id}` } }))
        .statusCode,
    ).toBe(200);
    await secure.close();
  });
});
