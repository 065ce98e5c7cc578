/**
 * A newer spec adds fields and resources: the tables gain columns and indexes, new tables appear,
 * and stored records are rewritten with the new fields (null, or a zero value when non-nullable)
 * so they are served and queryable at once. On SQLite and PostgreSQL.
 */
import { availableAt, type Spec } from '@specgen/ir';
import { postgresAvailable } from '@specgen/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureResourceTables, resourceModels, seedResources } from '../src/index.ts';
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
      expect(first.map((c) => c.resource)).toEqual(['ProductRecords', 'ManufacturingOrderOperations', 'SupplierPartLinks']);
      await seedResources(store, resourceModels({ spec: old }), { count: 20 });

      const changes = await ensureResourceTables(store, resourceModels({ spec }));
      const products = changes.find((c) => c.resource === 'ProductRecords')!;
      expect(products.action).toBe('migrated');
      expect(products.addedColumns).toContain('ManufacturerPartNumber');
      expect(products.addedColumns).not.toContain('OwnerId');
      expect(products.rewrittenRecords).toBe(20);
      expect(changes.find((c) => c.resource === 'Schedules')!.action).toBe('created');
      expect((await ensureResourceTables(store, resourceModels({ spec }))).every((c) => c.action === 'unchanged')).toBe(true);

      const app = await buildApp(store, spec, '26.8');
      const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
      const records = (await get(app, `${PR}?$top=100`)).json() as Array<Record<string, unknown>>;
      expect(records).toHaveLength(20);
      expect(Object.keys(records[0]!)).toEqual(spec.resources[0]!.fields.map((f) => f.name));
      expect(records[0]).toMatchObject({ ManufacturerPartNumber: '', IsExposureTimeActive: false, BestBeforeDate: null, LifeCycleState: 0 });
      expect((await get(app, `${PR}?$filter=${encodeURIComponent("ManufacturerPartNumber eq '' and isnull(BestBeforeDate)")}`)).json()).toHaveLength(20);
      expect((await get(app, `${PR}?$filter=${encodeURIComponent('OwnerId ne null')}&$top=100`)).json()).not.toHaveLength(0);
      expect((await get(app, '/en/001.1/api/v1/TimeRecording/Schedules')).json()).toEqual([]);
      await app.close();
    } finally {
      await store.close();
    }
  });
});
