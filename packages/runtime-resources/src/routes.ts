/**
 * Fastify routes of the read resources, registered inside `/:languageCode/:companyNumber` at the
 * paths of the contract's route table (`spec.readPathPrefix` + the resource path):
 *   GET <read path>        a page of records (bare JSON array)
 *   GET <read path>/:Id    one record, 404 `"<Resource> <Id> was not found"`
 * 401 without a valid session, 403 without the resource's permission, 400 for bad query options.
 * Resources introduced after the configured service version get no route (404). The server core
 * registers the plugin with its `ServerContext` as the plugin options (store, spec, sessions).
 * The read path itself (options memo, page cache kept while the resource's data generation is
 * unchanged, the store's reader) is resource-reads.ts, which the generated server's default
 * handlers use too; the session and permission checks run first on every request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { READ_MESSAGES, routes, type RouteContract } from '@specgen/contract';
import { isQueryError, parseInt64, type RawQuery } from '@specgen/runtime-query';
import type { ServerContext, ServicePlugin } from './server-contract.ts';
import { sendJsonText, sendMessage } from './http.ts';
import { resourceModel, type ResourceModel } from './model.ts';
import { DEFAULT_PAGE_CACHE_BYTES, PageCache } from './page-cache.ts';
import { createResourceReads, type ResourceReads } from './resource-reads.ts';
import { ensureResourceTables } from './tables.ts';
import { resourceView, type ResourceView } from './view.ts';

/** Queryable resources of the spec, as models (all versions). */
export function resourceModels(ctx: Pick<ServerContext, 'spec'>): ResourceModel[] {
  return ctx.spec.resources.filter((r) => r.queryable).map(resourceModel);
}

function guard(ctx: ServerContext, view: ResourceView) {
  const permission = view.model.permission;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // requireSession (when the server core offers it) answers 401 or 403 "Session suspended" itself.
    // Its answer may still be in the onSend hooks (`reply.sent` false), so never answer a second time.
    if (ctx.requireSession) {
      const session = await ctx.requireSession(request, reply);
      if (!session) return reply;
      return permitted(session, reply);
    }
    const session = await ctx.authenticate(request);
    if (!session) return sendMessage(reply, 401, READ_MESSAGES.sessionRequired);
    return permitted(session, reply);
  };

  function permitted(session: { permissions: string[] }, reply: FastifyReply): FastifyReply | undefined {
    if (permission !== null && !session.permissions.includes(permission)) {
      return sendMessage(reply, 403, READ_MESSAGES.permissionRequired(permission, view.model.name));
    }
    return undefined;
  }
}

async function answer(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (e) {
    if (isQueryError(e)) return sendMessage(reply, 400, e.message);
    throw e;
  }
}

function registerResource(app: FastifyInstance, ctx: ServerContext, reads: ResourceReads, list: RouteContract, get: RouteContract): void {
  const view = reads.view;
  const preHandler = guard(ctx, view);
  app.get(list.prefixedPath, { preHandler }, (request, reply) =>
    answer(reply, async () => sendJsonText(reply, await reads.page(reads.collectionOptions(request.url, request.query as RawQuery)))),
  );
  app.get(get.prefixedPath, { preHandler }, (request, reply) =>
    answer(reply, async () => {
      const id = parseInt64((request.params as { Id: string }).Id);
      if (!id.ok) return sendMessage(reply, 400, READ_MESSAGES.badId(id.message));
      const body = await reads.record(id.value, reads.recordOptions(request.url, request.query as RawQuery));
      return body === null ? sendMessage(reply, 404, READ_MESSAGES.notFound(view.model.name, String(id.value))) : sendJsonText(reply, body);
    }),
  );
}

export interface ResourcesPluginOptions {
  /** Bound of the page cache in bytes (default: the config's `pageCacheBytes`, else 64 MiB); 0 turns the cache off. */
  pageCacheBytes?: number;
  /** A cache made by the caller (tests look at its size); takes precedence over `pageCacheBytes`. */
  pageCache?: PageCache;
}

/**
 * Creates or migrates the tables, then serves every read route of the contract's route table at
 * the configured version, with one page cache for all resources of this server.
 */
export function createResourcesPlugin(options: ResourcesPluginOptions = {}): ServicePlugin {
  return async (app, ctx) => {
    const bytes = options.pageCacheBytes ?? ctx.config.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES;
    await registerResources(app, ctx, options.pageCache ?? (bytes > 0 ? new PageCache(bytes) : null));
  };
}

export const resourcesPlugin: ServicePlugin = createResourcesPlugin();

async function registerResources(app: FastifyInstance, ctx: ServerContext, cache: PageCache | null): Promise<void> {
  const models = resourceModels(ctx);
  await ensureResourceTables(ctx.store, models);
  const version = ctx.config.serviceVersion || null;
  const table = routes(ctx.spec, version);
  for (const model of models) {
    const list = table.find((r) => r.kind === 'list' && r.resource === model.name);
    const get = table.find((r) => r.kind === 'get' && r.resource === model.name);
    if (list && get) registerResource(app, ctx, createResourceReads(ctx.store, resourceView(model, version), cache), list, get);
  }
}
