/**
 * Periodic clean-up of rows that can no longer matter: expired MfaTokens, TOTP steps too old to
 * verify, and sessions long ended or idle. Ended sessions are kept a week so that a suspended
 * session keeps answering 403 "Session suspended" rather than 401.
 */
import type { FastifyBaseLogger } from 'fastify';
import { purgeMfaTokens, purgeSessions, purgeUsedSteps, type Store } from '@specgen/runtime-store';
import type { ServerConfig } from './server-context.ts';

const HOUR = 3_600_000;

export async function housekeeping(store: Store, config: ServerConfig, now: number): Promise<void> {
  await purgeMfaTokens(store, now - HOUR);
  await purgeUsedSteps(store, now - 10 * 60_000);
  await purgeSessions(
    store,
    now - 7 * 24 * HOUR,
    now - Math.max(config.sessionIdleSeconds, config.sessionAbsoluteSeconds) * 1000 - 7 * 24 * HOUR,
  );
}

/** Runs `housekeeping` every `intervalMs` until the returned stop function is called. */
export function startHousekeeping(
  store: Store,
  config: ServerConfig,
  now: () => number,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60_000,
): () => void {
  const timer = setInterval(() => {
    housekeeping(store, config, now()).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
