/**
 * The OIDC endpoints' rules (spec: Sign-in flows, OIDC initiate and callback error tables),
 * one test per rule, with a provider the test controls.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearProviderCache } from '@specgen/runtime-auth/oidc';
import { createUser, findUserByUsername } from '@specgen/runtime-store';
import { startCraftedProvider, type CraftedProvider, type TokenCraft } from './oidc-support/crafted-provider.ts';
import { CookieClient } from './oidc-support/cookie-client.ts';
import { startHarness, type Harness, type HarnessOptions } from './oidc-support/harness.ts';

const REDIRECT = 'http://127.0.0.1:8001/';
let provider: CraftedProvider;
let h: Harness;

beforeAll(async () => {
  provider = await startCraftedProvider();
});
afterAll(async () => {
  clearProviderCache();
  await provider.close();
});

async function harness(extra: HarnessOptions = {}) {
  h = await startHarness({
    ...extra,
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      maxFailedAttempts: 1000,
      ...extra.oidc,
    },
  });
  await createUser(h.store, { username: 'user1', authMode: 'oidc', oidcEmail: 'user1@example.com', permissions: [] });
  return h;
}
/** Harnesses started inside a test (not in beforeAll) are closed after it. */
let perTest: Harness | null = null;
afterEach(async () => {
  await perTest?.close();
  perTest = null;
});

async function initiated(client = new CookieClient(), body?: unknown) {
  const res = await client.initiate(h.base, REDIRECT, body);
  expect(res.status).toBe(200);
  return { client, url: await res.text() };
}

/** Initiate, let the provider "log the user in", and call the callback with the returned code and state. */
async function signIn(craft: TokenCraft = {}, client = new CookieClient()) {
  const { url } = await initiated(client);
  const back = provider.authorize(url, craft);
  const res = await client.callback(h.base, {
    code: back.searchParams.get('code')!,
    state: back.searchParams.get('state')!,
  });
  return { res, client, back };
}

const jsonString = async (res: Response) => JSON.parse(await res.text()) as unknown;

