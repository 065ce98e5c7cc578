/**
 * Failed sign-in counters per key (`user:<name>`), in the store so that every instance behind a
 * load balancer sees the same count. A window restarts once it is older than `windowMs`.
 */
import { sql } from 'kysely';
import type { Store } from '../store.ts';
import { toMillis } from '../migrations.ts';

export async function countLoginFailure(store: Store, key: string, now: number, windowMs: number): Promise<number> {
  const stale = now - windowMs;
  const row = await store.db
    .insertInto('login_failures')
    .values({ key, failures: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN login_failures.window_started_at < ${stale} THEN 1 ELSE login_failures.failures + 1 END`,
        window_started_at: sql`CASE WHEN login_failures.window_started_at < ${stale} THEN ${now} ELSE login_failures.window_started_at END`,
      }),
    )
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 1);
}

/** Failures in the current window (0 when the window is over). */
export async function currentLoginFailures(store: Store, key: string, now: number, windowMs: number): Promise<number> {
  const row = await store.db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || toMillis(row.window_started_at) < now - windowMs) return 0;
  return Number(row.failures);
}

export async function clearLoginFailures(store: Store, key: string): Promise<void> {
  await store.db.deleteFrom('login_failures').where('key', '=', key).execute();
}
