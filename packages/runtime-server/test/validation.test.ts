import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, post, testServer, type TestServer } from './helpers.ts';

describe('request validation: 4xx with a JSON string, never 500', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer({ env: { BODY_LIMIT_BYTES: '2048' } });
    await t.addUser({ username: 'demo', password: 'pw' });
  });
  afterAll(() => t.close());

  const raw = (path: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: `${BASE}${path}`, payload, headers: { 'content-type': contentType } });

  const cases: Array<[string, () => ReturnType<typeof raw>, number, RegExp]> = [
    [
      'malformed JSON (without echoing it)',
      () => raw('/login', '{"Username":"demo","Password":"hunter2'),
      400,
      /^Malformed JSON body$/,
    ],
    ['an empty body', () => raw('/login', ''), 400, /empty/],
    ['a number as Username', () => post(t.app, '/login', { Username: 5, Password: 'pw' }), 400, /Username/],
    ['a missing Password', () => post(t.app, '/login', { Username: 'demo' }), 400, /Password/],
    [
      'a string ForceRelogin',
      () => post(t.app, '/login', { Username: 'demo', Password: 'pw', ForceRelogin: 'yes' }),
      400,
      /ForceRelogin/,
    ],
    ['an array body', () => post(t.app, '/login', [1, 2]), 400, /object/],
    ['a string Code', () => post(t.app, '/login/totp', { MfaToken: 'x', Code: '123456' }), 400, /Code/],
    ['a negative Code', () => post(t.app, '/login/totp', { MfaToken: 'x', Code: -1 }), 400, /Code/],
    [
      'an extra property on a closed structure',
      () => post(t.app, '/login/totp', { MfaToken: 'x', Code: 1, Extra: 1 }),
      400,
      /additional/,
    ],
    [
      'an oversized body',
      () => post(t.app, '/login', { Username: 'demo', Password: 'x'.repeat(5000) }),
      413,
      /too large/,
    ],
    ['a form body', () => raw('/login', 'Username=demo', 'application/x-www-form-urlencoded'), 415, /Content-Type/],
    [
      'a prototype-poisoning body',
      () => raw('/login', '{"Username":"d","Password":"p","__proto__":{"x":1}}'),
      400,
      /./,
    ],
    [
      'a bad language code',
      () =>
        t.app.inject({ method: 'POST', url: '/english/001.1/login', payload: { Username: 'demo', Password: 'pw' } }),
      400,
      /languageCode/,
    ],
    [
      'a bad company number',
      () => t.app.inject({ method: 'POST', url: '/en/x;1/login', payload: { Username: 'demo', Password: 'pw' } }),
      400,
      /companyNumber/,
    ],
    ['an unknown route', () => t.app.inject({ method: 'GET', url: '/en/001.1/nothing-here' }), 404, /No route GET/],
  ];
  for (const [name, send, status, message] of cases) {
    it(`${name} -> ${status}`, async () => {
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body: unknown = res.json();
      expect(typeof body).toBe('string');
      expect(body).toMatch(message);
      expect(String(body)).not.toContain('hunter2');
    });
  }

  it('a long Username with extra LoginRequest properties is accepted (LoginRequest is open-ended)', async () => {
    const res = await post(t.app, '/login', { Username: 'demo', Password: 'pw', Language: 'en' });
    expect(res.statusCode).toBe(200);
  });
});
