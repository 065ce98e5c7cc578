/** What a verify run must leave as it found it: users (incl. password hashes), devices, records. */
import { resourceModels } from '@specgen/runtime-resources';
import { findDevice, listUsers, type Store } from '@specgen/runtime-store';
import { spec } from './sandbox.ts';

export async function storeSnapshot(store: Store): Promise<string> {
  const users = await listUsers(store);
  const devices = await Promise.all(
    users.map(async (u) => [u.username, (await findDevice(store, u.id))?.encryptedSecret ?? null]),
  );
  const tables: Record<string, unknown[]> = {};
  for (const model of resourceModels({ spec })) {
    tables[model.table] = await store.db.selectFrom(model.table).selectAll().orderBy('Id').execute();
  }
  return JSON.stringify({ users, devices, tables }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
