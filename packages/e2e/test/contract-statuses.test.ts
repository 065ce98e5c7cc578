/**
 * Every route of the contract's route table, driven through the statuses any route of its kind can
 * answer, against the generated server (`@service-api/server`: its route modules with the default
 * handlers, as `pnpm start` and deployments serve them; SQLite, seeded records):
 * 400 for a malformed languageCode; for reads 200, 400 (bad option or Id), 401, 403, 404; for POSTs
 * 413 (too large) and 415 (not JSON). Each answer must have the status the table expects, and every
 * answer is then checked against the OpenAPI document of the version by the independent checker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, routes, type RouteContract } from '@specgen/contract';
import { conformanceProblems, recordAnswers, type ObservedAnswer } from '@specgen/contract/testing';
import type { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { hashPassword } from '@specgen/runtime-auth';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { createServiceServer } from '@service-api/server';
import { loadConfig } from '@specgen/runtime-server';
import { createUser, openStore, type Store } from '@specgen/runtime-store';

const spec: Spec = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md')).spec;
const VERSION = spec.newestVersion!;
const table = routes(spec, VERSION);
let dir: string;
let store: Store;
let app: Awaited<ReturnType<typeof createServiceServer>>;
let answers: ObservedAnswer[];
const sessions: Record<'all' | 'none', string> = { all: '', none: '' };

/** The path of a route with its parameters filled in. */
const url = (route: RouteContract, values: Record<string, string> = {}) =>
  route.path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) => values[name] ?? { languageCode: 'en', companyNumber: '001.1', Id: '1' }[name] ?? name,
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-contract-statuses-'));
  store = await openStore(`sqlite:${join(dir, 'service.db')}`);
  const config = loadConfig({ SECRETS_KEY: '33'.repeat(32), PORT: '0', SERVICE_VERSION: VERSION }, spec, {
    dataDir: dir,
  });
  app = await createServiceServer({ spec, config, store, log: false });
  answers = recordAnswers(app);
  await seedResources(store, resourceModels({ spec }), { count: 3 });
  const passwordHash = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
  const permissions = [...new Set(spec.resources.map((r) => r.permission).filter((p): p is string => p !== null))];
  await createUser(store, { username: 'all', passwordHash, permissions });
  await createUser(store, { username: 'none', passwordHash, permissions: [] });
  for (const who of ['all', 'none'] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/en/001.1/login',
      payload: { Username: who, Password: 'pw' },
    });
    sessions[who] = res.json().SessionId;
  }
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (
  route: RouteContract,
  path: string,
  init: { session?: 'all' | 'none'; payload?: string; type?: string } = {},
) =>
  app.inject({
    method: route.method,
    url: path,
    headers: {
      ...(init.session ? { 'x-service-sessionid': sessions[init.session] } : {}),
      ...(init.type ? { 'content-type': init.type } : {}),
    },
    ...(init.payload !== undefined ? { payload: init.payload } : {}),
  });

describe('every route answers the statuses its kind documents', () => {
  it.each(table.map((r) => [r.operationId, r] as const))('%s', async (_id, route) => {
    const expect400 = await send(route, url(route, { languageCode: 'english' }));
    expect(expect400.statusCode).toBe(400);
    if (route.kind === 'list' || route.kind === 'get') {
      const first =
        route.kind === 'get'
          ? (
              (
                await send(
                  table.find((r) => r.kind === 'list' && r.resource === route.resource)!,
                  url(table.find((r) => r.kind === 'list' && r.resource === route.resource)!),
                  { session: 'all' },
                )
              ).json() as Array<{ Id: string }>
            )[0]
          : undefined;
      const path = url(route, { Id: first ? String(first.Id) : '1' });
      expect((await send(route, path, { session: 'all' })).statusCode).toBe(200);
      expect((await send(route, path)).statusCode).toBe(401);
      if (route.permission) expect((await send(route, path, { session: 'none' })).statusCode).toBe(403);
      const bad = route.kind === 'list' ? `${path}?$top=x` : url(route, { Id: 'abc' });
      expect((await send(route, bad, { session: 'all' })).statusCode).toBe(400);
      if (route.kind === 'get')
        expect((await send(route, url(route, { Id: '987654321987' }), { session: 'all' })).statusCode).toBe(404);
    }
    if (route.method === 'POST') {
      expect(
        (await send(route, url(route), { payload: 'a=b', type: 'application/x-www-form-urlencoded' })).statusCode,
      ).toBe(415);
      expect(
        (
          await send(route, url(route), {
            payload: JSON.stringify({ pad: 'x'.repeat(2_000_000) }),
            type: 'application/json',
          })
        ).statusCode,
      ).toBe(413);
    }
    if (route.access === 'session') {
      expect((await send(route, url(route))).statusCode).toBe(401);
    }
    for (const status of ['400', ...(route.method === 'POST' ? ['413', '415'] : [])])
      expect(Object.keys(route.responses)).toContain(status);
  });

  it('and every answer is what the OpenAPI document of the version describes (independent validator)', () => {
    expect(answers.length).toBeGreaterThan(table.length * 2);
    expect(conformanceProblems(buildDocument(spec, { serviceVersion: VERSION }), answers)).toEqual([]);
  });
});
