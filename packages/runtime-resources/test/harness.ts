/**
 * Test helpers: the real spec's IR and a store of either dialect. (The HTTP suites of the read
 * resources run against the real server: packages/runtime-server/test/resources/.)
 * The IR is the snapshot `specgen generate` writes for the server package (generated/server/ir.json,
 * kept current by `specgen generate --check`): the runtime is given IR, it never parses markdown.
 */
import { readFileSync } from 'node:fs';
import { specFromSnapshot, type Spec } from '@specgen/ir';
import { openStore, type Store } from '@specgen/runtime-store';
import { startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';

let specPromise: Promise<Spec> | null = null;
export function loadSpec(): Promise<Spec> {
  const snapshot = new URL('../../../generated/server/ir.json', import.meta.url);
  specPromise ??= Promise.resolve(specFromSnapshot(readFileSync(snapshot, 'utf8'), snapshot.pathname));
  return specPromise;
}

export type StoreKind = 'sqlite' | 'postgres';

let cluster: Promise<PostgresCluster> | null = null;
let databases = 0;

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore('sqlite::memory:', { migrate: false });
  cluster ??= startPostgres();
  const url = await (await cluster).createDatabase(`resources_${process.pid}_${++databases}`);
  return openStore(url, { migrate: false, poolSize: 4 });
}

export async function stopPostgres(): Promise<void> {
  if (cluster) await (await cluster).stop();
  cluster = null;
}
