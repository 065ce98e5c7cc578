/** The read-resource endpoints over HTTP (SQLite): sessions, permissions, shapes, options, gating. */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@specgen/runtime-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDocument } from '@specgen/contract';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { buildApp, get, loadSpec, openTestStore } from './harness.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
let store: Store;
let app: FastifyInstance;
let old: FastifyInstance;

beforeAll(async () => {
  const spec = await loadSpec();
  store = await openTestStore('sqlite');
  app = await buildApp(store, spec, '26.8');
  old = await buildApp(store, spec, '22.6');
  await seedResources(store, resourceModels({ spec }), { count: 150 });
});

afterAll(async () => {
  await app.close();
  await old.close();
  await store.close();
});

describe('sessions and permissions', () => {
  it('answers 401 with a JSON string without a valid session', async () => {
    for (const session of ['', 'bogus']) {
      const res = await get(app, PR, session);
      expect(res.status).toBe(401);
      expect(typeof res.json()).toBe('string');
    }
  });

  it('answers 403 naming the permission of the resource', async () => {
    const res = await get(app, PR, 'none');
    expect(res.status).toBe(403);
    expect(res.json()).toContain('Show serial number');
    expect((await get(app, '/en/001.1/api/v1/Sales/CustomerOrderRowInflows', 'serials')).status).toBe(403);
    expect((await get(app, PR, 'serials')).status).toBe(200);
  });

  it('serves all six resources at their spec paths', async () => {
    for (const path of [
      'Inventory/ProductRecords',
      'Manufacturing/ManufacturingOrderOperations',
      'Purchase/SupplierPartLinks',
      'TimeRecording/Schedules',
      'Inventory/CaseEntryActivities',
      'Sales/CustomerOrderRowInflows',
    ]) {
      const res = await get(app, `/de/002.1/api/v1/${path}?$top=3`);
      expect(res.status, path).toBe(200);
      expect(res.json()).toHaveLength(3);
    }
  });
});

