/**
 * Registers the generated route definitions inside the `/:languageCode/:companyNumber` scope.
 * Everything a handler must not be able to skip happens here, around it:
 * - version gating: a route introduced after the served version is not registered (404);
 * - access: a session (401/403 from the session check) and the resource's permission (403)
 *   before the handler runs; the per-address rate limit of sign-in routes and commands;
 * - input: the body checked against the route's request schema; a read's query options parsed
 *   and checked against the resource at the served version (400 with the position), the Id too;
 * - output: records projected to `$select`/`$expand` and serialised; `null` from `get` is 404;
 * - errors: `HttpError` becomes its status when the contract lists it for the route, a
 *   `QueryError` 400, anything else 500 through the server's error handler (logged, no details).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { availableAt } from '@specgen/ir';
import { isQueryError } from '@specgen/runtime-query';
import { perAddressLimit } from '../attempts.ts';
import { sendMessage } from '../replies.ts';
import { admit } from './access.ts';
import type { SkeletonContext } from './context.ts';
import { isHttpError } from './http-error.ts';
import { invoker } from './invoke.ts';
import type { RouteDefinition } from './types.ts';

export type { SkeletonContext } from './context.ts';

function handlerOf(route: RouteDefinition, ctx: SkeletonContext) {
  const invoke = invoker(route, ctx);
  const statuses = new Set(Object.keys(route.schema.response));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const admission = await admit(route, ctx, request, reply);
    if (!admission.ok) return reply;
    try {
      return await invoke(request, reply, admission.session);
    } catch (error) {
      if (isQueryError(error)) return sendMessage(reply, 400, error.message);
      if (isHttpError(error) && statuses.has(String(error.status)))
        return sendMessage(reply, error.status, error.message);
      if (isHttpError(error))
        request.log.error(
          `handler ${route.operationId} answered ${error.status}, which the contract does not list for this route`,
        );
      throw error;
    }
  };
}

/**
 * A sign-in override writes its reply itself, so the skeleton cannot refuse a status there; it logs
 * (error level) any answer whose status the contract does not list for the route, 500 aside.
 */
function undocumentedStatusLog(route: RouteDefinition) {
  const statuses = new Set(Object.keys(route.schema.response));
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 500 && !statuses.has(String(reply.statusCode))) {
      request.log.error(
        { operationId: route.operationId, status: reply.statusCode },
        `${route.operationId} answered ${reply.statusCode}, which the contract does not list for this route`,
      );
    }
    return payload;
  };
}

/** Registers every route available at the served version; returns the ones registered. */
export function registerRoutes(
  scope: FastifyInstance,
  ctx: SkeletonContext,
  routes: RouteDefinition[],
): RouteDefinition[] {
  const registered: RouteDefinition[] = [];
  for (const route of routes) {
    if (!availableAt(route.since, ctx.version)) continue;
    scope.route({
      method: route.method,
      url: route.url,
      schema: { ...(route.schema.body ? { body: route.schema.body } : {}), response: route.schema.response },
      config: route.rateLimited ? perAddressLimit(ctx.settings) : {},
      // A command without a body is an empty object (GetMultiFactorDeviceSecret with a session).
      ...(route.kind === 'command'
        ? {
            preValidation: async (request: FastifyRequest) => {
              request.body ??= {};
            },
          }
        : {}),
      // Reads are answered by the skeleton itself (statuses of the contract, HttpError checked above).
      ...(route.kind === 'sign-in' || route.kind === 'command' ? { onSend: undocumentedStatusLog(route) } : {}),
      handler: handlerOf(route, ctx),
    });
    registered.push(route);
  }
  return registered;
}
