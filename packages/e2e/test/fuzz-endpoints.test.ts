/**
 * A bounded fuzzer over every endpoint of the generated server (`@service-api/server`: its route
 * modules with the default handlers, as `pnpm start` and deployments serve them; demo users,
 * seeded records; SQLite, and PostgreSQL when installed): fast-check generates `$filter`,
 * `$orderby`, `$select`, `$top`/`$skip` strings, path parameters, session headers and request
 * bodies (deep nesting, huge and out-of-range literals of every scalar type, unicode, NUL,
 * malformed JSON and percent-encoding). Properties: no answer is a 5xx, and the stored users,
 * devices and records are unchanged (a checksum of those tables before and after).
 *
 * Paths outside the contract (the page, /openapi.json, /docs, unknown paths) get the same check.
 *
 * On SQLite the OIDC routes run against the development identity provider on loopback; on
 * PostgreSQL without an issuer, where their documented 503 "not configured" (exact body) is the
 * only 5xx allowed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { OIDC_MESSAGES, routes, type RouteContract } from '@specgen/contract';
import { availableAt } from '@specgen/ir';
import { seedResourceData } from '@specgen/runtime-resources';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceServer, loadSpec } from '@service-api/server';
import { ensurePasswordDemoUsers, loadConfig, openStore, permissionNames, type Store } from '@specgen/runtime-server';
import { attachDevIdp } from '@specgen/runtime-server/dev-idp';
import {
  bodyText,
  filterText,
  idText,
  listText,
  orderbyText,
  pathSegment,
  rawQueryJunk,
  sessionChoice,
  topText,
  type FuzzField,
} from './fuzz-arbitraries.ts';

const spec = loadSpec();
const VERSION = spec.newestVersion!;
const ROUTES = routes(spec, VERSION);
/** Tables a request may legitimately write: sessions, tokens, failures, flows (and the migration log). */
const VOLATILE = /^(sessions|mfa_tokens|used_totp_codes|login_failures|oidc_flows|kysely_migration.*)$/;
const KINDS = postgresAvailable() ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
/** Runs per route and store (reads get more: their query options are the widest input), bounded so the file runs in seconds. */
const RUNS = { sqlite: { read: 100, other: 30 }, postgres: { read: 25, other: 10 } } as const;

interface Target {
  app: FastifyInstance;
  store: Store;
  session: string;
  /** True when the development OIDC provider serves as the issuer (the SQLite target). */
  oidc: boolean;
  stop: () => Promise<void>;
}

let cluster: PostgresCluster | null = null;
const dir = mkdtempSync(join(tmpdir(), 'specgen-fuzz-'));
const targets = new Map<string, Target>();

async function openTarget(kind: 'sqlite' | 'postgres'): Promise<Target> {
  let url = `sqlite:${join(dir, 'fuzz.db')}`;
  if (kind === 'postgres') {
    cluster ??= await startPostgres();
    url = await cluster.createDatabase(`fuzz_${process.pid}`);
  }
  let config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', SERVICE_VERSION: VERSION }, spec, {
    dataDir: dir,
  });
  const store = await openStore(url);
  await ensurePasswordDemoUsers(store, config.secretsKey, permissionNames(spec));
  await seedResourceData(store, spec, { count: 25 });
  // On SQLite the OIDC routes talk to a real provider (the development IdP on loopback); on
  // PostgreSQL they run without an issuer and answer the documented 503.
  const idp =
    kind === 'sqlite' ? await attachDevIdp(config, store, { port: 0, permissions: permissionNames(spec) }) : null;
  if (idp) config = idp.config;
  const app = await createServiceServer({ config, store, log: false });
  return { app, store, session: '', oidc: idp !== null, stop: async () => void (await idp?.idp.close()) };
}

/** A session of `demo` (every permission), signed in again when a fuzzed request ended it. */
async function session(t: Target): Promise<string> {
  const check = await t.app.inject({
    method: 'GET',
    url: '/en/001.1/session',
    headers: { 'x-service-sessionid': t.session },
  });
  if (check.statusCode === 200) return t.session;
  const login = await t.app.inject({
    method: 'POST',
    url: '/en/001.1/login',
    payload: { Username: 'demo', Password: 'demo', ForceRelogin: false },
  });
  expect(login.statusCode, login.body).toBe(200);
  t.session = (login.json() as { SessionId: string }).SessionId;
  return t.session;
}

/** sha256 over every non-volatile table, rows sorted, so the order of a scan does not matter. */
async function checksum(store: Store): Promise<string> {
  const names =
    store.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          store.db,
        );
  const hash = createHash('sha256');
  const tables = names.rows
    .map((r) => r.name)
    .filter((n) => !VOLATILE.test(n))
    .sort();
  expect(tables).toContain('users');
  expect(tables).toContain('product_records');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
    const lines = rows.rows
      .map((r) =>
        JSON.stringify(r, (_k, v: unknown) =>
          typeof v === 'bigint' ? `${v}n` : Buffer.isBuffer(v) ? v.toString('hex') : v,
        ),
      )
      .sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

function fieldsOf(route: RouteContract): FuzzField[] {
  const resource = spec.resources.find((r) => r.name === route.resource);
  const fields = resource?.fields.filter((f) => availableAt(f.since, VERSION)) ?? [];
  return fields.length === 0
    ? [{ name: 'Id', scalar: 'Int64' }]
    : fields.map((f) => ({
        name: f.name,
        scalar: f.type.base.kind === 'scalar' && !f.type.array ? f.type.base.scalar : null,
      }));
}

/** Present in `percent` % of the requests. */
const sometimes = (arb: fc.Arbitrary<string>, percent: number) =>
  fc.oneof({ weight: percent, arbitrary: arb }, { weight: 100 - percent, arbitrary: fc.constant(undefined) });

