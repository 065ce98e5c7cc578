import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactQuery } from '../src/index.ts';
import { BASE, newTotpDevice, post, sessionHeader, testServer, type TestServer } from './helpers.ts';

describe('logs: request ids, no secrets', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer({ options: { log: sink } });
  });
  afterAll(() => t.close());

  it('logs every request with an id and never a password, code, token, secret or session id', async () => {
    const device = newTotpDevice();
    await t.addUser({ username: 'mfa', password: 'Pa55-w0rd-never-logged', mfaRequired: true, device });
    await t.addUser({ username: 'enrol', password: 'Pa55-w0rd-never-logged', mfaRequired: true });
    await post(t.app, '/login', { Username: 'mfa', Password: 'wrong-Pa55-also-secret' });
    const token = (await post(t.app, '/login', { Username: 'mfa', Password: 'Pa55-w0rd-never-logged' })).json()
      .MfaToken;
    const code = t.code(device);
    const session = (
      await post(t.app, '/login/totp', { MfaToken: token, Code: Number(code) }, { 'x-request-id': 'abc' })
    ).json().SessionId;
    await t.app.inject({ url: `${BASE}/session`, headers: sessionHeader(session) });
    await t.app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: '{"Username":"mfa","Password":"broken-json-secret',
      headers: { 'content-type': 'application/json' },
    });
    await t.app.inject({ url: `${BASE}/login/oidc/callback?code=oidc-code-secret&state=state-secret` });
    const enrolToken = (await post(t.app, '/login', { Username: 'enrol', Password: 'Pa55-w0rd-never-logged' })).json()
      .MfaToken;
    const secret = (
      await post(t.app, '/api/v1/Common/Commands/GetMultiFactorDeviceSecret', { MfaToken: enrolToken })
    ).json();

    const text = lines.join('');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.some((e) => e.msg === 'incoming request' && typeof e.reqId === 'string')).toBe(true);
    for (const forbidden of [
      'Pa55-w0rd-never-logged',
      'wrong-Pa55-also-secret',
      'broken-json-secret',
      token,
      enrolToken,
      session,
      secret.Secret,
      secret.MfaToken,
      'oidc-code-secret',
      'state-secret',
    ]) {
      expect(text, `log contains ${forbidden}`).not.toContain(forbidden);
    }
    expect(text).not.toMatch(new RegExp(`(^|[^0-9])${code}([^0-9]|$)`));
  });

  it('query values are replaced in logged URLs', () => {
    expect(redactQuery('/en/001.1/login/oidc/callback?code=a&state=b')).toBe(
      '/en/001.1/login/oidc/callback?code=[Redacted]&state=[Redacted]',
    );
    expect(redactQuery('/en/001.1/session')).toBe('/en/001.1/session');
  });
});
