/**
 * The relying party (runtime-auth/oidc) against a provider the test controls. Negative cases
 * follow the OpenID Foundation RP conformance list: each must be refused with
 * OIDC_TOKEN_REJECTED, and the correct token must be accepted by the same code path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertHasState,
  buildAuthorizationRequest,
  clearProviderCache,
  completeAuthorization,
  createPkcePair,
  OIDC_ERRORS,
  isOidcError,
  s256Challenge,
  type RelyingPartySettings,
} from '@specgen/runtime-auth/oidc';
import {
  basicCredentials,
  startCraftedProvider,
  type CraftedProvider,
  type TokenCraft,
} from './oidc-support/crafted-provider.ts';

const REDIRECT = 'http://127.0.0.1:8001/';
let provider: CraftedProvider;
let settings: RelyingPartySettings;

beforeAll(async () => {
  provider = await startCraftedProvider();
  settings = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUrl: REDIRECT,
    scopes: ['profile'],
    allowInsecureIssuer: true,
  };
});
afterAll(async () => {
  clearProviderCache();
  await provider.close();
});

async function signIn(craft: TokenCraft, s: RelyingPartySettings = settings, p: CraftedProvider = provider) {
  const request = await buildAuthorizationRequest(s);
  const back = p.authorize(request.url, craft);
  return completeAuthorization(
    s,
    { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    request,
  );
}

async function rejected(craft: TokenCraft): Promise<string> {
  try {
    await signIn(craft);
  } catch (e) {
    expect(isOidcError(e, OIDC_ERRORS.tokenRejected)).toBe(true);
    return (e as Error).message;
  }
  throw new Error('the relying party accepted a token it must refuse');
}

describe('PKCE (RFC 7636)', () => {
  it('gives the Appendix B challenge for the Appendix B verifier', async () => {
    const pair = await createPkcePair('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(pair).toEqual({
      verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      method: 'S256',
    });
  });

  it('puts the Appendix B vector into the authorization URL and sends the verifier to the token endpoint', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const request = await buildAuthorizationRequest(settings, { codeVerifier: verifier });
    const url = new URL(request.url);
    expect(url.searchParams.get('code_challenge')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const back = provider.authorize(request.url);
    await completeAuthorization(
      settings,
      { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
      request,
    );
    expect(provider.tokenRequests.at(-1)?.codeVerifier).toBe(verifier);
  });

  it('refuses verifiers outside 43-128 characters of [A-Za-z0-9-._~]', async () => {
    for (const bad of ['short', 'x'.repeat(129), `${'a'.repeat(42)}!`]) {
      await expect(s256Challenge(bad)).rejects.toMatchObject({ code: OIDC_ERRORS.invalidVerifier });
    }
    await expect(s256Challenge('a'.repeat(43))).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('authorization request', () => {
  it('has client_id, scope openid email, state, nonce, S256 challenge and the exact redirect', async () => {
    const request = await buildAuthorizationRequest(settings);
    const p = new URL(request.url).searchParams;
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('redirect_uri')).toBe(REDIRECT);
    expect(p.get('state')).toBe(request.state);
    expect(p.get('nonce')).toBe(request.nonce);
    expect(p.get('code_challenge')).toBe(await s256Challenge(request.codeVerifier));
    expect(request.state).not.toBe(request.nonce);
    const again = await buildAuthorizationRequest(settings);
    expect([again.state, again.nonce, again.codeVerifier]).not.toContain(request.state);
  });

  it('refuses to answer a URL without state (configuration problem)', async () => {
    await expect(buildAuthorizationRequest(settings, { state: '' })).rejects.toMatchObject({
      code: OIDC_ERRORS.stateMissingFromUrl,
    });
    expect(() => assertHasState(new URL('https://idp.example/authorize?client_id=x'))).toThrow(/no state/);
  });

  it('refuses a redirect address with a query string', async () => {
    await expect(buildAuthorizationRequest({ ...settings, redirectUrl: `${REDIRECT}?next=/x` })).rejects.toMatchObject({
      code: OIDC_ERRORS.invalidConfiguration,
    });
  });

  it('reports an unreachable issuer as a discovery failure', async () => {
    const s = { ...settings, issuer: 'http://127.0.0.1:9/' };
    await expect(buildAuthorizationRequest(s)).rejects.toMatchObject({ code: OIDC_ERRORS.discoveryFailed });
  });
});

describe('ID token validation (OIDC Core 3.1.3.7, RP conformance cases)', () => {
  it('accepts the correct token and authenticates at the token endpoint with client_secret_basic', async () => {
    const identity = await signIn({});
    expect(identity).toEqual({
      issuer: provider.issuer,
      subject: 'user-1',
      email: 'user1@example.com',
      emailVerified: true,
    });
    expect(basicCredentials(provider.tokenRequests.at(-1)?.authorization ?? undefined)).toEqual([
      provider.clientId,
      provider.clientSecret,
    ]);
    expect(provider.tokenRequests.at(-1)?.redirectUri).toBe(REDIRECT);
  });

  it('accepts a token without kid when the JWKS has one key', async () => {
    await expect(signIn({ kid: null })).resolves.toMatchObject({ subject: 'user-1' });
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each<[string, TokenCraft, RegExp]>([
    ['wrong issuer', { claims: { iss: 'https://attacker.example' } }, /"iss" \(issuer\) claim value/],
    ['wrong audience', { claims: { aud: 'someone-else' } }, /"aud" \(audience\) claim value/],
    ['audience list without the client', { claims: { aud: ['a', 'b'] } }, /"aud" \(audience\) claim value/],
    ['invalid signature', { signing: 'foreign-key' }, /signature verification failed/],
    ['alg none', { signing: 'none' }, /"alg" header parameter/],
    [
      'HS256 keyed with the client secret (algorithm confusion)',
      { signing: 'hs256-client-secret' },
      /"alg" header parameter/,
    ],
    ['wrong nonce', { claims: { nonce: 'not-the-nonce' } }, /"nonce" claim value/],
    ['missing nonce', { omit: ['nonce'] }, /"nonce" \(nonce\) claim missing/],
    ['missing sub', { omit: ['sub'] }, /"sub" \(subject\) claim missing/],
    ['missing iat', { omit: ['iat'] }, /"iat" \(issued at\) claim missing/],
    ['expired', { claims: { exp: now() - 3600, iat: now() - 7200 } }, /timestamp|"exp"/],
  ])('refuses %s', async (_name, craft, reason) => {
    expect(await rejected(craft)).toMatch(reason);
  });

  it('refuses a UserInfo response whose sub differs from the ID token', async () => {
    expect(await rejected({ omit: ['email', 'email_verified'], userinfoSub: 'someone-else' })).toMatch(
      /UserInfo.*sub/i,
    );
  });

  it('takes the e-mail from UserInfo when the ID token has none', async () => {
    await expect(signIn({ omit: ['email', 'email_verified'] })).resolves.toMatchObject({
      email: 'user1@example.com',
      emailVerified: true,
    });
  });

  it('refuses a callback whose state differs from the stored one', async () => {
    const request = await buildAuthorizationRequest(settings);
    const back = provider.authorize(request.url);
    await expect(
      completeAuthorization(settings, { code: back.searchParams.get('code')!, state: 'forged' }, request),
    ).rejects.toMatchObject({
      code: OIDC_ERRORS.tokenRejected,
    });
  });

  it('refuses a code the provider no longer accepts (second use)', async () => {
    const request = await buildAuthorizationRequest(settings);
    const back = provider.authorize(request.url);
    const params = { code: back.searchParams.get('code')!, state: request.state };
    await completeAuthorization(settings, params, request);
    await expect(completeAuthorization(settings, params, request)).rejects.toThrow(/invalid_grant/);
  });

  it('refuses a wrong verifier when the provider enforces PKCE', async () => {
    const request = await buildAuthorizationRequest(settings);
    const back = provider.authorize(request.url);
    const other = await createPkcePair();
    await expect(
      completeAuthorization(
        settings,
        { code: back.searchParams.get('code')!, state: request.state },
        { ...request, codeVerifier: other.verifier },
      ),
    ).rejects.toMatchObject({ code: OIDC_ERRORS.tokenRejected });
  });
});

describe('a provider with several signing keys', () => {
  it('refuses a token without kid when several keys could have signed it, and accepts it with its kid', async () => {
    const multi = await startCraftedProvider({ extraKeys: 2 });
    const s = { ...settings, issuer: multi.issuer, clientId: multi.clientId, clientSecret: multi.clientSecret };
    try {
      await expect(signIn({ kid: null }, s, multi)).rejects.toThrow(/multiple applicable keys/);
      await expect(signIn({}, s, multi)).resolves.toMatchObject({ subject: 'user-1' });
    } finally {
      await multi.close();
    }
  });
});

describe('a provider that ignores PKCE', () => {
  it('still gets an S256 challenge and the matching verifier, and nonce is still enforced', async () => {
    const lax = await startCraftedProvider({ advertisePkce: false, enforcePkce: false });
    const s = { ...settings, issuer: lax.issuer, clientId: lax.clientId, clientSecret: lax.clientSecret };
    try {
      const request = await buildAuthorizationRequest(s);
      const url = new URL(request.url);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      const back = lax.authorize(request.url);
      await completeAuthorization(s, { code: back.searchParams.get('code')!, state: request.state }, request);
      const sent = lax.tokenRequests.at(-1)?.codeVerifier ?? '';
      expect(await s256Challenge(sent)).toBe(url.searchParams.get('code_challenge'));
      await expect(signIn({ claims: { nonce: 'replayed' } }, s, lax)).rejects.toMatchObject({
        code: OIDC_ERRORS.tokenRejected,
      });
    } finally {
      await lax.close();
    }
  });
});
