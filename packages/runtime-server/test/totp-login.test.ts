import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotpDevice } from '@specgen/runtime-auth';
import { RFC6238_VECTORS, rfcDevice } from '@specgen/runtime-auth/testing';
import { newTotpDevice, post, testServer, type TestServer } from './helpers.ts';

describe('TOTP login', () => {
  let t: TestServer;
  let device: TotpDevice;
  beforeAll(async () => {
    t = await testServer();
    device = newTotpDevice();
    await t.addUser({ username: 'mfa', password: 'pw', mfaRequired: true, device });
  });
  afterAll(() => t.close());

  const mfaToken = async (user = 'mfa', force = false) =>
    (await post(t.app, '/login', { Username: user, Password: 'pw', ForceRelogin: force })).json().MfaToken as string;
  const step = () => (t.clock.now += 30_000);

  it('a wrong code answers 401 "Login failed" and the MfaToken stays usable; the right code signs in', async () => {
    step();
    const token = await mfaToken();
    const wrongCode = (Number(t.code(device)) + 1) % 1_000_000;
    const wrong = await post(t.app, '/login/totp', { MfaToken: token, Code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe('"Login failed"');
    const right = await post(t.app, '/login/totp', { MfaToken: token, Code: Number(t.code(device)) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ SessionId: expect.any(String), MfaToken: null });
    expect(right.headers['x-service-sessionid']).toBe(right.json().SessionId);
    expect(String(right.headers['set-cookie'])).toContain('ServiceSessionId=');
  });

  it('an unknown, used or expired MfaToken answers 410 "Login failed"', async () => {
    step();
    const unknown = await post(t.app, '/login/totp', { MfaToken: 'not-a-token', Code: 123456 });
    expect([unknown.statusCode, unknown.json()]).toEqual([410, 'Login failed']);
    const token = await mfaToken();
    expect((await post(t.app, '/login/totp', { MfaToken: token, Code: Number(t.code(device)) })).statusCode).toBe(200);
    step();
    expect((await post(t.app, '/login/totp', { MfaToken: token, Code: Number(t.code(device)) })).statusCode).toBe(410);
    const late = await mfaToken();
    t.clock.now += 90_000; // the IR limit mfaTokenValidity: 1.5 minutes
    const expired = await post(t.app, '/login/totp', { MfaToken: late, Code: Number(t.code(device)) });
    expect([expired.statusCode, expired.json()]).toEqual([410, 'Login failed']);
  });

  it('the MfaToken is valid 1.5 minutes (taken from the IR)', async () => {
    step();
    const token = await mfaToken();
    t.clock.now += 89_000;
    expect((await post(t.app, '/login/totp', { MfaToken: token, Code: Number(t.code(device)) })).statusCode).toBe(200);
  });

  it('each code is accepted once, even with a fresh MfaToken', async () => {
    step();
    const code = Number(t.code(device));
    expect((await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: code })).statusCode).toBe(200);
    const replay = await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: code });
    expect([replay.statusCode, replay.json()]).toEqual([401, 'Login failed']);
  });

  it('accepts one step of clock drift either way, not two', async () => {
    step();
    step();
    step();
    expect(
      (await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: Number(t.code(device, -30_000)) }))
        .statusCode,
    ).toBe(200);
    step();
    step();
    step();
    expect(
      (await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: Number(t.code(device, 30_000)) }))
        .statusCode,
    ).toBe(200);
    step();
    step();
    step();
    expect(
      (await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: Number(t.code(device, 60_000)) }))
        .statusCode,
    ).toBe(401);
  });

  it('after 5 wrong codes the MfaToken ends with 429, even for the right code', async () => {
    step();
    const token = await mfaToken();
    const wrong = (Number(t.code(device)) + 7) % 1_000_000;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post(t.app, '/login/totp', { MfaToken: token, Code: wrong })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await post(t.app, '/login/totp', { MfaToken: token, Code: Number(t.code(device)) });
    expect([right.statusCode, right.json()]).toEqual([429, 'Login failed']);
  });

  it('ForceRelogin given at the password step applies when the TOTP step signs in', async () => {
    step();
    const first = (
      await post(t.app, '/login/totp', { MfaToken: await mfaToken(), Code: Number(t.code(device)) })
    ).json().SessionId;
    step();
    await post(t.app, '/login/totp', { MfaToken: await mfaToken('mfa', true), Code: Number(t.code(device)) });
    const old = await t.app.inject({ url: '/en/001.1/session', headers: { 'x-service-sessionid': first } });
    expect(old.statusCode).toBe(403);
  });
});

describe('RFC 6238 Appendix B vectors through the server TOTP login', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
    for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
      await t.addUser({
        username: `rfc-${algorithm}`,
        password: 'pw',
        mfaRequired: true,
        device: rfcDevice(algorithm),
      });
    }
  });
  afterAll(() => t.close());

  for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
    it(`${algorithm}: every vector signs in at its time, a neighbouring wrong code does not`, async () => {
      for (const v of RFC6238_VECTORS) {
        t.clock.now = v.t * 1000;
        const token = (await post(t.app, '/login', { Username: `rfc-${algorithm}`, Password: 'pw' })).json().MfaToken;
        const wrong = await post(t.app, '/login/totp', {
          MfaToken: token,
          Code: (Number(v[algorithm]) + 1) % 100_000_000,
        });
        expect(wrong.statusCode, `T=${v.t}`).toBe(401);
        const res = await post(t.app, '/login/totp', { MfaToken: token, Code: Number(v[algorithm]) });
        expect(res.statusCode, `T=${v.t}`).toBe(200);
      }
    });
  }
});
