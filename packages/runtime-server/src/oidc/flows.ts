/**
 * Pending sign-ins in the `oidc_flows` table: one row per initiate, bound to the hashed
 * cookie value, consumed at most once. Consumption is a single conditional UPDATE
 * (`... WHERE consumed_at IS NULL RETURNING`), so of many concurrent callbacks, on one
 * instance or on several sharing PostgreSQL, exactly one gets the row.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Store } from '@specgen/runtime-store';

export interface NewFlow {
  bindingHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The LoginRequest body of the initiate call (JSON text). */
  loginRequest: string;
  redirectUrl: string;
  createdAt: number;
}

export interface FlowRecord extends NewFlow {
  id: string;
}

export async function createFlow(store: Store, flow: NewFlow): Promise<FlowRecord> {
  const id = randomUUID();
  await store.db
    .insertInto('oidc_flows')
    .values({
      id,
      binding: flow.bindingHash,
      state: flow.state,
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      login_request: flow.loginRequest,
      redirect_url: flow.redirectUrl,
      created_at: flow.createdAt,
      consumed_at: null,
    })
    .execute();
  return { id, ...flow };
}

/** A repeated initiate restarts the flow: the browser's earlier pending flows stop being usable. */
export async function discardFlows(store: Store, bindingHash: string, now: number): Promise<void> {
  await store.db
    .updateTable('oidc_flows')
    .set({ consumed_at: now })
    .where('binding', '=', bindingHash)
    .where('consumed_at', 'is', null)
    .execute();
}

/**
 * The pending flow of this browser whose state equals `state` (compared in constant time),
 * taken for this one caller. Null when there is none: no cookie, wrong state, or already used.
 */
export async function takeFlow(
  store: Store,
  bindingHash: string,
  state: string,
  now: number,
): Promise<FlowRecord | null> {
  const candidates = await store.db
    .selectFrom('oidc_flows')
    .selectAll()
    .where('binding', '=', bindingHash)
    .where('consumed_at', 'is', null)
    .execute();
  const match = candidates.find((row) => sameText(String(row.state), state));
  if (!match) return null;
  const taken = await store.db
    .updateTable('oidc_flows')
    .set({ consumed_at: now })
    .where('id', '=', match.id)
    .where('consumed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return taken ? fromRow(taken) : null;
}

/** Housekeeping: rows older than `olderThan` (ms) are of no further use. */
export async function purgeFlows(store: Store, olderThan: number): Promise<void> {
  await store.db.deleteFrom('oidc_flows').where('created_at', '<', olderThan).execute();
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function fromRow(row: Record<string, unknown>): FlowRecord {
  return {
    id: String(row.id),
    bindingHash: String(row.binding),
    state: String(row.state),
    nonce: String(row.nonce),
    codeVerifier: String(row.code_verifier),
    loginRequest: String(row.login_request),
    redirectUrl: String(row.redirect_url),
    createdAt: Number(row.created_at),
  };
}
