/**
 * Sessions as the server sees them: presented by the header `X-Service-SessionId` or the session
 * cookie, checked against the store on every request (so an instance behind a load balancer sees
 * logouts and suspensions made by another), with idle and absolute lifetimes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { looksLikeSessionId, newSessionId, storageKey } from '@specgen/runtime-auth';
import {
  createSessionRecord,
  endOtherSessions,
  endSession,
  findSessionRecord,
  touchSession,
  type Store,
} from '@specgen/runtime-store';
import type { ServerConfig, SessionInfo } from './server-context.ts';
import { MESSAGES } from './replies.ts';
import { createSessionCache } from './session-cache.ts';

import { SESSION_COOKIE, SESSION_HEADER, sessionCookieName } from '@specgen/contract';

export { SESSION_COOKIE, SESSION_HEADER, sessionCookieName };

export type SessionCheck = { ok: true; session: SessionInfo } | { ok: false; status: 401 | 403; message: string };

export interface SessionService {
  presentedId(request: FastifyRequest): string | null;
  check(request: FastifyRequest): Promise<SessionCheck>;
  start(
    userId: string,
    request: FastifyRequest,
    reply: FastifyReply,
    opts?: { forceRelogin?: boolean },
  ): Promise<string>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Write `last_seen_at` at most this often per session (keeps authenticated reads cheap). */
const TOUCH_EVERY_MS = 15_000;

export function createSessionService(
  store: Store,
  config: ServerConfig,
  now: () => number,
  cacheMs = 0,
): SessionService {
  const cache = createSessionCache(cacheMs);
  const cookieName = sessionCookieName(config.cookieSecure);
  const idleMs = config.sessionIdleSeconds * 1000;
  const absoluteMs = config.sessionAbsoluteSeconds * 1000;

  function presentedId(request: FastifyRequest): string | null {
    const header = request.headers[SESSION_HEADER.toLowerCase()];
    const value =
      (Array.isArray(header) ? header[0] : header) ??
      request.cookies?.[cookieName] ??
      request.cookies?.[SESSION_COOKIE];
    return value && looksLikeSessionId(value) ? value.toLowerCase() : null;
  }

  async function check(request: FastifyRequest): Promise<SessionCheck> {
    const id = presentedId(request);
    if (!id) return { ok: false, status: 401, message: MESSAGES.noSession };
    const key = storageKey(id);
    const t = now();
    let record = cache.get(key, t);
    if (!record) {
      record = await findSessionRecord(store, key);
      if (!record) return { ok: false, status: 401, message: MESSAGES.noSession };
      if (record.endedAt === null) cache.set(key, record, t);
    }
    if (record.endedAt !== null) {
      return record.endedReason === 'suspended'
        ? { ok: false, status: 403, message: MESSAGES.sessionSuspended }
        : { ok: false, status: 401, message: MESSAGES.sessionExpired };
    }
    if (t - record.lastSeenAt > idleMs || t - record.createdAt > absoluteMs) {
      cache.delete(key);
      await endSession(store, key, t - record.createdAt > absoluteMs ? 'absolute-timeout' : 'idle-timeout', t);
      return { ok: false, status: 401, message: MESSAGES.sessionExpired };
    }
    if (t - record.lastSeenAt > Math.min(TOUCH_EVERY_MS, idleMs / 4)) {
      record.lastSeenAt = t;
      await touchSession(store, key, t);
    }
    return {
      ok: true,
      session: { sessionId: id, userId: record.userId, username: record.username, permissions: record.permissions },
    };
  }

  async function start(
    userId: string,
    request: FastifyRequest,
    reply: FastifyReply,
    opts: { forceRelogin?: boolean } = {},
  ): Promise<string> {
    const t = now();
    const previous = presentedId(request);
    if (previous) {
      cache.delete(storageKey(previous));
      await endSession(store, storageKey(previous), 'replaced', t);
    }
    if (opts.forceRelogin) {
      cache.deleteUser(userId);
      await endOtherSessions(store, userId, null, 'suspended', t);
    }
    const id = newSessionId();
    await createSessionRecord(store, storageKey(id), userId, t);
    reply.header(SESSION_HEADER, id);
    reply.setCookie(cookieName, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: config.sessionAbsoluteSeconds,
    });
    return id;
  }

  async function end(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const id = presentedId(request);
    reply.clearCookie(cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
    if (!id) return false;
    cache.delete(storageKey(id));
    return endSession(store, storageKey(id), 'logout', now());
  }

  return { presentedId, check, start, end };
}
