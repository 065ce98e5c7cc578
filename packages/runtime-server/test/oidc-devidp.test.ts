/**
 * The whole flow over HTTP against a real oidc-provider on loopback (the bundled development
 * provider): initiate, the provider's login form by plain form posts, the callback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearProviderCache } from '@specgen/runtime-auth/oidc';
import { createUser, listUsers } from '@specgen/runtime-store';
import { DEMO_USERS, signInAtDevIdp, startDevIdp, type DevIdp } from '../src/dev-idp/index.ts';
import { CookieClient } from './oidc-support/cookie-client.ts';
import { startHarness, type Harness } from './oidc-support/harness.ts';

const REDIRECT = 'http://127.0.0.1:8001/';
const CLIENT = { id: 'service-dev', secret: 'dev-secret-0123456789abcdef' };
let idp: DevIdp;
let h: Harness;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUris: [REDIRECT] });
  h = await startHarness({
    oidc: { issuer: idp.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, maxFailedAttempts: 1000 },
  });
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
    url.search = new URLSearchParams({
      client_id: CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 's',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? '', idp.issuer);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('attachDevIdp', () => {
  it('names the busy port and the ways out', async () => {
    const { attachDevIdp } = await import('../src/dev-idp/index.ts');
    const config = { ...h.config, oidc: { ...h.config.oidc, issuer: null } };
    await expect(attachDevIdp(config, h.store, { port: idp.port })).rejects.toThrow(
      `port ${idp.port} for the development OIDC provider is in use`,
    );
  });

  it('reads DEV_IDP_PORT', async () => {
    const { devIdpPort } = await import('../src/dev-idp/index.ts');
    expect([devIdpPort(undefined), devIdpPort('9002'), devIdpPort('x'), devIdpPort('70000')]).toEqual([
      8002, 9002, 8002, 8002,
    ]);
  });

  it('points the server at the provider and creates the demo users once', async () => {
    const { attachDevIdp } = await import('../src/dev-idp/index.ts');
    const config = { ...h.config, oidc: { ...h.config.oidc, issuer: null, clientId: null } };
    const attached = await attachDevIdp(config, h.store, { port: 0, permissions: ['Show case'] });
    try {
      expect(attached.config.oidc).toMatchObject({
        issuer: attached.idp.issuer,
        clientId: 'service-dev',
        allowInsecureIssuer: true,
        redirectUrl: REDIRECT,
      });
      const discovery = (await (await fetch(`${attached.idp.issuer}/.well-known/openid-configuration`)).json()) as {
        issuer: string;
      };
      expect(discovery.issuer).toBe(attached.idp.issuer);
      const users = await listUsers(h.store);
      for (const u of DEMO_USERS) expect(users.filter((x) => x.oidcEmail === u.email)).toHaveLength(1);
    } finally {
      await attached.idp.close();
    }
  });
});
