/**
 * The page cache of the list routes (SQLite): a repeated page is answered from the cache, a write
 * through import or seed makes it stale at once, other options never share an entry, authorization
 * runs before the cache, and the cache stays within its byte bound.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Spec } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createResourceReads,
  importRecords,
  PageCache,
  planKey,
  resourceModels,
  resourceView,
  seedRecord,
  seedResources,
  type ResourceModel,
} from '@specgen/runtime-resources';
import { buildApp, get, loadSpec, openTestStore } from './harness.ts';

const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
const PAGE = `${PR}?$filter=Id le 100010&$orderby=Id&$top=3`;
let spec: Spec;
let store: Store;
let model: ResourceModel;
let cache: PageCache;
let app: FastifyInstance;
let uncached: FastifyInstance;

/** Changes a stored JSON text behind the writer's back (no generation bump): only a cached answer keeps the old text. */
async function rewriteBehindTheCache(id: number, from: string, to: string): Promise<void> {
  await sql`UPDATE product_records_json SET _json = CAST(replace(CAST(_json AS TEXT), ${from}, ${to}) AS BLOB) WHERE Id = ${id}`.execute(
    store.db,
  );
}

beforeAll(async () => {
  spec = await loadSpec();
  store = await openTestStore('sqlite');
  model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
  cache = new PageCache();
  app = await buildApp(store, spec, '26.8', { pageCache: cache });
  uncached = await buildApp(store, spec, '26.8', { pageCacheBytes: 0 });
  await seedResources(store, resourceModels({ spec }), { count: 40 });
});

afterAll(async () => {
  await app.close();
  await uncached.close();
  await store.close();
});

