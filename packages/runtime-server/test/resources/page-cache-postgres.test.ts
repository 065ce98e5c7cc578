/**
 * Two server instances on one PostgreSQL database, each with its own page cache (as behind a load
 * balancer): a write through import on one instance is seen by the other's next request, because
 * every request compares the generation stored in the database with the cached entry's.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openStore, type Store } from '@specgen/runtime-store';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRecords, PageCache, resourceModels, seedRecord, seedResources } from '@specgen/runtime-resources';
import { buildApp, get, loadSpec } from './harness.ts';

const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
const PAGE = `${PR}?$filter=Id le 100010&$orderby=Id desc&$top=5`;
const serial = (body: string, n: number) => (JSON.parse(body) as Array<Record<string, unknown>>)[n]!.SerialNumber;

describe.skipIf(!postgresAvailable())('page cache, two instances on one PostgreSQL', () => {
  let pg: PostgresCluster;
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];
  const caches = [new PageCache(), new PageCache()];

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.createDatabase('page_cache_two_instances');
    const spec = await loadSpec();
    for (const cache of caches) {
      const store = await openStore(url, { poolSize: 2 });
      stores.push(store);
      apps.push(await buildApp(store, spec, '26.8', { pageCache: cache }));
    }
    await seedResources(stores[0]!, resourceModels({ spec }), { count: 20 });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await pg?.stop();
  });

  it('an import on one instance is served by the other at its next request', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const first = await get(a, PAGE);
    expect(first.status).toBe(200);
    expect((await get(b, PAGE)).body).toBe(first.body);
    // Behind the writer's back (no generation bump): instance a keeps answering its cached page.
    await sql`UPDATE product_records_json SET _json = replace(_json, '"Id":"100010"', '"Id":"100010","Behind":1') WHERE "Id" = 100010`.execute(
      stores[1]!.db,
    );
    expect((await get(a, PAGE)).body).toBe(first.body);

    const spec = await loadSpec();
    const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
    const record = { ...seedRecord(model, 0), Id: '100010', SerialNumber: 'IMPORTED-ON-B' };
    expect(await importRecords(stores[1]!, model, JSON.stringify([record]))).toEqual({ ok: true, imported: 1 });
    const afterA = await get(a, PAGE);
    expect(serial(afterA.body, 0)).toBe('IMPORTED-ON-B');
    expect(afterA.body).not.toContain('Behind');
    expect((await get(b, PAGE)).body).toBe(afterA.body);
    expect(caches[0]!.count).toBeGreaterThan(0);
  });
});
