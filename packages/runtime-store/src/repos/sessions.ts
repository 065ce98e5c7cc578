/**
 * Sessions. The table keys a session by the SHA-256 of its id (the caller hashes), so a copy of
 * the database does not hand out live session ids.
 */
import type { Store } from '../store.ts';
import { toMillis } from '../migrations.ts';

export interface SessionRecord {
  key: string;
  userId: string;
  username: string;
  permissions: string[];
  createdAt: number;
  lastSeenAt: number;
  endedAt: number | null;
  endedReason: string | null;
}

export async function createSessionRecord(store: Store, key: string, userId: string, now: number): Promise<void> {
  await store.db
    .insertInto('sessions')
    .values({ id: key, user_id: userId, created_at: now, last_seen_at: now })
    .execute();
}

export async function findSessionRecord(store: Store, key: string): Promise<SessionRecord | undefined> {
  const row = await store.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as key',
      'sessions.user_id as user_id',
      'users.username as username',
      'users.permissions as permissions',
      'sessions.created_at as created_at',
      'sessions.last_seen_at as last_seen_at',
      'sessions.ended_at as ended_at',
      'sessions.ended_reason as ended_reason',
    ])
    .where('sessions.id', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  let permissions: string[] = [];
  try {
    const parsed: unknown = JSON.parse(String(row.permissions));
    if (Array.isArray(parsed)) permissions = parsed.filter((p): p is string => typeof p === 'string');
  } catch {
    /* stored by this package; empty on damage */
  }
  return {
    key: String(row.key),
    userId: String(row.user_id),
    username: String(row.username),
    permissions,
    createdAt: toMillis(row.created_at),
    lastSeenAt: toMillis(row.last_seen_at),
    endedAt: row.ended_at === null ? null : toMillis(row.ended_at),
    endedReason: (row.ended_reason as string | null) ?? null,
  };
}

export async function touchSession(store: Store, key: string, now: number): Promise<void> {
  await store.db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', key)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends one live session; false when it was not live. */
export async function endSession(store: Store, key: string, reason: string, now: number): Promise<boolean> {
  const result = await store.db
    .updateTable('sessions')
    .set({ ended_at: now, ended_reason: reason })
    .where('id', '=', key)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends every live session of the user except `keepKey`; returns how many ended. */
export async function endOtherSessions(
  store: Store,
  userId: string,
  keepKey: string | null,
  reason: string,
  now: number,
): Promise<number> {
  let query = store.db
    .updateTable('sessions')
    .set({ ended_at: now, ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (keepKey !== null) query = query.where('id', '!=', keepKey);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes sessions that ended before `endedBefore` or were last seen before `seenBefore`. */
export async function purgeSessions(store: Store, endedBefore: number, seenBefore: number): Promise<number> {
  const result = await store.db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('ended_at', '<', endedBefore), eb('last_seen_at', '<', seenBefore)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
