/**
 * Calls the handler a route names with the request it expects, and answers its result: a read's
 * query options and Id parsed against the resource at the served version (a `QueryError` is
 * thrown for the caller to map), records projected and serialised, `null` from `get` a 404; a
 * sign-in handler gets the Fastify request and reply. `tools.next` is the default handler.
 * A read's options come from the resource's read path (runtime-resources `ResourceReads`): kept per
 * query text and frozen, so the typed `query` and the projector are built once per plan too; a
 * serialised page (`JsonText`, e.g. the default's cached Buffer) is sent as it is.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { READ_MESSAGES } from '@specgen/contract';
import { parseInt64, type QueryPlan, type RawQuery } from '@specgen/runtime-query';
import type { ResourceReads } from '@specgen/runtime-resources';
import type { SessionInfo } from '../server-context.ts';
import { JSON_TYPE, sendMessage } from '../replies.ts';
import type { SkeletonContext } from './context.ts';
import { pageBody, projectors, recordBody, type RecordShape } from './records.ts';
import type { CollectionQuery, GetRequest, ListRequest, PrefixParams, RouteDefinition } from './types.ts';

function shapeOf(reads: ResourceReads): RecordShape {
  return { fieldNames: reads.view.fieldNames, expandable: new Set(reads.view.model.expansions.map((x) => x.name)) };
}

function readsOf(ctx: SkeletonContext, resource: string): ResourceReads {
  const reads = ctx.reads.get(resource);
  if (!reads) throw new Error(`route for resource ${resource}: the spec has no queryable resource of that name`);
  return reads;
}

/** The typed `request.query` of a plan, once per plan (plans are kept per query text), frozen like the plan. */
function collectionQueries(): (plan: QueryPlan) => CollectionQuery<unknown> {
  const built = new WeakMap<QueryPlan, CollectionQuery<unknown>>();
  return (plan) => {
    let query = built.get(plan);
    if (query === undefined) {
      const orderBy = Object.freeze(
        plan.orderBy.map((o) => Object.freeze({ field: o.field.name as never, descending: o.descending })),
      );
      query = Object.freeze({ ...plan, orderBy }) as unknown as CollectionQuery<unknown>;
      built.set(plan, query);
    }
    return query;
  };
}

/** Calls the handler the route names, with the request it expects; answers its result. */
export function invoker(route: RouteDefinition, ctx: SkeletonContext) {
  const base = (request: FastifyRequest, session: SessionInfo | null) => ({
    session: session as SessionInfo,
    params: request.params as PrefixParams,
    version: ctx.version,
    raw: request,
  });
  switch (route.kind) {
    case 'list': {
      const reads = readsOf(ctx, route.resource);
      const projectorOf = projectors(shapeOf(reads));
      const queryOf = collectionQueries();
      const fallback = ctx.defaults.resource(route.resource).list;
      const last = { ...ctx.server, next: noNext };
      const tools = { ...ctx.server, next: (request: ListRequest<unknown>) => fallback(request, last) };
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const plan = reads.collectionOptions(request.url, request.query as RawQuery);
        const page = await route.handler({ ...base(request, session), query: queryOf(plan), plan }, tools);
        return reply
          .code(200)
          .type(JSON_TYPE)
          .send(body(pageBody(projectorOf(plan), page)));
      };
    }
    case 'get': {
      const reads = readsOf(ctx, route.resource);
      const projectorOf = projectors(shapeOf(reads));
      const fallback = ctx.defaults.resource(route.resource).get;
      const last = { ...ctx.server, next: noNext };
      const tools = { ...ctx.server, next: (request: GetRequest<unknown>) => fallback(request, last) };
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const id = parseInt64((request.params as { Id: string }).Id);
        if (!id.ok) return sendMessage(reply, 400, READ_MESSAGES.badId(id.message));
        const plan = reads.recordOptions(request.url, request.query as RawQuery);
        const record = await route.handler(
          { ...base(request, session), id: id.value, query: plan as GetRequest<unknown>['query'], plan },
          tools,
        );
        if (record === null) return sendMessage(reply, 404, READ_MESSAGES.notFound(route.resource, String(id.value)));
        return reply
          .code(200)
          .type(JSON_TYPE)
          .send(body(recordBody(projectorOf(plan), record)));
      };
    }
    default: {
      const fallback = ctx.defaults.operation(route.operationId);
      return async (request: FastifyRequest, reply: FastifyReply, session: SessionInfo | null) => {
        const next = (req: FastifyRequest, rep: FastifyReply) =>
          fallback(req as never, rep, { ...ctx.server, next: noNext, session });
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
  if (typeof json === 'string' || json instanceof Readable || Buffer.isBuffer(json)) return json;
  return Buffer.from(json.buffer, json.byteOffset, json.byteLength);
}
