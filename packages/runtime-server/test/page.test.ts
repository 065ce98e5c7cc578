import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isScalarField, type Spec } from '@specgen/ir';
import { explorerResources } from '../src/page/explorer.ts';
import { pagePaths } from '../src/page/page-paths.ts';
import { realSpec, testServer, type TestServer } from './helpers.ts';

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
    expect(config.redirectUrl).toBe('http://127.0.0.1:8001/');
    expect(config.resources.map((r: { name: string }) => r.name)).toEqual(
      (await realSpec()).resources.map((r) => r.name),
    );
    expect(config.paths).toEqual(pagePaths(await realSpec(), null));
    for (const id of [
      'username',
      'password',
      'login',
      'totp-code',
      'qr',
      'device-code',
      'session',
      'logout',
      'oidc',
      'register-device',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
  });
});

describe('the paths in the page config', () => {
  it("are the route table's paths inside the prefix, null where the version has no such route", async () => {
    const spec = await realSpec();
    expect(pagePaths(spec, null)).toEqual({
      login: '/login',
      totpLogin: '/login/totp',
      getSession: '/session',
      logout: '/logout',
      oidcInitiate: '/login/oidc',
      oidcCallback: '/login/oidc/callback',
      getMultiFactorDeviceSecret: '/api/v1/Common/Commands/GetMultiFactorDeviceSecret',
      setMultiFactorAuthenticationDevice: '/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice',
    });
    const before = pagePaths(spec, '25.6');
    expect(before.oidcInitiate).toBeNull();
    expect(before.login).toBe('/login');
  });
});

describe('the data explorer config', () => {
  let spec: Spec;
  beforeAll(async () => {
    spec = await realSpec();
  });

  it('lists each read resource with its path, permission and scalar fields in spec order', () => {
    const [products] = explorerResources(spec, null);
    const resource = spec.resources.find((r) => r.name === 'ProductRecords')!;
    expect(products).toMatchObject({
      name: 'ProductRecords',
      path: '/api/v1/Inventory/ProductRecords',
      permission: 'Show serial number',
    });
    expect(products!.fields.map((f) => f.name)).toEqual(resource.fields.filter(isScalarField).map((f) => f.name));
    expect(products!.fields.map((f) => f.name)).not.toContain('Comment');
    expect(products!.fields.find((f) => f.name === 'ProductRecordType')).toEqual({
      name: 'ProductRecordType',
      type: 'Int32',
      values: { 0: 'ProductRecord', 1: 'Batch' },
    });
  });

  it('leaves out fields introduced after the service version', () => {
    const newest = explorerResources(spec, null)
      .find((r) => r.name === 'ProductRecords')!
      .fields.map((f) => f.name);
    const old = explorerResources(spec, '2.50')
      .find((r) => r.name === 'ProductRecords')!
      .fields.map((f) => f.name);
    expect(newest).toContain('PlannedDeliveryDate');
    expect(old).not.toContain('PlannedDeliveryDate');
    expect(old.length).toBeLessThan(newest.length);
  });
});
