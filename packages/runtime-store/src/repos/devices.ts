/** One TOTP device per user; the secret is stored encrypted (AES-256-GCM, see runtime-auth). */
import type { Store } from '../store.ts';
import { toMillis } from '../migrations.ts';

export interface DeviceRecord {
  userId: string;
  encryptedSecret: string;
  createdAt: number;
}

export async function findDevice(store: Store, userId: string): Promise<DeviceRecord | undefined> {
  const row = await store.db.selectFrom('devices').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row
    ? { userId: String(row.user_id), encryptedSecret: String(row.secret), createdAt: toMillis(row.created_at) }
    : undefined;
}

/** Registers (or replaces) the user's device. */
export async function saveDevice(store: Store, userId: string, encryptedSecret: string, now: number): Promise<void> {
  await store.db
    .insertInto('devices')
    .values({ user_id: userId, secret: encryptedSecret, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: encryptedSecret, created_at: now }))
    .execute();
}

export async function removeDevice(store: Store, userId: string): Promise<boolean> {
  const result = await store.db.deleteFrom('devices').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
