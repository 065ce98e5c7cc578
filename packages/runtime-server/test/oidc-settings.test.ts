/** Tables of the small pure pieces of the OIDC plugin: LoginRequest check, routes per version, settings. */
import { describe, expect, it } from 'vitest';
import { spec as specOf } from '@specgen/ir';
import { OIDC_DEFAULTS, oidcRuntimeSettings, parseLoginRequest, routeAt } from '../src/oidc/index.ts';
import type { ServerConfig } from '../src/server-context.ts';
import { realSpec } from './oidc-support/harness.ts';

describe('parseLoginRequest', () => {
  it.each<[string, unknown, Record<string, unknown> | null]>([
    ['absent body', undefined, {}],
    ['empty object', {}, {}],
    ['ForceRelogin true', { ForceRelogin: true }, { ForceRelogin: true }],
    [
      'unknown fields kept (spec: other fields not shown)',
      { ForceRelogin: false, Culture: 'en' },
      { ForceRelogin: false, Culture: 'en' },
    ],
    ['Username', { Username: 'a' }, null],
    ['Password', { Password: 'b' }, null],
    ['Username null still named', { Username: null }, null],
    ['ForceRelogin as text', { ForceRelogin: 'true' }, null],
    ['array', [], null],
    ['number', 3, null],
    ['string', 'x', null],
  ])('%s', (_name, body, want) => {
    expect(parseLoginRequest(body)).toEqual(want);
  });
});

describe('routeAt (the IR endpoints, since 25.8)', () => {
  const spec = realSpec();
  it.each([
    ['oidcInitiate', '26.8', '/login/oidc'],
    ['oidcCallback', '25.8', '/login/oidc/callback'],
    ['oidcInitiate', '25.7', null],
    ['oidcCallback', '2.18', null],
    ['noSuchEndpoint', '26.8', null],
  ])('%s at %s', (id, version, want) => {
    expect(routeAt(spec, id, version)).toBe(want);
  });

  it('has nothing for a spec without the endpoints', () => {
    expect(routeAt(specOf(), 'oidcInitiate', '26.8')).toBeNull();
  });
});

describe('oidcRuntimeSettings', () => {
  const base: ServerConfig = {
    port: 8001,
    host: '127.0.0.1',
    serviceVersion: '26.8',
    databaseUrl: 'sqlite::memory:',
    secretsKey: Buffer.alloc(32),
    sessionIdleSeconds: 1,
    sessionAbsoluteSeconds: 1,
    cookieSecure: true,
    publicUrl: 'https://erp.example/',
    oidc: {
      issuer: 'https://idp.example',
      clientId: 'c',
      clientSecret: null,
      redirectUrl: null,
      scopes: ['openid'],
      flowLifetimeSeconds: 0,
      allowInsecureIssuer: false,
    },
  };

  it('defaults the redirect address to the public URL with one slash, and the limits to the documented values', () => {
    const s = oidcRuntimeSettings(base);
    expect(s.redirectUrl).toBe('https://erp.example/');
    expect(s.relyingParty?.redirectUrl).toBe('https://erp.example/');
    expect(s.flowLifetimeMs).toBe(OIDC_DEFAULTS.flowLifetimeSeconds * 1000);
    expect(s.maxFailedAttempts).toBe(10);
    expect(s.attemptWindowMs).toBe(300_000);
    expect(s.cookieSecure).toBe(true);
  });

  it('has no relying party without issuer or client id', () => {
    expect(oidcRuntimeSettings({ ...base, oidc: { ...base.oidc, issuer: null } }).relyingParty).toBeNull();
    expect(oidcRuntimeSettings({ ...base, oidc: { ...base.oidc, clientId: null } }).relyingParty).toBeNull();
  });

  it('takes the configured values', () => {
    const s = oidcRuntimeSettings({
      ...base,
      oidc: {
        ...base.oidc,
        redirectUrl: 'https://app.example/cb',
        flowLifetimeSeconds: 60,
        maxFailedAttempts: 3,
        attemptWindowSeconds: 10,
      },
    });
    expect([s.redirectUrl, s.flowLifetimeMs, s.maxFailedAttempts, s.attemptWindowMs]).toEqual([
      'https://app.example/cb',
      60_000,
      3,
      10_000,
    ]);
  });
});