describe('POST login/oidc (initiate)', () => {
  beforeAll(async () => {
    await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 200 text/plain with the authorization URL carrying client_id, scope, state, nonce and an S256 challenge', async () => {
    const client = new CookieClient();
    const res = await client.initiate(h.base, REDIRECT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const url = new URL(await res.text());
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('redirect_uri')).toBe(REDIRECT);
  });

  it('binds the flow to an HttpOnly cookie whose value is stored only hashed, with state, nonce, verifier and LoginRequest', async () => {
    const client = new CookieClient();
    const res = await client.initiate(h.base, REDIRECT, { ForceRelogin: true });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('service-oidc-flow='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const url = new URL(await res.text());
    const rows = await h.store.db
      .selectFrom('oidc_flows')
      .selectAll()
      .where('state', '=', url.searchParams.get('state'))
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const cookieValue = client.cookies.get('service-oidc-flow')!;
    expect(row.binding).not.toBe(cookieValue);
    expect(String(row.binding)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.state).toBe(url.searchParams.get('state'));
    expect(row.nonce).toBe(url.searchParams.get('nonce'));
    expect(String(row.code_verifier)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(String(row.login_request))).toEqual({ ForceRelogin: true });
    expect(row.consumed_at).toBeNull();
  });

  it.each([
    ['missing', null, 'redirectUrl is required'],
    ['empty', '', 'redirectUrl is required'],
    [
      'another host (open redirect)',
      'https://attacker.example/',
      'redirectUrl does not match the registered redirect address',
    ],
    [
      'the registered one without its trailing slash',
      'http://127.0.0.1:8001',
      'redirectUrl does not match the registered redirect address',
    ],
    [
      'the registered one with a path added',
      'http://127.0.0.1:8001/evil',
      'redirectUrl does not match the registered redirect address',
    ],
  ])('answers 400 when redirectUrl is %s', async (_name, redirectUrl, message) => {
    const before = (await h.store.db.selectFrom('oidc_flows').selectAll().execute()).length;
    const res = await new CookieClient().initiate(h.base, redirectUrl);
    expect(res.status).toBe(400);
    expect(await jsonString(res)).toBe(message);
    expect(await h.store.db.selectFrom('oidc_flows').selectAll().execute()).toHaveLength(before);
  });

  it('answers 400 when redirectUrl is given twice', async () => {
    const q = `redirectUrl=${encodeURIComponent(REDIRECT)}`;
    const res = await fetch(`${h.base}/login/oidc?${q}&${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  it.each([
    ['Username and Password', { Username: 'a', Password: 'b' }],
    ['a non-boolean ForceRelogin', { ForceRelogin: 'yes' }],
    ['an array', [1]],
  ])('answers 400 for a body with %s', async (_name, body) => {
    const res = await new CookieClient().initiate(h.base, REDIRECT, body);
    expect(res.status).toBe(400);
    expect(await jsonString(res)).toBe('Body must be a JSON LoginRequest without Username and Password');
  });

  it('restarts the flow on a repeated initiate: the earlier state no longer works, the new one does', async () => {
    const client = new CookieClient();
    const first = await initiated(client);
    const second = await initiated(client);
    const firstBack = provider.authorize(first.url);
    const stale = await client
      .clone()
      .callback(h.base, { code: firstBack.searchParams.get('code')!, state: firstBack.searchParams.get('state')! });
    expect(stale.status).toBe(400);
    const back = provider.authorize(second.url);
    const ok = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(ok.status).toBe(200);
  });
});

describe('initiate: configuration problems', () => {
  it('answers 400 when the generated authorization URL lacks state', async () => {
    perTest = await harness({ plugin: { authorizationOverrides: () => ({ state: '' }) } });
    const res = await new CookieClient().initiate(h.base, REDIRECT);
    expect(res.status).toBe(400);
    expect(await jsonString(res)).toBe('The authorization URL lacks state (OIDC configuration problem)');
  });

  it('answers 503 when no issuer is configured', async () => {
    perTest = await harness({ oidc: { issuer: null } });
    const res = await new CookieClient().initiate(h.base, REDIRECT);
    expect(res.status).toBe(503);
    expect(await jsonString(res)).toBe('OIDC sign-in is not configured');
  });

  it('answers 503 when the provider cannot be reached', async () => {
    perTest = await harness({ oidc: { issuer: 'http://127.0.0.1:9' } });
    const res = await new CookieClient().initiate(h.base, REDIRECT);
    expect(res.status).toBe(503);
    expect(await jsonString(res)).toBe('The identity provider is unavailable');
  });

  it('uses a Secure __Host- cookie when cookies are Secure, and the callback reads it', async () => {
    perTest = await harness({ cookieSecure: true });
    const client = new CookieClient();
    const res = await client.initiate(h.base, REDIRECT);
    const flowCookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-service-oidc-flow='));
    expect(flowCookie).toMatch(/; Path=\/;.*HttpOnly.*; Secure$/);
    const back = provider.authorize(await res.text());
    const ok = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(ok.status).toBe(200);
  });

  it('runs the RFC 7636 Appendix B verifier through initiate and callback', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    perTest = await harness({ plugin: { authorizationOverrides: () => ({ codeVerifier: verifier }) } });
    const { res } = await signIn();
    expect(res.status).toBe(200);
    const flows = await h.store.db.selectFrom('oidc_flows').selectAll().execute();
    expect(flows[0]?.code_verifier).toBe(verifier);
    expect(provider.tokenRequests.at(-1)?.codeVerifier).toBe(verifier);
  });
});

describe('GET login/oidc/callback', () => {
  beforeAll(async () => {
    await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('signs in: LoginResponse with SessionId and MfaToken null, session header and cookie, flow consumed', async () => {
    const { res, back } = await signIn();
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.MfaToken).toBeNull();
    expect(body.SessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-service-sessionid')).toBe(body.SessionId);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`ServiceSessionId=${String(body.SessionId)}`))).toBe(
      true,
    );
    expect(res.headers.getSetCookie().some((c) => /^service-oidc-flow=;.*Max-Age=0/.test(c))).toBe(true);
    const user = await findUserByUsername(h.store, 'user1');
    expect(h.sessions.at(-1)).toEqual({ userId: user!.id, forceRelogin: true });
    const flows = await h.store.db
      .selectFrom('oidc_flows')
      .selectAll()
      .where('state', '=', back.searchParams.get('state'))
      .execute();
    expect(flows[0]?.consumed_at).not.toBeNull();
  });

  it('passes ForceRelogin false from the stored LoginRequest', async () => {
    const client = new CookieClient();
    const { url } = await initiated(client, { ForceRelogin: false });
    const back = provider.authorize(url);
    const res = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(res.status).toBe(200);
    expect(h.sessions.at(-1)?.forceRelogin).toBe(false);
  });

  it.each([
    ['code missing', { state: 'x' }],
    ['state missing', { code: 'x' }],
    ['both empty', { code: '', state: '' }],
  ])('answers 400 when %s', async (_name, params) => {
    const { client } = await initiated();
    const res = await client.callback(h.base, params);
    expect(res.status).toBe(400);
    expect(await jsonString(res)).toBe('code and state are required');
  });

  it('answers 400 when state differs from the stored one, and the flow stays usable', async () => {
    const { client, url } = await initiated();
    const back = provider.authorize(url);
    const forged = await client.callback(h.base, { code: back.searchParams.get('code')!, state: 'forged-state' });
    expect(forged.status).toBe(400);
    expect(await jsonString(forged)).toBe('Invalid state or missing PKCE verifier (stale or wrong session)');
    const ok = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(ok.status).toBe(200);
  });

  it('answers 400 when the cookie was lost (verifier missing)', async () => {
    const { url } = await initiated();
    const back = provider.authorize(url);
    const res = await new CookieClient().callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(res.status).toBe(400);
    expect(await jsonString(res)).toBe('Invalid state or missing PKCE verifier (stale or wrong session)');
  });

  it('answers 400 on a second use of the same code and state', async () => {
    const { url, client } = await initiated();
    const back = provider.authorize(url);
    const params = { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
    const replay = client.clone();
    expect((await client.callback(h.base, params)).status).toBe(200);
    const second = await replay.callback(h.base, params);
    expect(second.status).toBe(400);
  });

  it('answers 401 when the ID token fails validation (wrong nonce)', async () => {
    const before = h.sessions.length;
    const { res } = await signIn({ claims: { nonce: 'other' } });
    expect(res.status).toBe(401);
    expect(await jsonString(res)).toBe('OIDC authentication failed');
    expect(h.sessions).toHaveLength(before);
  });

  it('answers 401 when the code exchange fails', async () => {
    const { client, url } = await initiated();
    const back = provider.authorize(url);
    const res = await client.callback(h.base, { code: 'not-a-code', state: back.searchParams.get('state')! });
    expect(res.status).toBe(401);
  });

  it('answers 401 when the client forwards an iss of another issuer (mix-up, RFC 9207)', async () => {
    const { client, url } = await initiated();
    const back = provider.authorize(url);
    const res = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      iss: 'https://other-idp.example',
    });
    expect(res.status).toBe(401);
  });

  it('accepts the iss the provider sent', async () => {
    const { client, url } = await initiated();
    const back = provider.authorize(url);
    const res = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      iss: provider.issuer,
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 when no user is linked to the e-mail', async () => {
    const { res } = await signIn({ claims: { email: 'stranger@example.com' } });
    expect(res.status).toBe(401);
    expect(await jsonString(res)).toBe('No user is linked to this OIDC e-mail');
  });

  it('answers 401 when the provider marks the e-mail unverified', async () => {
    const { res } = await signIn({ claims: { email_verified: false } });
    expect(res.status).toBe(401);
  });

  it('answers 403 when the user authenticates with a password', async () => {
    await createUser(h.store, { username: 'pw', authMode: 'password', oidcEmail: 'pw@example.com' });
    const { res } = await signIn({ claims: { email: 'pw@example.com' } });
    expect(res.status).toBe(403);
    expect(await jsonString(res)).toBe('Access denied by policy');
  });

  it('answers 410 when the flow is older than its lifetime', async () => {
    const { client, url } = await initiated();
    const back = provider.authorize(url);
    await h.store.db
      .updateTable('oidc_flows')
      .set({ created_at: Date.now() - 601_000 })
      .where('state', '=', back.searchParams.get('state'))
      .execute();
    const res = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(res.status).toBe(410);
    expect(await jsonString(res)).toBe('OIDC sign-in flow expired');
  });
});

describe('linking on the first successful login', () => {
  beforeAll(async () => {
    await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('records the verified e-mail on a prepared OIDC user whose username is that e-mail, then finds them by it', async () => {
    await createUser(h.store, { username: 'New.User@example.com', authMode: 'oidc' });
    const { res } = await signIn({ claims: { email: 'New.User@example.com' } });
    expect(res.status).toBe(200);
    expect((await findUserByUsername(h.store, 'New.User@example.com'))?.oidcEmail).toBe('new.user@example.com');
    const again = await signIn({ claims: { email: 'new.user@example.com' } });
    expect(again.res.status).toBe(200);
  });

  it('does not link without email_verified: true', async () => {
    await createUser(h.store, { username: 'maybe@example.com', authMode: 'oidc' });
    const { res } = await signIn({ claims: { email: 'maybe@example.com' }, omit: ['email_verified'] });
    expect(res.status).toBe(401);
    expect((await findUserByUsername(h.store, 'maybe@example.com'))?.oidcEmail).toBeNull();
  });

  it('answers 403 for a password user whose username is the e-mail, and links nothing', async () => {
    await createUser(h.store, { username: 'pwuser@example.com', authMode: 'password' });
    const { res } = await signIn({ claims: { email: 'pwuser@example.com' } });
    expect(res.status).toBe(403);
    expect((await findUserByUsername(h.store, 'pwuser@example.com'))?.oidcEmail).toBeNull();
  });
});

describe('429 too many attempts', () => {
  it('answers 429 once a client has failed the configured number of times, before looking at the request', async () => {
    perTest = await harness({ oidc: { maxFailedAttempts: 3 } });
    const client = new CookieClient();
    for (let i = 0; i < 3; i++) expect((await client.callback(h.base, { code: 'c', state: `s${i}` })).status).toBe(400);
    const { url } = await initiated(client);
    const back = provider.authorize(url);
    const res = await client.callback(h.base, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(res.status).toBe(429);
    expect(await jsonString(res)).toBe('Too many attempts');
  });
});

describe('service version', () => {
  it.each(['25.7', '2.18'])('has no OIDC endpoints at %s (404)', async (version) => {
    perTest = await harness({ serviceVersion: version });
    expect((await new CookieClient().initiate(h.base, REDIRECT)).status).toBe(404);
    expect((await new CookieClient().callback(h.base, { code: 'a', state: 'b' })).status).toBe(404);
  });

  it('has them at 25.8', async () => {
    perTest = await harness({ serviceVersion: '25.8' });
    expect((await new CookieClient().initiate(h.base, REDIRECT)).status).toBe(200);
  });
});
