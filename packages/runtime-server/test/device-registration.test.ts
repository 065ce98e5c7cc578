import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp, type TotpDevice } from '@specgen/runtime-auth';
import { findDevice } from '@specgen/runtime-store';
import { newTotpDevice, post, sessionHeader, testServer, type TestServer } from './helpers.ts';

const GET = '/api/v1/Common/Commands/GetMultiFactorDeviceSecret';
const SET = '/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice';
const INVALID = 'Validation failed for command SetMultiFactorAuthenticationDevice: Invalid or expired MfaToken.';

function deviceOf(secret: string): TotpDevice {
  return { secret, algorithm: 'SHA1', digits: 6, period: 30 };
}

describe('device registration', () => {
  let t: TestServer;
  let enrolId: string;
  beforeAll(async () => {
    t = await testServer();
    enrolId = (await t.addUser({ username: 'enrol', password: 'pw', mfaRequired: true })).id;
    await t.addUser({ username: 'mfa', password: 'pw', mfaRequired: true, device: newTotpDevice() });
    await t.addUser({ username: 'plain', password: 'pw' });
  });
  afterAll(() => t.close());

  const login = async (user: string) => (await post(t.app, '/login', { Username: user, Password: 'pw' })).json();

  it('an MFA user without a device enrols with the MfaToken of the password login, and is signed in', async () => {
    const { MfaToken } = await login('enrol');
    expect((await post(t.app, '/login/totp', { MfaToken, Code: 123456 })).statusCode).toBe(410);
    const res = await post(t.app, GET, { MfaToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.QrCode).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(body.ExpiryDate)).toBe(t.clock.now + 300_000);
    expect(body.MfaToken).not.toBe(MfaToken);
    // the enrolment token is single use
    expect((await post(t.app, GET, { MfaToken })).statusCode).toBe(400);

    const wrongToken = await post(t.app, SET, { MfaToken: 'nope', Code: 1 });
    expect([wrongToken.statusCode, wrongToken.json()]).toEqual([400, INVALID]);
    const code = Number(generateTotp(deviceOf(body.Secret), t.clock.now));
    const wrongCode = await post(t.app, SET, { MfaToken: body.MfaToken, Code: (code + 1) % 1_000_000 });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatch(/^Validation failed for command SetMultiFactorAuthenticationDevice: /);
    const done = await post(t.app, SET, { MfaToken: body.MfaToken, Code: code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ DeviceRegistered: true, SessionId: expect.any(String) });
    expect(done.headers['x-service-sessionid']).toBe(done.json().SessionId);
    expect(await findDevice(t.store, enrolId)).toBeDefined();
    expect((await post(t.app, SET, { MfaToken: body.MfaToken, Code: code })).json()).toBe(INVALID);

    // From now on the user signs in with the device.
    t.clock.now += 30_000;
    const next = await login('enrol');
    expect((await post(t.app, GET, { MfaToken: next.MfaToken })).statusCode).toBe(400);
    const signedIn = await post(t.app, '/login/totp', {
      MfaToken: next.MfaToken,
      Code: Number(generateTotp(deviceOf(body.Secret), t.clock.now)),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('the device secret is stored encrypted', async () => {
    const row = await t.store.db
      .selectFrom('devices')
      .selectAll()
      .where('user_id', '=', enrolId)
      .executeTakeFirstOrThrow();
    expect(String(row.secret)).toMatch(/^v1\./);
    expect(String(row.secret)).not.toMatch(/[A-Z2-7]{32}/);
  });

  it('a code after ExpiryDate does not register: 400 invalid or expired MfaToken', async () => {
    const session = (await login('plain')).SessionId;
    const res = await post(t.app, GET, {}, sessionHeader(session));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-service-sessionid']).toBe(session);
    t.clock.now += 300_000;
    const late = await post(t.app, SET, {
      MfaToken: res.json().MfaToken,
      Code: Number(generateTotp(deviceOf(res.json().Secret), t.clock.now)),
    });
    expect([late.statusCode, late.json()]).toEqual([400, INVALID]);
  });

  it('a signed-in user registers a device with the session; no session and no token is 401', async () => {
    expect((await post(t.app, GET, {})).statusCode).toBe(401);
    const session = (await login('plain')).SessionId;
    const res = (await post(t.app, GET, {}, sessionHeader(session))).json();
    const done = await post(t.app, SET, {
      MfaToken: res.MfaToken,
      Code: Number(generateTotp(deviceOf(res.Secret), t.clock.now)),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ DeviceRegistered: true, SessionId: null });
  });

  it('an MfaToken of an MFA user with a device cannot fetch a secret', async () => {
    const { MfaToken } = await login('mfa');
    const res = await post(t.app, GET, { MfaToken });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      'Validation failed for command GetMultiFactorDeviceSecret: Invalid or expired MfaToken.',
    ]);
    expect((await post(t.app, '/login/totp', { MfaToken, Code: 1 })).statusCode).toBe(401);
  });

  it('an unknown command answers 404', async () => {
    const res = await post(t.app, '/api/v1/Common/Commands/DropEverything', {});
    expect([res.statusCode, res.json()]).toEqual([404, 'Unknown command DropEverything']);
  });
});
