/**
 * The skeleton inside the `/:languageCode/:companyNumber` scope of `createServer`: resource
 * tables and OIDC tables ready, a view of every read resource at the served version, the
 * default handlers, then the generated routes (register.ts). The API reference goes to the root
 * (createServer registers it).
 */
import type { FastifyInstance } from 'fastify';
import { ensureResourceTables, resourceModel, resourceView, type ResourceView } from '@specgen/runtime-resources';
import type { AuthRouteContext } from '../auth-context.ts';
import type { ServerContext } from '../contract.ts';
import { migrateOidcTables } from '../oidc/migrations.ts';
import { COMMAND_PREFIX, unknownCommandHandler } from '../routes/device-commands.ts';
import { createDefaultHandlers, type DefaultHandlers } from './defaults.ts';
import { registerRoutes } from './register.ts';
import type { RouteDefinition } from './types.ts';

/** What the generated server passes to `createServer`: its routes, given the default handlers. */
export type RouteFactory = (defaults: DefaultHandlers) => RouteDefinition[];

export async function installSkeleton(scope: FastifyInstance, auth: AuthRouteContext, server: ServerContext, routes: RouteFactory): Promise<void> {
  const models = server.spec.resources.filter((r) => r.queryable).map(resourceModel);
  await ensureResourceTables(server.store, models);
  await migrateOidcTables(server.store);
  const version = server.config.serviceVersion;
  const views = new Map<string, ResourceView>(models.map((m) => [m.name, resourceView(m, version || null)]));
  const defaults = createDefaultHandlers(auth, server, views);
  // Handlers and the default handlers send serialised JSON; objects (rare) are written plainly.
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const registered = registerRoutes(scope, { server, sessions: auth.sessions, settings: auth.settings, version, views, defaults }, routes(defaults));
  if (registered.some((r) => r.kind === 'command')) scope.post(`${COMMAND_PREFIX}/:command`, unknownCommandHandler);
}
