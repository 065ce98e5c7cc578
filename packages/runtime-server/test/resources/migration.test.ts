/**
 * A newer spec adds fields and resources: the tables gain columns and indexes, new tables appear,
 * and stored records are rewritten with the new fields (null, or a zero value when non-nullable)
 * so they are served and queryable at once. On SQLite and PostgreSQL.
 */
import { availableAt, type Spec } from '@specgen/ir';
import { postgresAvailable } from '@specgen/test-support/postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureResourceTables, resourceModels, seedResources, writeRecords } from '@specgen/runtime-resources';
import { buildApp, get, loadSpec, openTestStore, stopPostgres, type StoreKind } from './harness.ts';

/** The spec as it read at version `v`: later resources and fields absent. */
function specAsOf(spec: Spec, v: string): Spec {
  return {
    ...spec,
    resources: spec.resources
      .filter((r) => availableAt(r.introduced, v))
      .map((r) => ({ ...r, fields: r.fields.filter((f) => availableAt(f.since, v)) })),
  };
}

const KINDS: StoreKind[] = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];

afterAll(() => stopPostgres());

describe.each(KINDS)('migrating to a newer spec on %s', (kind) => {
  it('adds columns and tables and rewrites stored records', async () => {
    const spec = await loadSpec();
    const old = specAsOf(spec, '2.40');
    const store = await openTestStore(kind);
    try {
      const first = await ensureResourceTables(store, resourceModels({ spec: old }));
      expect(first.map((c) => c.resource)).toEqual([
        'ProductRecords',
        'ManufacturingOrderOperations',
        'SupplierPartLinks',
      ]);
      await seedResources(store, resourceModels({ spec: old }), { count: 20 });

      const changes = await ensureResourceTables(store, resourceModels({ spec }));
      const products = changes.find((c) => c.resource === 'ProductRecords')!;
      expect(products.action).toBe('migrated');
      expect(products.addedColumns).toContain('ManufacturerPartNumber');
      expect(products.addedColumns).not.toContain('OwnerId');
      expect(products.rewrittenRecords).toBe(20);
      expect(changes.find((c) => c.resource === 'Schedules')!.action).toBe('created');
      expect((await ensureResourceTables(store, resourceModels({ spec }))).every((c) => c.action === 'unchanged')).toBe(
        true,
      );

      const app = await buildApp(store, spec, '26.8');
      const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
      const records = (await get(app, `${PR}?$top=100`)).json() as Array<Record<string, unknown>>;
      expect(records).toHaveLength(20);
      expect(Object.keys(records[0]!)).toEqual(spec.resources[0]!.fields.map((f) => f.name));
      expect(records[0]).toMatchObject({
        ManufacturerPartNumber: '',
        IsExposureTimeActive: false,
        BestBeforeDate: null,
        LifeCycleState: 0,
      });
      expect(
        (
          await get(
            app,
            `${PR}?$filter=${encodeURIComponent("ManufacturerPartNumber eq '' and isnull(BestBeforeDate)")}`,
          )
        ).json(),
      ).toHaveLength(20);
      expect(
        (await get(app, `${PR}?$filter=${encodeURIComponent('OwnerId ne null')}&$top=100`)).json(),
      ).not.toHaveLength(0);
      expect((await get(app, '/en/001.1/api/v1/TimeRecording/Schedules')).json()).toEqual([]);
      await app.close();
    } finally {
      await store.close();
    }
  });
});

describe('moving from the first storage layout (JSON text in the record table)', () => {
  it('moves the JSON text to <table>_json without rewriting records', async () => {
    const spec = await loadSpec();
    const store = await openTestStore('sqlite');
    try {
      const { sql } = await import('kysely');
      const { seedEncoded } = await import('@specgen/runtime-resources');
      const model = resourceModels({ spec }).find((m) => m.name === 'Schedules')!;
      await ensureResourceTables(store, [model]);
      const records = Array.from({ length: 5 }, (_, i) => seedEncoded(model, i, false));
      await writeRecords(store.db, store.dialect, model, records, { related: false });
      // Rebuild the first layout: `_json` in the record table, no `_json` table, a signature without layout.
      await sql`ALTER TABLE schedules ADD COLUMN _json text`.execute(store.db);
      await sql`UPDATE schedules SET _json = (SELECT CAST(j._json AS TEXT) FROM schedules_json j WHERE j.Id = schedules.Id)`.execute(
        store.db,
      );
      await sql`DROP TABLE schedules_json`.execute(store.db);
      const stored = await sql<{
        signature: string;
      }>`SELECT signature FROM resource_tables WHERE resource = 'Schedules'`.execute(store.db);
      const old = JSON.parse(stored.rows[0]!.signature) as Record<string, unknown>;
      delete old.layout;
      await sql`UPDATE resource_tables SET signature = ${JSON.stringify(old)} WHERE resource = 'Schedules'`.execute(
        store.db,
      );

      const [change] = await ensureResourceTables(store, [model]);
      expect(change).toMatchObject({ action: 'migrated', rewrittenRecords: 0 });
      const app = await buildApp(store, spec, '26.8');
      const body = (await get(app, '/en/001.1/api/v1/TimeRecording/Schedules')).body;
      const byId = [...records].sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(body).toBe(`[${byId.map((r) => r.json).join(',')}]`);
      await app.close();
    } finally {
      await store.close();
    }
  });
});
