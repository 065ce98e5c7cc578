/**
 * Seeding a running service's store: the queryable resources of the given spec, tables created or
 * migrated first, then the deterministic data set, then statistics refreshed. `runService` calls it
 * with the store it serves from, and `data seed` with the store it opened; neither re-reads a spec.
 */
import type { Spec } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';
import { resourceModel } from './model.ts';
import { seedResources, type SeedOptions } from './seed.ts';
import { analyzeResourceTables, ensureResourceTables } from './tables.ts';

/** Writes `count` records (default 60) per queryable resource of `spec` into `store`; returns counts by resource. */
export async function seedResourceData(
  store: Store,
  spec: Spec,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const models = spec.resources.filter((r) => r.queryable).map(resourceModel);
  await ensureResourceTables(store, models);
  const written = await seedResources(store, models, options);
  await analyzeResourceTables(store);
  return written;
}
