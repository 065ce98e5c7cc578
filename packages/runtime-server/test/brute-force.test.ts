import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpDevice, post, testServer, type TestServer } from './helpers.ts';

describe('brute-force protection', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer({ env: { LOGIN_FAILURES_PER_USER: '3', LOGIN_FAILURE_WINDOW_SECONDS: '600' } });
    await t.addUser({ username: 'victim', password: 'right' });
    await t.addUser({ username: 'other', password: 'right' });
  });
  afterAll(() => t.close());

  it('locks a username after repeated failures (429, also for the right password) until the window passes', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(t.app, '/login', { Username: 'victim', Password: 'wrong' })).statusCode).toBe(403);
    const locked = await post(t.app, '/login', { Username: 'victim', Password: 'right' });
    expect([locked.statusCode, locked.json()]).toEqual([429, 'Too many attempts']);
    expect((await post(t.app, '/login', { Username: 'other', Password: 'right' })).statusCode).toBe(200);
    t.clock.now += 601_000;
    expect((await post(t.app, '/login', { Username: 'victim', Password: 'right' })).statusCode).toBe(200);
  });

  it('unknown usernames are counted the same way (no hint which names exist)', async () => {
    for (let i = 0; i < 3; i++)
      expect((await post(t.app, '/login', { Username: 'ghost', Password: 'x' })).statusCode).toBe(403);
    expect((await post(t.app, '/login', { Username: 'ghost', Password: 'x' })).statusCode).toBe(429);
  });

  it('counts wrong TOTP codes per user across MfaTokens', async () => {
    const device = newTotpDevice();
    await t.addUser({ username: 'mfa', password: 'pw', mfaRequired: true, device });
    const wrong = (Number(t.code(device)) + 3) % 1_000_000;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const token = (await post(t.app, '/login', { Username: 'mfa', Password: 'pw' })).json().MfaToken;
      statuses.push((await post(t.app, '/login/totp', { MfaToken: token, Code: wrong })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits sign-in requests per client address (429)', async () => {
    const limited = await testServer({ env: { LOGIN_RATE_PER_MINUTE: '5' } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post(limited.app, '/login', { Username: 'x', Password: 'y' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    const last = await post(limited.app, '/login/totp', { MfaToken: 'x', Code: 1 });
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect([last.statusCode, last.json()]).toEqual([410, 'Login failed']);
    await limited.close();
  });
});
