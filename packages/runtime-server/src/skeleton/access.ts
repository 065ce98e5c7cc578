/**
 * Access before any handler: anonymous routes pass; `optional-session` passes with the session
 * when one is presented; `session` needs a valid one (401, or 403 "Session suspended", from the
 * session check); `permission` also needs the resource's permission (403).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_MESSAGES } from '@specgen/contract';
import type { SessionInfo } from '../server-context.ts';
import { sendMessage } from '../replies.ts';
import type { SkeletonContext } from './context.ts';
import type { RouteDefinition } from './types.ts';

type Admission = { ok: true; session: SessionInfo | null } | { ok: false };

export async function admit(
  route: RouteDefinition,
  ctx: SkeletonContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Admission> {
  if (route.access === 'anonymous') return { ok: true, session: null };
  if (route.access === 'optional-session') return { ok: true, session: await ctx.server.authenticate(request) };
  const check = await ctx.sessions.check(request);
  if (!check.ok) {
    sendMessage(reply, check.status, check.message);
    return { ok: false };
  }
  const permission = route.access === 'permission' ? route.permission : null;
  if (permission !== null && !check.session.permissions.includes(permission)) {
    const what = route.kind === 'list' || route.kind === 'get' ? route.resource : route.operationId;
    sendMessage(reply, 403, READ_MESSAGES.permissionRequired(permission, what));
    return { ok: false };
  }
  return { ok: true, session: check.session };
}