describe('records', () => {
  it('answers a bare JSON array of the default page size, Int64 as exact strings', async () => {
    const res = await get(app, PR);
    expect(res.type).toMatch(/^application\/json/);
    const records = res.json() as Array<Record<string, unknown>>;
    expect(records).toHaveLength(100);
    expect(records[0]!.Id).toBe('100001');
    const last = await get(app, `${PR}?$orderby=Id desc&$top=1`);
    expect(last.body).toMatch(/^\[\{"Id":"9007199254741140",/);
    expect(res.body).toMatch(/"PartId":"380497447683684\d{3}"/);
    expect(records[0]!.Comment).toBeNull();
    expect(records[0]!.ExtraFields).toBeNull();
  });

  it('answers one record, and 404 with a JSON string for a missing one', async () => {
    const one = await get(app, `${PR}/9007199254740996`);
    expect(one.status).toBe(200);
    expect((one.json() as { Id: string }).Id).toBe('9007199254740996');
    const missing = await get(app, `${PR}/123`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toBe('ProductRecords 123 was not found');
    expect((await get(app, `${PR}/abc`)).status).toBe(400);
    expect((await get(app, `${PR}/99999999999999999999`)).status).toBe(400);
  });

  it('selects fields in spec order and expands referenced records and lists', async () => {
    const res = await get(
      app,
      `${PR}?$top=3&$orderby=Id&$select=SerialNumber,Id,PartId&$expand=Part,ExtraFields,Comment`,
    );
    expect(res.status).toBe(200);
    const records = res.json() as Array<Record<string, unknown>>;
    expect(Object.keys(records[0]!)).toEqual(['Id', 'Comment', 'SerialNumber', 'PartId', 'Part', 'ExtraFields']);
    for (const r of records) {
      expect((r.Part as { Id: string }).Id).toBe(r.PartId);
      expect(Array.isArray(r.ExtraFields)).toBe(true);
    }
  });

  it('expands on a single record and keeps the key of an unstored reference', async () => {
    const res = await get(app, `${PR}/100001?$expand=Part&$select=Id,PartId`);
    const r = res.json() as { Part: { Id: string; PartNumber: string } };
    expect(r.Part.PartNumber).toMatch(/^P-/);
  });

  it('refuses collection options on a single record', async () => {
    const res = await get(app, `${PR}/100001?$top=1`);
    expect(res.status).toBe(400);
    expect(res.json()).toBe('$top: not allowed for a single record');
  });

  it('pages with $top up to the maximum and $skip', async () => {
    expect((await get(app, `${PR}?$top=1000`)).json()).toHaveLength(150);
    expect((await get(app, `${PR}?$skip=140`)).json()).toHaveLength(10);
    const res = await get(app, `${PR}?$top=1001`);
    expect(res.status).toBe(400);
    expect(res.json()).toBe('$top: must be at most 1000, got 1001 at position 1');
  });

  it('answers 400 with the position for malformed options', async () => {
    const res = await get(app, `${PR}?$filter=${encodeURIComponent('Status eq 1 and Foo eq 2')}`);
    expect(res.status).toBe(400);
    expect(res.json()).toBe('$filter: unknown field "Foo" at position 17');
    const expand = await get(app, `${PR}?$expand=SerialNumber`);
    expect(expand.json()).toBe('$expand: "SerialNumber" is not expandable at position 1');
  });
});

describe('version gating (service version 22.6)', () => {
  it('leaves out fields introduced later', async () => {
    const records = (await get(old, `${PR}?$top=2`)).json() as Array<Record<string, unknown>>;
    expect(records[0]).toHaveProperty('Status');
    expect(records[0]).not.toHaveProperty('BestBeforeDate');
    expect(records[0]).not.toHaveProperty('ManufacturerPartNumber');
    expect(records[0]).not.toHaveProperty('PartRevisionId');
    const one = (await get(old, `${PR}/100001`)).json() as Record<string, unknown>;
    expect(Object.keys(one)).toEqual(Object.keys(records[0]!));
  });

  it('refuses later fields in query options, naming the version', async () => {
    const res = await get(old, `${PR}?$filter=${encodeURIComponent("ManufacturerPartNumber eq 'x'")}`);
    expect(res.status).toBe(400);
    expect(res.json()).toBe(
      '$filter: field "ManufacturerPartNumber" is not available in service version 22.6 (introduced in 26.7) at position 1',
    );
    expect((await get(old, `${PR}?$select=BestBeforeDate`)).status).toBe(400);
    expect((await get(old, `${PR}?$orderby=PartRevisionId`)).status).toBe(400);
  });

  it('answers 404 for resources introduced later', async () => {
    expect((await get(old, '/en/001.1/api/v1/Sales/CustomerOrderRowInflows')).status).toBe(404);
    expect((await get(old, '/en/001.1/api/v1/TimeRecording/Schedules')).status).toBe(200);
  });
});

describe('API reference', () => {
  it('serves the OpenAPI document of the configured version', async () => {
    const doc = (await get(old, '/openapi.json', '')).json() as {
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('22.6');
    expect(Object.keys(doc.paths).some((p) => p.includes('CustomerOrderRowInflows'))).toBe(false);
  });

  it('serves the document generate writes for its version: the checked-in one at the newest, built at 22.6', async () => {
    // Beside `info.x-generated` (the file's only) and `servers` (this server's address, PUBLIC_URL).
    const generated = JSON.parse(readFileSync(join(ROOT, 'generated/openapi/openapi.json'), 'utf8'));
    delete generated.info['x-generated'];
    type Served = Record<string, unknown> & {
      servers: unknown;
      components: { schemas: Record<string, { format?: string }>; responses: Record<string, { content?: unknown }> };
    };
    const served = (await get(app, '/openapi.json', '')).json() as Served;
    expect(served.servers).toEqual([{ url: expect.stringMatching(/^http:/), description: 'This server.' }]);
    expect({ ...served, servers: generated.servers }).toEqual(generated);
    // The repeated facts are stated once (components) and referred to, on the wire as in the file.
    expect(served.components.schemas.Int64?.format).toBe('int64');
    expect(served.components.responses.ReadUnauthorized?.content).toBeDefined();
    const older = JSON.parse(JSON.stringify(buildDocument(await loadSpec(), { serviceVersion: '22.6' })));
    const servedOlder = (await get(old, '/openapi.json', '')).json() as Record<string, unknown>;
    expect({ ...servedOlder, servers: older.servers }).toEqual(older);
  });

  it('serves Swagger UI from local files', async () => {
    const page = await get(app, '/docs', '');
    expect(page.status).toBe(200);
    expect(page.body).toContain('src="docs/swagger-ui-bundle.js"');
    expect(page.body).not.toMatch(/https?:\/\//);
    const bundle = await get(app, '/docs/swagger-ui-bundle.js', '');
    expect(bundle.status).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    expect((await get(app, '/docs/..%2Fpackage.json', '')).status).toBe(404);
  });
});
