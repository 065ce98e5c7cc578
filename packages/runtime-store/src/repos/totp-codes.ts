/**
 * TOTP replay protection (RFC 6238 §5.2): a time step is accepted once per user. The primary key
 * (user_id, time_step) makes the claim atomic across server instances.
 */
import type { Store } from '../store.ts';

/** Claims the step; false when it (or a later step) was used already. */
export async function claimTotpStep(store: Store, userId: string, step: number, now: number): Promise<boolean> {
  const later = await store.db
    .selectFrom('used_totp_codes')
    .select('time_step')
    .where('user_id', '=', userId)
    .where('time_step', '>=', step)
    .executeTakeFirst();
  if (later) return false;
  const inserted = await store.db
    .insertInto('used_totp_codes')
    .values({ user_id: userId, time_step: step, used_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'time_step']).doNothing())
    .returning('time_step')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets steps older than `before` (ms); they can no longer verify anyway. */
export async function purgeUsedSteps(store: Store, before: number): Promise<void> {
  await store.db.deleteFrom('used_totp_codes').where('used_at', '<', before).execute();
}
