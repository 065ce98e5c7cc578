/**
 * The route table built at run time from the contract, for tests and `SPEC_IR` (an IR without a
 * generated server): every route of the contract at the served version with its schemas
 * (`routeSchemas`) and the default handler, spelled as the generated route modules spell it
 * (templates/server/routes/area.ts.hbs): `handlers.<Resource>.list(request, tools)` is
 * `defaults.resource(<Resource>).list(request, tools)` here, `handlers.SignIn.login(request, reply,
 * tools)` is `defaults.operation('login')(request, reply, tools)`. `createServer` installs it when
 * it is given no routes; packages/e2e/test/route-table.test.ts checks that it equals the generated
 * server's table.
 */
import { routes, routeSchemas, signInSchemas, type RouteContract } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import type { DefaultHandlers } from './defaults.ts';
import type { RouteFactory } from './setup.ts';
import type { RouteDefinition, RouteSchemas, SignInHandler } from './types.ts';

/** Sign-in and command handlers by operation id, over the defaults (tests: OIDC with fixed values). */
// biome-ignore lint/suspicious/noExplicitAny: handlers of every body type, as the generated Handlers hold them
export type OperationOverrides = Readonly<Record<string, SignInHandler<any, any>>>;

function definition(
  route: RouteContract,
  schema: RouteSchemas,
  defaults: DefaultHandlers,
  overrides: OperationOverrides,
): RouteDefinition {
  const base = {
    operationId: route.operationId,
    method: route.method,
    path: route.path,
    url: route.prefixedPath,
    since: route.since,
    access: route.access,
    permission: route.permission,
    rateLimited: route.rateLimited,
    schema,
  };
  if ((route.kind === 'list' || route.kind === 'get') && route.resource !== null) {
    const resource = route.resource;
    const handlers = defaults.resource(resource);
    return route.kind === 'list'
      ? { ...base, kind: 'list', resource, handler: (request, tools) => handlers.list(request, tools) }
      : { ...base, kind: 'get', resource, handler: (request, tools) => handlers.get(request, tools) };
  }
  const handler = overrides[route.operationId] ?? defaults.operation(route.operationId);
  const kind = route.kind === 'command' ? 'command' : 'sign-in';
  return { ...base, kind, handler: (request, reply, tools) => handler(request, reply, tools) };
}

/** The contract's routes at `version` (null: the newest) with the default handlers, `overrides` put over them. */
export function contractRoutes(spec: Spec, version: string | null, overrides: OperationOverrides = {}): RouteFactory {
  const payloads = signInSchemas(spec);
  const table = routes(spec, version).map((route) => [route, routeSchemas(route, payloads)] as const);
  // Any version's operations: a handler for a route the served version lacks is not used (as with
  // the generated modules); a typo would otherwise leave the default in place silently.
  const operations = routes(spec, null)
    .filter((r) => r.kind === 'sign-in' || r.kind === 'command')
    .map((r) => r.operationId);
  for (const id of Object.keys(overrides)) {
    if (!operations.includes(id)) throw new Error(`overrides.${id}: no sign-in or command operation of that id`);
  }
  return (defaults) => table.map(([route, schema]) => definition(route, schema, defaults, overrides));
}