/** One generated request for `route`: URL with path parameters and query, headers, body. */
function requestFor(route: RouteContract): fc.Arbitrary<Generated> {
  const fields = fieldsOf(route);
  // $filter mostly present; the other options less often, so a hostile filter often runs with valid ones.
  const readOptions = fc
    .record({
      $filter: sometimes(filterText(fields), 85),
      $orderby: sometimes(orderbyText(fields), 25),
      $select: sometimes(listText(fields), 25),
      $expand: sometimes(listText(fields), 10),
      $top: sometimes(topText(), 20),
      $skip: sometimes(topText(), 15),
      $count: sometimes(fc.constant('true'), 5),
    })
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, string>);
  const none = fc.constant<Record<string, string>>({});
  const query =
    route.kind === 'list' || route.kind === 'get'
      ? fc.oneof({ weight: 1, arbitrary: none }, { weight: 4, arbitrary: readOptions })
      : fc.dictionary(fc.constantFrom(...route.query.map((q) => q.name), 'x'), fc.string({ maxLength: 20 }), {
          maxKeys: 3,
        });
  return fc.record({
    language: fc.oneof({ weight: 15, arbitrary: fc.constantFrom('en', 'DE') }, { weight: 1, arbitrary: pathSegment() }),
    company: fc.oneof(
      { weight: 15, arbitrary: fc.constantFrom('001.1', '2') },
      { weight: 1, arbitrary: pathSegment() },
    ),
    id: idText(),
    query,
    junk: fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: rawQueryJunk() }),
    twice: fc.boolean(),
    session: sessionChoice(),
    body: bodyText(),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', ''),
  });
}

interface Generated {
  language: string;
  company: string;
  id: string;
  query: Record<string, string>;
  junk: string;
  twice: boolean;
  session: string | null;
  body: string;
  contentType: string;
}

const encode = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

function urlOf(route: RouteContract, r: Generated): string {
  const path = route.path
    .replace('{languageCode}', encode(r.language))
    .replace('{companyNumber}', encode(r.company))
    .replace(/\{[A-Za-z]+\}/, encode(r.id));
  const pairs = Object.entries(r.query).flatMap(([k, v]) =>
    r.twice && k === '$filter'
      ? [
          [k, v],
          [k, v],
        ]
      : [[k, v]],
  );
  const query = pairs.map(([k, v]) => `${encode(k!)}=${encode(v!)}`).join('&') + r.junk;
  return query ? `${path}?${query}` : path;
}

const NOT_CONFIGURED = JSON.stringify(OIDC_MESSAGES.notConfigured);

beforeAll(async () => {
  for (const kind of KINDS) targets.set(kind, await openTarget(kind));
}, 180_000);

afterAll(async () => {
  for (const t of targets.values()) {
    await t.app.close();
    await t.stop();
    await t.store.close();
  }
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(KINDS)('fuzzed requests on %s', (kind) => {
  /** Status -> count over every route, to show the requests reached the handlers. */
  const seen = new Map<number, number>();

  it('covers every route of the contract', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(new Set(ROUTES.map((r) => r.kind))).toEqual(new Set(['sign-in', 'command', 'list', 'get']));
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: never 5xx, data unchanged',
    async (_name, route) => {
      const t = targets.get(kind)!;
      const before = await checksum(t.store);
      await fc.assert(
        fc.asyncProperty(requestFor(route as RouteContract), async (r) => {
          const sessionId = r.session === 'valid' ? await session(t) : r.session;
          const headers: Record<string, string> = sessionId === null ? {} : { 'x-service-sessionid': sessionId };
          if (r.contentType) headers['content-type'] = r.contentType;
          const res = await t.app.inject({
            method: route.method,
            url: urlOf(route as RouteContract, r),
            headers,
            ...(route.method === 'POST' ? { payload: r.body } : {}),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          const documented503 =
            !t.oidc &&
            res.statusCode === 503 &&
            route.endpoint?.startsWith('oidc') === true &&
            res.body === NOT_CONFIGURED;
          if (res.statusCode >= 500 && !documented503) {
            throw new Error(
              `${route.method} ${urlOf(route as RouteContract, r)} -> ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS[kind][route.kind === 'list' || route.kind === 'get' ? 'read' : 'other'], endOnFailure: true },
      );
      expect(await checksum(t.store)).toBe(before);
    },
    120_000,
  );

  it('paths outside the contract (the page, /openapi.json, /docs, unknown paths) never 5xx either', async () => {
    const t = targets.get(kind)!;
    const path = fc.oneof(
      fc.constantFrom(
        '/',
        '/openapi.json',
        '/docs',
        '/docs/',
        '/en/001.1',
        '/en/001.1/api/v1',
        '/en/001.1/api/v1/Inventory',
      ),
      fc.array(pathSegment(), { minLength: 1, maxLength: 6 }).map((xs) => `/${xs.map(encode).join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(
        path,
        fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE'),
        rawQueryJunk(),
        bodyText(),
        async (p, method, junk, body) => {
          const res = await t.app.inject({
            method: method as 'GET',
            url: `${p}?${junk.slice(1)}`,
            headers: { 'content-type': 'application/json' },
            ...(method === 'POST' ? { payload: body } : {}),
          });
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${method} ${p} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
        },
      ),
      { numRuns: RUNS[kind].other, endOnFailure: true },
    );
  }, 120_000);

  it('reached the handlers: records served, refused options, missing records, sessions and permissions checked', () => {
    const statuses = [...seen.keys()];
    for (const status of [200, 400, 401, 404]) expect(statuses, JSON.stringify([...seen])).toContain(status);
  });
});
