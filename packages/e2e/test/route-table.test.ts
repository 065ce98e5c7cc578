/**
 * One route path: the route table `createServer` builds from the contract at run time (tests,
 * SPEC_IR) is the generated server's table, route for route: the same operations (the contract's
 * order; the generated modules list them area by area, and Fastify's router does not depend on the
 * order), with the same method, paths, version, access, permission, rate limit and schemas, and
 * each handler calling the same default handler with the arguments it was given.
 */
import { describe, expect, it } from 'vitest';
import { loadSpec, serviceRoutes } from '@service-api/server';
import { contractRoutes, type DefaultHandlers, type RouteDefinition } from '@specgen/runtime-server/skeleton';

const spec = loadSpec();

/** Default handlers that answer which default was called and with what. */
function recordingDefaults(): DefaultHandlers {
  const operations = [
    'login',
    'totpLogin',
    'getSession',
    'logout',
    'oidcInitiate',
    'oidcCallback',
    'getMultiFactorDeviceSecret',
    'setMultiFactorAuthenticationDevice',
  ];
  return {
    operations,
    operation:
      (id) =>
      async (...args: unknown[]) => ({ called: `operation ${id}`, args }),
    resource: (name) => ({
      list: async (...args: unknown[]) => ({ called: `${name}.list`, args }) as never,
      get: async (...args: unknown[]) => ({ called: `${name}.get`, args }) as never,
    }),
  };
}

const withoutHandler = ({ handler: _handler, ...route }: RouteDefinition) => route;

/** Calls a route's handler with three marker arguments (the handlers only pass them on). */
function call(route: RouteDefinition): Promise<unknown> {
  const handler = route.handler as (...args: unknown[]) => Promise<unknown>;
  return route.kind === 'list' || route.kind === 'get'
    ? handler('request', 'tools')
    : handler('request', 'reply', 'tools');
}

describe('the contract table built at run time = the generated route modules', () => {
  const byOperation = (table: RouteDefinition[]) =>
    [...table].sort((a, b) => a.operationId.localeCompare(b.operationId));
  const generated = byOperation(serviceRoutes()(recordingDefaults()));
  const built = byOperation(contractRoutes(spec, spec.newestVersion)(recordingDefaults()));

  it('lists the same routes with the same method, paths, version, access, rate limit and schemas', () => {
    expect(built.map((r) => r.operationId)).toEqual(generated.map((r) => r.operationId));
    expect(built.map(withoutHandler)).toEqual(generated.map(withoutHandler));
    expect(built.length).toBeGreaterThan(10);
  });

  it('calls the same default handler with the arguments it was given', async () => {
    for (const [i, route] of built.entries()) {
      const answer = await call(route);
      expect(answer, route.operationId).toEqual(await call(generated[i]!));
      expect(answer).toMatchObject({
        args: route.kind === 'list' || route.kind === 'get' ? ['request', 'tools'] : ['request', 'reply', 'tools'],
      });
    }
  });
});

describe('handlers over the contract table', () => {
  it('replace a sign-in handler by operation id and refuse an unknown one', async () => {
    const own = async () => 'own';
    const table = contractRoutes(spec, spec.newestVersion, { logout: own })(recordingDefaults());
    const logout = table.find((r) => r.operationId === 'logout')!;
    expect(await call(logout)).toBe('own');
    expect(await call(table.find((r) => r.operationId === 'login')!)).toMatchObject({ called: 'operation login' });
    expect(() => contractRoutes(spec, spec.newestVersion, { logot: own })).toThrow(/overrides\.logot/);
  });
});
