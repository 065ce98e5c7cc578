/**
 * "429 Too many attempts" (spec, OIDC callback errors): failed callbacks are counted per
 * client address in the store (table login_failures, key `oidc:<ip>`), so all instances share
 * the count. Once the count reaches the limit, callbacks from that address answer 429 until
 * the window is over. Successful sign-ins are not counted.
 */
import { countLoginFailure, currentLoginFailures, type Store } from '@specgen/runtime-store';

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

function keyOf(clientAddress: string): string {
  return `oidc:${clientAddress}`;
}

export async function tooManyAttempts(
  store: Store,
  clientAddress: string,
  limit: AttemptLimit,
  now: number,
): Promise<boolean> {
  return (await currentLoginFailures(store, keyOf(clientAddress), now, limit.windowMs)) >= limit.max;
}

export async function recordFailedAttempt(
  store: Store,
  clientAddress: string,
  limit: AttemptLimit,
  now: number,
): Promise<void> {
  await countLoginFailure(store, keyOf(clientAddress), now, limit.windowMs);
}
