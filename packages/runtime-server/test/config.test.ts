import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.ts';
import { realSpec } from './helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = 'ab'.repeat(32);

describe('loadConfig', () => {
  it('has the documented defaults', async () => {
    const c = loadConfig({ SECRETS_KEY: KEY }, await realSpec(), { dataDir: dir });
    expect(c).toMatchObject({
      port: 8001,
      host: '127.0.0.1',
      serviceVersion: '26.8',
      databaseUrl: `sqlite:${join(dir, 'service.db')}`,
      sessionIdleSeconds: 1800,
      sessionAbsoluteSeconds: 43200,
      cookieSecure: false,
      publicUrl: 'http://127.0.0.1:8001',
      pageCacheBytes: 64 * 1024 * 1024,
      oidc: { issuer: null, scopes: ['openid', 'email', 'profile'], flowLifetimeSeconds: 600 },
      auth: { maxCodeFailures: 5, failuresPerUser: 10, bodyLimitBytes: 65536 },
    });
    expect(c.secretsKey.toString('hex')).toBe(KEY);
  });

  it('generates a secrets key with mode 0600 when none is given, and reuses it', async () => {
    const notices: string[] = [];
    const a = loadConfig({}, await realSpec(), { dataDir: dir, notice: (m) => notices.push(m) });
    expect(notices[0]).toMatch(/generated a new key/);
    expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(a.secretsKey.toString('base64'));
    const b = loadConfig({}, await realSpec(), { dataDir: dir, notice: (m) => notices.push(m) });
    expect(b.secretsKey.equals(a.secretsKey)).toBe(true);
    expect(notices).toHaveLength(1);
  });

  it('reads every variable', async () => {
    const c = loadConfig(
      {
        SECRETS_KEY: KEY,
        PORT: '9000',
        SERVICE_VERSION: '25.8',
        DATABASE_URL: 'postgres://u@h/db',
        SESSION_IDLE_SECONDS: '60',
        SESSION_ABSOLUTE_SECONDS: '120',
        PUBLIC_URL: 'https://erp.example.com/',
        OIDC_ISSUER: 'https://idp.example.com',
        OIDC_CLIENT_ID: 'c',
        OIDC_CLIENT_SECRET: 's',
        OIDC_REDIRECT_URL: 'https://erp.example.com/',
        OIDC_SCOPES: 'openid email',
        OIDC_FLOW_SECONDS: '300',
        LOGIN_RATE_PER_MINUTE: '5',
        TOTP_ISSUER: 'ACME',
        PAGE_CACHE_MB: '0',
      },
      await realSpec(),
    );
    expect(c).toMatchObject({
      pageCacheBytes: 0,
      port: 9000,
      serviceVersion: '25.8',
      databaseUrl: 'postgres://u@h/db',
      sessionIdleSeconds: 60,
      sessionAbsoluteSeconds: 120,
      publicUrl: 'https://erp.example.com',
      cookieSecure: true,
      oidc: {
        issuer: 'https://idp.example.com',
        clientId: 'c',
        clientSecret: 's',
        redirectUrl: 'https://erp.example.com/',
        scopes: ['openid', 'email'],
        flowLifetimeSeconds: 300,
      },
      auth: { requestsPerAddressPerMinute: 5, totpIssuer: 'ACME' },
    });
  });

  it('names the variable of a bad value', async () => {
    const spec = await realSpec();
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^PORT: /],
      [{ PORT: '70000' }, /^PORT: /],
      [{ SECRETS_KEY: 'short' }, /^SECRETS_KEY: /],
      [{ SERVICE_VERSION: 'v1' }, /^SERVICE_VERSION: /],
      [{ COOKIE_SECURE: 'maybe' }, /^COOKIE_SECURE: /],
      [{ PUBLIC_URL: 'not a url' }, /^PUBLIC_URL: /],
      [{ OIDC_SCOPES: 'email' }, /^OIDC_SCOPES: /],
      [{ SESSION_IDLE_SECONDS: '0' }, /^SESSION_IDLE_SECONDS: /],
      [{ PAGE_CACHE_MB: '-1' }, /^PAGE_CACHE_MB: /],
      [{ PAGE_CACHE_MB: 'lots' }, /^PAGE_CACHE_MB: /],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig({ SECRETS_KEY: KEY, ...env }, spec, { dataDir: dir })).toThrow(ConfigError);
      expect(() => loadConfig({ SECRETS_KEY: KEY, ...env }, spec, { dataDir: dir })).toThrow(message);
    }
  });
});
