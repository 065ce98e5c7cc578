/**
 * MfaTokens (the caller stores the SHA-256 of the token). Single use: consuming is one
 * `UPDATE ... WHERE consumed_at IS NULL AND expires_at > now RETURNING`, so of two instances
 * (or twenty concurrent requests) exactly one gets the row.
 */
import { sql } from 'kysely';
import type { Store } from '../store.ts';
import { toMillis } from '../migrations.ts';

/**
 * `login`: second factor of a user with a device. `enrol`: password verified, no device yet.
 * `device`: a secret issued to a signed-in user; `enrol-device`: a secret issued against an `enrol`
 * token (registering it signs the user in).
 */
export type MfaPurpose = 'login' | 'enrol' | 'device' | 'enrol-device';

export interface MfaTokenRecord {
  key: string;
  userId: string;
  purpose: MfaPurpose;
  expiresAt: number;
  failedAttempts: number;
  /** Encrypted device secret waiting for SetMultiFactorAuthenticationDevice. */
  pendingSecret: string | null;
  /** ForceRelogin of the password login that issued the token, applied when the session starts. */
  forceRelogin: boolean;
  createdAt: number;
  consumedAt: number | null;
}

function fromRow(row: Record<string, unknown>): MfaTokenRecord {
  return {
    key: String(row.token),
    userId: String(row.user_id),
    purpose: row.purpose as MfaPurpose,
    expiresAt: toMillis(row.expires_at),
    failedAttempts: Number(row.failed_attempts),
    pendingSecret: (row.pending_secret as string | null) ?? null,
    forceRelogin: Number(row.force_relogin) === 1,
    createdAt: toMillis(row.created_at),
    consumedAt: row.consumed_at === null || row.consumed_at === undefined ? null : toMillis(row.consumed_at),
  };
}

export async function createMfaToken(
  store: Store,
  input: {
    key: string;
    userId: string;
    purpose: MfaPurpose;
    expiresAt: number;
    pendingSecret?: string | null;
    forceRelogin?: boolean;
    now: number;
  },
): Promise<void> {
  await store.db
    .insertInto('mfa_tokens')
    .values({
      token: input.key,
      user_id: input.userId,
      purpose: input.purpose,
      expires_at: input.expiresAt,
      failed_attempts: 0,
      pending_secret: input.pendingSecret ?? null,
      force_relogin: input.forceRelogin ? 1 : 0,
      created_at: input.now,
    })
    .execute();
}

/** The token as stored, consumed or not (the caller decides between 410 and 429). */
export async function findMfaToken(store: Store, key: string): Promise<MfaTokenRecord | undefined> {
  const row = await store.db.selectFrom('mfa_tokens').selectAll().where('token', '=', key).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Counts a wrong code; the `maxFailures`-th ends the token. Returns the count, or null when the token was not live. */
export async function recordMfaFailure(
  store: Store,
  key: string,
  maxFailures: number,
  now: number,
): Promise<number | null> {
  const row = await store.db
    .updateTable('mfa_tokens')
    .set({
      failed_attempts: sql`failed_attempts + 1`,
      consumed_at: sql`CASE WHEN failed_attempts + 1 >= ${maxFailures} THEN ${now} ELSE consumed_at END`,
    })
    .where('token', '=', key)
    .where('consumed_at', 'is', null)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row ? Number(row.failed_attempts) : null;
}

/** Consumes a live, unexpired token atomically; undefined when another request got it first. */
export async function consumeMfaToken(store: Store, key: string, now: number): Promise<MfaTokenRecord | undefined> {
  const row = await store.db
    .updateTable('mfa_tokens')
    .set({ consumed_at: now })
    .where('token', '=', key)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Removes tokens that ended more than `olderThanMs` ago. */
export async function purgeMfaTokens(store: Store, before: number): Promise<void> {
  await store.db.deleteFrom('mfa_tokens').where('expires_at', '<', before).execute();
}