describe('page cache', () => {
  it('answers a repeated page from the cache until an import writes the resource', async () => {
    const first = await get(app, PAGE);
    expect(first.status).toBe(200);
    const serial = (first.json() as Array<Record<string, unknown>>)[0]!.SerialNumber as string;
    await rewriteBehindTheCache(100001, serial, 'CHANGED-BEHIND');
    expect((await get(uncached, PAGE)).body).toContain('CHANGED-BEHIND');
    expect((await get(app, PAGE)).body).toBe(first.body); // served from the cache

    const record = { ...seedRecord(model, 0), Id: '100001', SerialNumber: 'IMPORTED-1' };
    const result = await importRecords(store, model, JSON.stringify([record]));
    expect(result).toEqual({ ok: true, imported: 1 });
    const after = await get(app, PAGE);
    expect((after.json() as Array<Record<string, unknown>>)[0]!.SerialNumber).toBe('IMPORTED-1');
    expect(after.body).toBe((await get(uncached, PAGE)).body);
  });

  it('a seed of the resource makes its cached pages stale as well', async () => {
    const before = await get(app, PAGE);
    await rewriteBehindTheCache(100002, '"Id":"100002"', '"Id":"100002","Ignored":1');
    await seedResources(store, [model], { count: 2 });
    const after = await get(app, PAGE);
    expect(after.body).toBe((await get(uncached, PAGE)).body);
    expect(after.body).not.toBe(before.body); // record 100001 is the seeded one again, not IMPORTED-1
  });

  it('never shares an entry between different query options', async () => {
    const queries = [
      PAGE,
      `${PR}?$filter=Id le 100010&$orderby=Id&$top=4`,
      `${PR}?$filter=Id le 100010&$orderby=Id&$top=3&$skip=1`,
      `${PR}?$filter=Id le 100010&$orderby=Id desc&$top=3`,
      `${PR}?$filter=Id le 100011&$orderby=Id&$top=3`,
      `${PR}?$filter=Id lt 100003&$orderby=Id&$top=3`,
      `${PR}?$filter=Id le 100010 and Id ge 100002&$orderby=Id&$top=3`,
      `${PR}?$filter=Id le 100010&$orderby=Id&$top=3&$select=Id,SerialNumber`,
      `${PR}?$filter=Id le 100010&$orderby=Id&$top=3&$select=Id`,
      `${PR}?$filter=Id le 100010&$orderby=Id&$top=3&$expand=Part`,
      `${PR}?$filter=SerialNumber eq '100001'&$top=3`,
      `${PR}?$filter=SerialNumber eq '100002'&$top=3`,
      '/en/001.1/api/v1/Purchase/SupplierPartLinks?$filter=Id le 100010&$orderby=Id&$top=3',
    ];
    const own = new PageCache();
    const fresh = await buildApp(store, spec, '26.8', { pageCache: own });
    try {
      // The second round is answered from the cache: each answer must still be its own query's.
      for (let round = 0; round < 2; round++) {
        for (const q of queries) {
          const res = await get(fresh, q);
          expect(res.status, q).toBe(200);
          expect(res.body, q).toBe((await get(uncached, q)).body);
        }
        expect(own.count).toBe(queries.length);
      }
    } finally {
      await fresh.close();
    }
  });

  it('never gives cached bytes to a request without a session or the permission', async () => {
    const page = await get(app, PAGE);
    expect(page.status).toBe(200);
    for (const session of ['none', '', 'bogus']) {
      const res = await get(app, PAGE, session);
      expect(res.status).toBe(session === 'none' ? 403 : 401);
      expect(res.body).not.toBe(page.body);
      expect(typeof res.json()).toBe('string');
    }
  });

  it('stays within its byte bound, dropping the least recently used pages', async () => {
    const pageBytes = Buffer.byteLength((await get(uncached, `${PR}?$orderby=Id&$top=5`)).body);
    const small = new PageCache(pageBytes * 3);
    const bounded = await buildApp(store, spec, '26.8', { pageCache: small });
    try {
      for (let skip = 0; skip < 10; skip++) {
        const q = `${PR}?$orderby=Id&$top=5&$skip=${skip}`;
        expect((await get(bounded, q)).body).toBe((await get(uncached, q)).body);
        expect(small.size).toBeLessThanOrEqual(pageBytes * 3);
      }
      expect(small.count).toBeGreaterThan(0);
      expect(small.count).toBeLessThan(3);
    } finally {
      await bounded.close();
    }
  });

  it('answers bad options 400 every time, and one entry for two spellings of the same options', async () => {
    for (let n = 0; n < 2; n++) expect((await get(app, `${PR}?$filter=Id eq`)).status).toBe(400);
    const own = new PageCache();
    const fresh = await buildApp(store, spec, '26.8', { pageCache: own });
    try {
      const a = await get(fresh, `${PR}?$top=2&$orderby=Id`);
      const b = await get(fresh, `${PR}?%24orderby=Id&%24top=2`);
      expect(b.body).toBe(a.body);
      expect(own.count).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('serves an entry only at the generation it was built for', () => {
    const c = new PageCache(1024);
    c.set('k', '7', Buffer.from('[]'));
    expect(c.get('k', '7')?.toString()).toBe('[]');
    expect(c.get('k', '8')).toBeUndefined();
    expect(c.get('k', '7')).toBeUndefined(); // the stale entry was dropped
  });

  it('keys bigint and string literals apart', () => {
    const field = model.columns.find((c) => c.name === 'Id')!;
    const plan = (value: bigint | string) => ({
      filter: { kind: 'compare' as const, field: { name: field.name } as never, op: 'eq' as const, value },
      select: null,
      expand: [],
      orderBy: [],
      top: 1,
      skip: 0,
    });
    expect(planKey(plan(1n))).not.toBe(planKey(plan('1')));
  });

  it('the read path keeps parsed options per query text, frozen, and caches a built plan under its own key', async () => {
    const own = new PageCache();
    const reads = createResourceReads(store, resourceView(model, '26.8'), own);
    const url = `${PR}?$orderby=Id&$top=2`;
    const plan = reads.collectionOptions(url, { $orderby: 'Id', $top: '2' });
    expect(reads.collectionOptions(url, { $orderby: 'Id', $top: '2' })).toBe(plan);
    expect([Object.isFrozen(plan), Object.isFrozen(plan.orderBy), Object.isFrozen(plan.orderBy[0])]).toEqual([
      true,
      true,
      true,
    ]);
    expect(() => {
      (plan as { top: number }).top = 1;
    }).toThrow(TypeError);
    const page = await reads.page(plan);
    expect(await reads.page(plan)).toBe(page); // the cached Buffer itself
    const one = await reads.page({ ...plan, top: 1 });
    expect(own.count).toBe(2);
    expect(JSON.parse(one.toString('utf8'))).toEqual((JSON.parse(page.toString('utf8')) as unknown[]).slice(0, 1));
    const single = reads.recordOptions(`${PR}/1?$select=Id`, { $select: 'Id' });
    expect(reads.recordOptions(`${PR}/2?$select=Id`, { $select: 'Id' })).toBe(single);
    expect(Object.isFrozen(single.select)).toBe(true);
  });
});
