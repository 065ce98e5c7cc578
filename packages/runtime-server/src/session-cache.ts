/**
 * A short-lived per-instance cache of live sessions read from the store, so that an authenticated
 * request does not always cost a database round trip. Entries live `ttlMs`; whatever this instance
 * ends (logout, ForceRelogin, new login, timeout) is dropped at once, so only ends made by another
 * instance can take up to `ttlMs` to be seen here. Bounded in size (oldest entries go first).
 */
import type { SessionRecord } from '@specgen/runtime-store';

const MAX_ENTRIES = 50_000;

export interface SessionCache {
  get(key: string, now: number): SessionRecord | undefined;
  set(key: string, record: SessionRecord, now: number): void;
  delete(key: string): void;
  deleteUser(userId: string): void;
}

export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, { record: SessionRecord; until: number }>();
  return {
    get(key, now) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return hit.record;
    },
    set(key, record, now) {
      if (ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { record, until: now + ttlMs });
    },
    delete: (key) => void entries.delete(key),
    deleteUser(userId) {
      for (const [key, hit] of entries) if (hit.record.userId === userId) entries.delete(key);
    },
  };
}
