/**
 * `GET .../session`: the current session (401 without one, 403 "Session suspended" after a
 * ForceRelogin elsewhere). `POST .../logout`: ends the session on the server, clears the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthRouteContext } from '../auth-context.ts';
import { sendMessage, sendObject } from '../replies.ts';

/** The default `getSession` handler (skeleton/defaults.ts). */
export function currentSessionHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await ctx.sessions.check(request);
    if (!result.ok) return sendMessage(reply, result.status, result.message);
    const s = result.session;
    reply.header('Cache-Control', 'no-store');
    return sendObject(reply, 200, { SessionId: s.sessionId, Username: s.username, Permissions: s.permissions });
  };
}

/** The default `logout` handler (skeleton/defaults.ts). */
export function logoutHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await ctx.sessions.check(request);
    if (!result.ok) {
      await ctx.sessions.end(request, reply);
      return sendMessage(reply, result.status, result.message);
    }
    await ctx.sessions.end(request, reply);
    return reply.code(204).send();
  };
}
