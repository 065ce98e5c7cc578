import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './helpers.ts';

describe('web page at /', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer({ env: { PUBLIC_URL: 'http://127.0.0.1:8001' } });
  });
  afterAll(() => t.close());

  it('is HTML with a strict CSP whose nonce is the one on the inline script, fresh per request', async () => {
    const a = await t.app.inject({ url: '/' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(a.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(a.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(a.headers['x-frame-options']).toBe('DENY');
    const b = await t.app.inject({ url: '/' });
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce!);
  });

  it('carries the OIDC redirect address (PUBLIC_URL + /) and the ids the browser test drives', async () => {
    const html = (await t.app.inject({ url: '/' })).body;
    const config = JSON.parse(/<script id="config" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(config).toEqual({ redirectUrl: 'http://127.0.0.1:8001/' });
    for (const id of ['username', 'password', 'login', 'totp-code', 'qr', 'device-code', 'session', 'logout', 'oidc', 'register-device']) {
      expect(html).toContain(`id="${id}"`);
    }
  });
});
