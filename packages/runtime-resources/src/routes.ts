/**
 * Fastify routes of the read resources, registered inside `/:languageCode/:companyNumber` at the
 * paths of the contract's route table (`spec.readPathPrefix` + the resource path):
 *   GET <read path>        a page of records (bare JSON array)
 *   GET <read path>/:Id    one record, 404 `"<Resource> <Id> was not found"`
 * 401 without a valid session, 403 without the resource's permission, 400 for bad query options.
 * Resources introduced after the configured service version get no route (404). The server core
 * registers the plugin with its `ServerContext` as the plugin options (store, spec, sessions).
 * Pages of the list route are answered from a cache (page-cache.ts) while the resource's data
 * generation is unchanged; the session and permission checks run first on every request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { READ_MESSAGES, routes, type RouteContract } from '@specgen/contract';
import { LRUCache } from 'lru-cache';
import { isQueryError, parseInt64, parseQueryOptions, SINGLE_RECORD_OPTIONS, type QueryPlan, type RawQuery } from '@specgen/runtime-query';
import type { ServerContext, ServicePlugin } from './server-contract.ts';
import { sendJsonText, sendMessage } from './http.ts';
import { resourceModel, type ResourceModel } from './model.ts';
import { readGeneration } from './generations.ts';
import { DEFAULT_PAGE_CACHE_BYTES, PageCache, planKey } from './page-cache.ts';
import { getRecord, listRecords } from './reader.ts';
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

function registerResource(app: FastifyInstance, ctx: ServerContext, view: ResourceView, list: RouteContract, get: RouteContract, cache: PageCache | null): void {
  const preHandler = guard(ctx, view);
  const { db, dialect } = ctx.store;
  const name = view.model.name;
  const keyPrefix = `${name}\n${ctx.config.serviceVersion}\n`;
  // The parsed options of recent query strings (parsing is a pure function of the text and the view);
  // options that do not parse are not kept and answer 400 each time.
  const plans = new LRUCache<string, { plan: QueryPlan; key: string }>({ max: 1024 });
  const planOf = (url: string, query: RawQuery) => {
    const text = url.slice(url.indexOf('?') + 1 || url.length);
    let known = plans.get(text);
    if (known === undefined) {
      const plan = parseQueryOptions(query, view.schema);
      known = { plan, key: keyPrefix + planKey(plan) };
      plans.set(text, known);
    }
    return known;
  };
  app.get(list.prefixedPath, { preHandler }, (request, reply) =>
    answer(reply, async () => {
      if (cache === null) return sendJsonText(reply, await listRecords(db, dialect, view, parseQueryOptions(request.query as RawQuery, view.schema)));
      const { plan, key } = planOf(request.url, request.query as RawQuery);
      // The generation is read before the page: a write committed in between makes the entry stale at once.
      const generation = await readGeneration(db, name);
      const hit = cache.get(key, generation);
      if (hit) return sendJsonText(reply, hit);
      const page = await listRecords(db, dialect, view, plan);
      const body = typeof page === 'string' ? Buffer.from(page, 'utf8') : page;
      cache.set(key, generation, body);
      return sendJsonText(reply, body);
    }),
  );
  app.get(get.prefixedPath, { preHandler }, (request, reply) =>
    answer(reply, async () => {
      const idText = (request.params as { Id: string }).Id;
      const id = parseInt64(idText);
      if (!id.ok) return sendMessage(reply, 400, READ_MESSAGES.badId(id.message));
      const plan = parseQueryOptions(request.query as RawQuery, view.schema, SINGLE_RECORD_OPTIONS);
      const body = await getRecord(db, view, id.value, plan);
      return body === null ? sendMessage(reply, 404, READ_MESSAGES.notFound(view.model.name, String(id.value))) : sendJsonText(reply, body);
    }),
  );
}

export interface ResourcesPluginOptions {
  /** Bound of the page cache in bytes (default 64 MiB); 0 turns the cache off. */
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
    const bytes = options.pageCacheBytes ?? DEFAULT_PAGE_CACHE_BYTES;
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
    if (list && get) registerResource(app, ctx, resourceView(model, version), list, get, cache);
  }
}
