/**
 * Per-username failure counters in the store (shared by all instances): too many failed password
 * logins or TOTP codes for one name within the window answer 429 until the window passes. The
 * counter is keyed by the submitted name, so unknown and known names behave the same.
 */
import { clearLoginFailures, countLoginFailure, currentLoginFailures, type Store } from '@specgen/runtime-store';
import type { AuthSettings } from './settings.ts';

export interface AttemptGuard {
  /** Failures in the current window, and whether they reach the limit. */
  check(key: string): Promise<{ failures: number; blocked: boolean }>;
  failed(key: string): Promise<number>;
  /** Resets the counter (call only when `check` saw failures: saves a write per sign-in). */
  succeeded(key: string): Promise<void>;
}

export const attemptKey = {
  password: (username: string) => `password:${username.toLowerCase()}`,
  totp: (userId: string) => `totp:${userId}`,
};

export function createAttemptGuard(store: Store, settings: AuthSettings, now: () => number): AttemptGuard {
  const windowMs = settings.failureWindowSeconds * 1000;
  return {
    async check(key) {
      const failures = await currentLoginFailures(store, key, now(), windowMs);
      return { failures, blocked: failures >= settings.failuresPerUser };
    },
    failed: (key) => countLoginFailure(store, key, now(), windowMs),
    succeeded: (key) => clearLoginFailures(store, key),
  };
}

/** Route option for @fastify/rate-limit: sign-in requests per client address per minute. */
export function perAddressLimit(settings: AuthSettings): { rateLimit: { max: number; timeWindow: number } } {
  return { rateLimit: { max: settings.requestsPerAddressPerMinute, timeWindow: 60_000 } };
}
