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
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { availableAt } from '@specgen/ir';
import { isQueryError, parseInt64, parseQueryOptions, SINGLE_RECORD_OPTIONS, type RawQuery } from '@specgen/runtime-query';
import type { ResourceView } from '@specgen/runtime-resources';
import { perAddressLimit } from '../attempts.ts';
import type { ServerContext, SessionInfo } from '../contract.ts';
import { sendMessage } from '../replies.ts';
import type { SessionService } from '../sessions.ts';
import type { AuthSettings } from '../settings.ts';
import type { DefaultHandlers } from './defaults.ts';
import { isHttpError } from './http-error.ts';
import { pageBody, recordBody, type RecordShape } from './records.ts';
import type { GetRequest, ListRequest, PrefixParams, RouteDefinition } from './types.ts';

export interface SkeletonContext {
  server: ServerContext;
  sessions: SessionService;
  settings: AuthSettings;
  /** The service version the server plays. */
  version: string;
  /** Every queryable resource as of that version. */
  views: ReadonlyMap<string, ResourceView>;
  defaults: DefaultHandlers;
}

const JSON_TYPE = 'application/json; charset=utf-8';

type Admission = { ok: true; session: SessionInfo | null } | { ok: false };

async function admit(route: RouteDefinition, ctx: SkeletonContext, request: FastifyRequest, reply: FastifyReply): Promise<Admission> {
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
    sendMessage(reply, 403, `The permission "${permission}" is required to read ${what}.`);
    return { ok: false };
  }
  return { ok: true, session: check.session };
}

function shapeOf(view: ResourceView): RecordShape {
  return { fieldNames: view.fieldNames, expandable: new Set(view.model.expansions.map((x) => x.name)) };
}

function viewOf(ctx: SkeletonContext, resource: string): ResourceView {
  const view = ctx.views.get(resource);
  if (!view) throw new Error(`route for resource ${resource}: the spec has no queryable resource of that name`);
  return view;
}

/** Calls the handler the route names, with the request it expects; answers its result. */
function invoker(route: RouteDefinition, ctx: SkeletonContext) {
  const base = (request: FastifyRequest, session: SessionInfo | null) => ({
    session: session as SessionInfo,
    params: request.params as PrefixParams,
    version: ctx.version,
    raw: request,
  });
  switch (route.kind) {
    case 'list': {
      const view = viewOf(ctx, route.resource);
      const shape = shapeOf(view);
      const fallback = ctx.defaults.resource(route.resource).list;
      const tools = { ...ctx.server, next: (request: ListRequest<unknown>) => fallback(request, { ...ctx.server, next: noNext }) };
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const plan = parseQueryOptions(request.query as RawQuery, view.schema);
        const query = { ...plan, orderBy: plan.orderBy.map((o) => ({ field: o.field.name, descending: o.descending })) };
        const page = await route.handler({ ...base(request, session), query, plan }, tools);
        return reply.code(200).type(JSON_TYPE).send(body(pageBody(shape, plan, page)));
      };
    }
    case 'get': {
      const view = viewOf(ctx, route.resource);
      const shape = shapeOf(view);
      const fallback = ctx.defaults.resource(route.resource).get;
      const tools = { ...ctx.server, next: (request: GetRequest<unknown>) => fallback(request, { ...ctx.server, next: noNext }) };
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const id = parseInt64((request.params as { Id: string }).Id);
        if (!id.ok) return sendMessage(reply, 400, `Id: ${id.message}`);
        const { select, expand } = parseQueryOptions(request.query as RawQuery, view.schema, SINGLE_RECORD_OPTIONS);
        const plan = { select, expand };
        const record = await route.handler({ ...base(request, session), id: id.value, query: plan, plan }, tools);
        if (record === null) return sendMessage(reply, 404, `${route.resource} ${id.value} was not found`);
        return reply.code(200).type(JSON_TYPE).send(body(recordBody(shape, plan, record)));
      };
    }
    default: {
      const fallback = ctx.defaults.operation(route.operationId);
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const next = (req: FastifyRequest, rep: FastifyReply) => fallback(req as never, rep, { ...ctx.server, next: noNext, session });
        return route.handler(request as never, reply, { ...ctx.server, next, session });
      };
    }
  }
}

/** The `next` a default handler gets: there is nothing behind it. */
async function noNext(): Promise<never> {
  throw new Error('a default handler has no next handler');
}

function body(json: string | Uint8Array | Readable): string | Buffer | Readable {
  if (typeof json === 'string' || json instanceof Readable) return json;
  return Buffer.from(json.buffer, json.byteOffset, json.byteLength);
}

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
      if (isHttpError(error) && statuses.has(String(error.status))) return sendMessage(reply, error.status, error.message);
      if (isHttpError(error)) request.log.error(`handler ${route.operationId} answered ${error.status}, which the contract does not list for this route`);
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
      request.log.error({ operationId: route.operationId, status: reply.statusCode }, `${route.operationId} answered ${reply.statusCode}, which the contract does not list for this route`);
    }
    return payload;
  };
}

/** Registers every route available at the served version; returns the ones registered. */
export function registerRoutes(scope: FastifyInstance, ctx: SkeletonContext, routes: RouteDefinition[]): RouteDefinition[] {
  const registered: RouteDefinition[] = [];
  for (const route of routes) {
    if (!availableAt(route.since, ctx.version)) continue;
    scope.route({
      method: route.method,
      url: route.url,
      schema: { ...(route.schema.body ? { body: route.schema.body } : {}), response: route.schema.response },
      config: route.rateLimited ? perAddressLimit(ctx.settings) : {},
      // A command without a body is an empty object (GetMultiFactorDeviceSecret with a session).
      ...(route.kind === 'command' ? { preValidation: async (request: FastifyRequest) => void (request.body ??= {}) } : {}),
      onSend: undocumentedStatusLog(route),
      handler: handlerOf(route, ctx),
    });
    registered.push(route);
  }
  return registered;
}
