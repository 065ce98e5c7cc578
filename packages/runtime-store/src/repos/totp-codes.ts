/**
 * TOTP replay protection (RFC 6238 §5.2): a time step is accepted once per user. The primary key
 * (user_id, time_step) makes the claim atomic across server instances.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Store } from '../store.ts';
import { consumeMfaToken, type MfaTokenRecord } from './mfa-tokens.ts';

type Db = Kysely<any> | Transaction<any>;

async function claimStep(db: Db, userId: string, step: number, now: number): Promise<boolean> {
  const later = await db
    .selectFrom('used_totp_codes')
    .select('time_step')
    .where('user_id', '=', userId)
    .where('time_step', '>=', step)
    .executeTakeFirst();
  if (later) return false;
  const inserted = await db
    .insertInto('used_totp_codes')
    .values({ user_id: userId, time_step: step, used_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'time_step']).doNothing())
    .returning('time_step')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Claims the step; false when it (or a later step) was used already. */
export function claimTotpStep(store: Store, userId: string, step: number, now: number): Promise<boolean> {
  return claimStep(store.db, userId, step, now);
}

class StepTaken extends Error {}

export type RedeemResult = { ok: true; token: MfaTokenRecord } | { ok: false; reason: 'tokenGone' | 'codeUsed' };

/**
 * One transaction: consume the MfaToken (single use) and claim the code's time step for its user.
 * When the step was used already, nothing changes (the token stays usable). Of any number of
 * concurrent redemptions of one token, at most one succeeds.
 */
export async function redeemMfaToken(
  store: Store,
  key: string,
  userId: string,
  step: number,
  now: number,
): Promise<RedeemResult> {
  try {
    return await store.db.transaction().execute(async (trx): Promise<RedeemResult> => {
      const token = await consumeMfaToken({ ...store, db: trx }, key, now);
      if (!token || token.userId !== userId) return { ok: false, reason: 'tokenGone' };
      if (!(await claimStep(trx, userId, step, now))) throw new StepTaken();
      return { ok: true, token };
    });
  } catch (err) {
    if (err instanceof StepTaken) return { ok: false, reason: 'codeUsed' };
    throw err;
  }
}

/** Forgets steps older than `before` (ms); they can no longer verify anyway. */
export async function purgeUsedSteps(store: Store, before: number): Promise<void> {
  await store.db.deleteFrom('used_totp_codes').where('used_at', '<', before).execute();
}
