/**
 * The skeleton inside the `/:languageCode/:companyNumber` scope of `createServer`: resource
 * tables and OIDC tables ready, the read path of every read resource at the served version
 * (runtime-resources' `createResourceReads`, one page cache for all of them), the default
 * handlers, then the route table (the generated modules, or the contract's table built at run
 * time) registered by register.ts. The API reference goes to the root (createServer registers it).
 */
import type { FastifyInstance } from 'fastify';
import {
  createResourceReads,
  DEFAULT_PAGE_CACHE_BYTES,
  ensureResourceTables,
  PageCache,
  resourceModel,
  resourceView,
  type ResourceReads,
} from '@specgen/runtime-resources';
import type { AuthRouteContext } from '../auth-context.ts';
import type { ServerContext } from '../server-context.ts';
import { migrateOidcTables } from '../oidc/migrations.ts';
import { COMMAND_PREFIX, unknownCommandHandler } from '../routes/device-commands.ts';
import { createDefaultHandlers, type DefaultHandlers } from './defaults.ts';
import { registerRoutes } from './register.ts';
import type { RouteDefinition } from './types.ts';

/** What the generated server passes to `createServer`: its routes, given the default handlers. */
export type RouteFactory = (defaults: DefaultHandlers) => RouteDefinition[];

/**
 * `pageCache`: the cache of list pages, one for every resource: a cache of the caller's, or its
 * bound in bytes (default 64 MiB; 0 or null turns the cache off).
 */
export async function installSkeleton(
  scope: FastifyInstance,
  auth: AuthRouteContext,
  server: ServerContext,
  routes: RouteFactory,
  pageCache: PageCache | number | null = DEFAULT_PAGE_CACHE_BYTES,
): Promise<void> {
  const models = server.spec.resources.filter((r) => r.queryable).map(resourceModel);
  await ensureResourceTables(server.store, models);
  await migrateOidcTables(server.store);
  const version = server.config.serviceVersion;
  const cache = typeof pageCache === 'number' ? (pageCache > 0 ? new PageCache(pageCache) : null) : pageCache;
  const reads = new Map<string, ResourceReads>(
    models.map((m) => [m.name, createResourceReads(server.store, resourceView(m, version || null), cache)]),
  );
  const defaults = createDefaultHandlers(auth, server, reads);
  // Handlers and the default handlers send serialised JSON; objects (rare) are written plainly.
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const registered = registerRoutes(
    scope,
    { server, sessions: auth.sessions, settings: auth.settings, version, reads, defaults },
    routes(defaults),
  );
  if (registered.some((r) => r.kind === 'command')) scope.post(`${COMMAND_PREFIX}/:command`, unknownCommandHandler);
}
