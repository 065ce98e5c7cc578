/**
 * The generated client's typed queries against the real server (createServer with the contract's route table,
 * SQLite): filters built with the typed builder, $select narrowing, $expand, $orderby, paging,
 * exact 64-bit ids, and every answer checked by the generated validators (validate: true).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers, type ObservedAnswer } from '@specgen/contract/testing';
import type { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { hashPassword } from '@specgen/runtime-auth';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore, type Store } from '@specgen/runtime-store';
import { createClient, isServiceError, type Client } from '@service-api/client';

const PERMISSIONS = [
  'Show serial number',
  'Show manufacturing orders',
  'Show supplier',
  'Show basic data for attendance',
  'Show case',
  'Show customer orders',
];

let dir: string;
let store: Store;
let app: Awaited<ReturnType<typeof createServer>>;
let client: Client;
let baseUrl: string;
let spec: Spec;
let serviceVersion: string;
let answers: ObservedAnswer[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-resources-client-'));
  spec = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md')).spec;
  store = await openStore(`sqlite:${join(dir, 'service.db')}`);
  const config = loadConfig({ SECRETS_KEY: '22'.repeat(32), PORT: '0', DATABASE_URL: 'sqlite:unused' }, spec, {
    dataDir: dir,
  });
  app = await createServer({ spec, config, store, log: false });
  serviceVersion = config.serviceVersion;
  answers = recordAnswers(app);
  await seedResources(store, resourceModels({ spec }), { count: 40 });
  await createUser(store, {
    username: 'reader',
    passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
    permissions: PERMISSIONS,
  });
  await createUser(store, {
    username: 'nobody',
    passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
    permissions: [],
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  client = createClient({ baseUrl, languageCode: 'en', companyNumber: '001.1', validate: true });
  await client.login({ Username: 'reader', Password: 'pw', ForceRelogin: true });
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('generated client against the server', () => {
  it('lists with a typed filter, selection and ordering', async () => {
    const rows = await client.productRecords.list({
      $filter: (f) => f.and(f.eq('Status', 4), f.has('BlockContext', 'CustomerOrderDelivery')),
      $select: ['Id', 'Status', 'BlockContext'],
      $orderby: [['Id', 'desc']],
      $top: 5,
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.Status).toBe(4);
      expect(r.BlockContext & 4).toBe(4);
      expect(typeof r.Id).toBe('bigint');
    }
    const ids = rows.map((r) => r.Id);
    expect([...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))).toEqual(ids);
  });

  it('keeps 64-bit ids above 2^53 exact both ways', async () => {
    const id = 9_007_199_254_740_993n + 3n; // seed record 3
    const one = await client.productRecords.get(id);
    expect(one.Id).toBe(id);
    const rows = await client.productRecords.list({ $filter: (f) => f.contains('Id', id, 100_001n), $orderby: ['Id'] });
    expect(rows.map((r) => r.Id)).toEqual([100_001n, id]);
  });

  it('filters date-times, nulls, like and pages', async () => {
    const since = new Date('2024-06-01T00:00:00Z');
    const rows = await client.productRecords.list({
      $filter: (f) => f.and(f.ge('WarrantyStartDate', since), f.ne('CommentId', null)),
      $top: 100,
    });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Date.parse(String(r.WarrantyStartDate))).toBeGreaterThanOrEqual(since.getTime());
      expect(r.CommentId).not.toBeNull();
    }
    const like = await client.productRecords.list({
      $filter: (f) => f.like('SerialNumber', 'sn-00001_'),
      $select: ['SerialNumber'],
    });
    expect(like.map((r) => r.SerialNumber).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `SN-00001${i}`));
    const page = await client.schedules.list({ $orderby: ['Id'], $skip: 5, $top: 5 });
    const all = await client.schedules.list({ $orderby: ['Id'], $top: 10 });
    expect(page.map((r) => r.Id)).toEqual(all.slice(5).map((r) => r.Id));
  });

  it('expands referenced records and lists', async () => {
    const one = await client.productRecords.get(100_001n, { $expand: ['Part', 'ExtraFields'] });
    expect(one.Part).toMatchObject({ Id: expect.anything() });
    expect(Array.isArray(one.ExtraFields)).toBe(true);
    const plain = await client.productRecords.get(100_001n);
    expect(plain.Part).toBeNull();
  });

  it('reads every resource with validation on', async () => {
    for (const list of [
      () => client.manufacturingOrderOperations.list({ $top: 40 }),
      () => client.supplierPartLinks.list({ $top: 40 }),
      () => client.caseEntryActivities.list({ $top: 40 }),
      () => client.customerOrderRowInflows.list({ $top: 40 }),
    ]) {
      expect((await list()).length).toBe(40);
    }
  });

  it('serves /openapi.json and /docs at the root although registered inside the prefix', async () => {
    const doc = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords');
    const page = await fetch(`${baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    expect((await fetch(`${baseUrl}/docs/swagger-ui.css`)).status).toBe(200);
  });

  it('surfaces 404, 400 and 403 as ServiceError with the message', async () => {
    const missing = await client.productRecords.get(1n).catch((e: unknown) => e);
    expect(isServiceError(missing) && missing.status).toBe(404);
    expect(isServiceError(missing) && missing.body).toBe('ProductRecords 1 was not found');
    const bad = await client.productRecords.list({ $filter: 'Nope eq 1' }).catch((e: unknown) => e);
    expect(isServiceError(bad) && bad.status).toBe(400);
    const other = createClient({ baseUrl, languageCode: 'en', companyNumber: '001.1' });
    await other.login({ Username: 'nobody', Password: 'pw', ForceRelogin: true });
    const denied = await other.productRecords.list().catch((e: unknown) => e);
    expect(isServiceError(denied) && denied.status).toBe(403);
    const anonymous = await createClient({ baseUrl, languageCode: 'en', companyNumber: '001.1' })
      .productRecords.list()
      .catch((e: unknown) => e);
    expect(isServiceError(anonymous) && anonymous.status).toBe(401);
  });

  it('answers 403 "Session suspended" after another login of the same user with ForceRelogin', async () => {
    const first = createClient({ baseUrl, languageCode: 'en', companyNumber: '001.1' });
    await first.login({ Username: 'nobody', Password: 'pw', ForceRelogin: true });
    const second = createClient({ baseUrl, languageCode: 'en', companyNumber: '001.1' });
    await second.login({ Username: 'nobody', Password: 'pw', ForceRelogin: true });
    const suspended = await first.schedules.list().catch((e: unknown) => e);
    expect(isServiceError(suspended) && suspended.status).toBe(403);
    expect(isServiceError(suspended) && suspended.body).toBe('Session suspended');
  });
});

describe('every answer of this suite', () => {
  // The last test of the file: vitest runs tests in order, so every answer above is recorded.
  it("is described by the OpenAPI document of the server's version (independent validator)", () => {
    expect(answers.filter((a) => a.url.includes('/api/v1/')).length).toBeGreaterThan(5);
    expect(conformanceProblems(buildDocument(spec, { serviceVersion }), answers)).toEqual([]);
  });
});
