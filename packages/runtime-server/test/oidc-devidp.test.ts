/**
 * The whole flow over HTTP against a real oidc-provider on loopback (the bundled development
 * provider): initiate, the provider's login form by plain form posts, the callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearProviderCache } from '@specgen/runtime-auth/oidc';
import { createUser } from '@specgen/runtime-store';
import { DEMO_USERS, signInAtDevIdp, startDevIdp, type DevIdp } from '../src/dev-idp/index.ts';
import { CookieClient } from './oidc-support/cookie-client.ts';
import { startHarness, type Harness } from './oidc-support/harness.ts';

const REDIRECT = 'http://127.0.0.1:8001/';
const CLIENT = { id: 'service-dev', secret: 'dev-secret-0123456789abcdef' };
let idp: DevIdp;
let h: Harness;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUris: [REDIRECT] });
  h = await startHarness({ oidc: { issuer: idp.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, maxFailedAttempts: 1000 } });
  for (const u of DEMO_USERS) await createUser(h.store, { username: u.login, authMode: 'oidc', oidcEmail: u.email });
});
afterAll(async () => {
  clearProviderCache();
  await h.close();
  await idp.close();
});

async function flow(login: string) {
  const client = new CookieClient();
  const init = await client.initiate(h.base, REDIRECT);
  expect(init.status).toBe(200);
  const back = await signInAtDevIdp(await init.text(), login);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get('iss')).toBe(idp.issuer);
  return client.callback(h.base, { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
}

describe('sign-in against the development provider', () => {
  it.each(DEMO_USERS.map((u) => u.login))('signs in demo user %s', async (login) => {
    const res = await flow(login);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { SessionId: string; MfaToken: null };
    expect(body.MfaToken).toBeNull();
    expect(body.SessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('signs in by e-mail typed at the provider', async () => {
    expect((await flow('bob@example.com')).status).toBe(200);
  });

  it('answers 401 for someone the provider knows but the service has not linked', async () => {
    const res = await flow('mallory@example.com');
    expect(res.status).toBe(401);
    expect(await res.json()).toBe('No user is linked to this OIDC e-mail');
  });

  it('refuses an authorization request without PKCE at the provider', async () => {
    const url = new URL(`${idp.issuer}/auth`);
    url.search = new URLSearchParams({ client_id: CLIENT.id, redirect_uri: REDIRECT, response_type: 'code', scope: 'openid email', state: 's' }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? '', idp.issuer);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});
