/**
 * The generated server's skeleton around handler overrides (`createServiceServer({ handlers })`):
 * session, permission and query checks happen before an override runs (it is never reached
 * without them), its records are projected to `$select` and serialised (Int64 as strings), its
 * errors are mapped to the statuses the contract lists, `tools.next` reaches the default, the
 * other routes keep the default handlers, and a route introduced after the served version stays 404.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServiceServer, HttpError, loadSpec, type HandlerOverrides } from '@service-api/server';
import type { ProductRecord } from '@service-api/types';
import { hashPassword } from '@specgen/runtime-auth';
import { loadConfig } from '@specgen/runtime-server';
import { createUser, openStore, type Store } from '@specgen/runtime-store';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers, type ObservedAnswer } from '@specgen/contract/testing';

const spec = loadSpec();
const dir = mkdtempSync(join(tmpdir(), 'specgen-skeleton-'));
const BASE = '/en/001.1';
const PRODUCTS = `${BASE}/api/v1/Inventory/ProductRecords`;

/** A valid value of each scalar kind, so the override's records keep the contract (checked at the end). */
const SAMPLE: Record<string, unknown> = {
  Int64: 0n,
  Int32: 0,
  Decimal: 0,
  Boolean: false,
  String: '',
  DateTimeOffset: '2026-01-01T00:00:00Z',
  TimeSpan: '00:00:00',
};

/** A ProductRecord: the values given, null where the spec allows it, else a valid sample value. */
function record(values: Partial<ProductRecord>): ProductRecord {
  const fields = spec.resources.find((r) => r.name === 'ProductRecords')!.fields;
  const value = (f: (typeof fields)[number]): unknown => {
    if (f.type.nullable || f.type.array || f.type.base.kind !== 'scalar') return null;
    if (f.enumeration && !f.enumeration.bitmask) return f.enumeration.values[0]!.value;
    return SAMPLE[f.type.base.scalar];
  };
  return { ...Object.fromEntries(fields.map((f) => [f.name, value(f)])), ...values } as ProductRecord;
}

const RECORDS = [
  record({ Id: 9007199254740993n, SerialNumber: 'A-1', WarrantyMonths: 12 }),
  record({ Id: 2n, SerialNumber: 'B-2', WarrantyMonths: 0 }),
];
const calls: string[] = [];

const handlers: HandlerOverrides = {
  ProductRecords: {
    async list(request) {
      calls.push(
        `list top=${request.query.top} skip=${request.query.skip} select=${request.query.select?.join(',') ?? '*'} user=${request.session.username}`,
      );
      if (request.query.filter !== null) throw new HttpError(400, 'no $filter here');
      if (request.query.skip === 7) throw new HttpError(418, 'a teapot the contract does not list');
      return RECORDS.slice(request.query.skip, request.query.skip + request.query.top);
    },
    async get(request) {
      calls.push(`get ${request.id}`);
      return RECORDS.find((r) => r.Id === request.id) ?? null;
    },
  },
  SignIn: {
    async login(request, reply, tools) {
      calls.push(`login ${request.body.Username}`);
      return tools.next(request, reply);
    },
  },
};

async function server(store: Store, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', ...env }, spec, {
    dataDir: dir,
  });
  return createServiceServer({ config, store, handlers, log: false });
}

let store: Store;
let app: FastifyInstance;
let answers: ObservedAnswer[];
const sessions: Record<string, string> = {};

beforeAll(async () => {
  store = await openStore(`sqlite:${join(dir, 'service.db')}`);
  app = await server(store);
  answers = recordAnswers(app);
  const passwordHash = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
  await createUser(store, {
    username: 'reader',
    passwordHash,
    permissions: ['Show serial number', 'Show basic data for attendance'],
  });
  await createUser(store, { username: 'nobody', passwordHash, permissions: [] });
  for (const username of ['reader', 'nobody']) {
    const res = await app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { Username: username, Password: 'pw' },
    });
    expect(res.statusCode).toBe(200);
    sessions[username] = res.json().SessionId;
  }
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = (url: string, who?: string) =>
  app.inject({ url, headers: who ? { 'x-service-sessionid': sessions[who]! } : {} });

describe('an override behind the skeleton', () => {
  it('is not reached without a session or without the permission', async () => {
    calls.length = 0;
    const anonymous = await read(PRODUCTS);
    expect([anonymous.statusCode, typeof anonymous.json()]).toEqual([401, 'string']);
    const junk = await app.inject({
      url: `${PRODUCTS}/1`,
      headers: { 'x-service-sessionid': '6f1c7b4e-3d7e-4a8e-9a51-0e5f1a2b3c4d' },
    });
    expect(junk.statusCode).toBe(401);
    const denied = await read(`${PRODUCTS}/1`, 'nobody');
    expect([denied.statusCode, denied.json()]).toEqual([
      403,
      'The permission "Show serial number" is required to read ProductRecords.',
    ]);
    expect((await read(PRODUCTS, 'nobody')).statusCode).toBe(403);
    expect(calls).toEqual([]);
  });

  it('is not reached with a bad query option or Id: 400 with the position', async () => {
    calls.length = 0;
    const top = await read(`${PRODUCTS}?$top=x`, 'reader');
    expect([top.statusCode, top.json()]).toEqual([400, '$top: expected a non-negative integer, got "x" at position 1']);
    const select = await read(`${PRODUCTS}?$select=Id,Nope`, 'reader');
    expect([select.statusCode, select.json()]).toEqual([400, '$select: unknown field "Nope" at position 4']);
    expect((await read(`${PRODUCTS}/abc`, 'reader')).statusCode).toBe(400);
    expect(calls).toEqual([]);
  });

  it('gets the parsed options and its records are projected to $select, Int64 as strings', async () => {
    calls.length = 0;
    const res = await read(`${PRODUCTS}?$top=1&$select=SerialNumber,Id`, 'reader');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[{"Id":"9007199254740993","SerialNumber":"A-1"}]');
    expect(calls).toEqual(['list top=1 skip=0 select=SerialNumber,Id user=reader']);
    const all = await read(`${PRODUCTS}?$skip=1`, 'reader');
    const fields = spec.resources
      .find((r) => r.name === 'ProductRecords')!
      .fields.filter((f) => (f.type.base.kind === 'scalar' ? !f.type.array : true));
    expect(Object.keys(all.json()[0])).toEqual(fields.map((f) => f.name));
    expect(all.json()[0]).toMatchObject({ Id: '2', SerialNumber: 'B-2', WarrantyMonths: 0, Comment: null });
  });

  it('answers 404 for null, the status of an HttpError the contract lists, and 500 for one it does not', async () => {
    expect((await read(`${PRODUCTS}/2?$select=SerialNumber`, 'reader')).body).toBe('{"SerialNumber":"B-2"}');
    const missing = await read(`${PRODUCTS}/5`, 'reader');
    expect([missing.statusCode, missing.json()]).toEqual([404, 'ProductRecords 5 was not found']);
    const refused = await read(`${PRODUCTS}?$filter=Id eq 1`, 'reader');
    expect([refused.statusCode, refused.json()]).toEqual([400, 'no $filter here']);
    const teapot = await read(`${PRODUCTS}?$skip=7`, 'reader');
    expect([teapot.statusCode, teapot.json()]).toEqual([500, 'Internal server error']);
  });

  it('can call the default handler through tools.next; the other routes keep the defaults', async () => {
    expect(calls.filter((c) => c.startsWith('login'))).toEqual([]);
    calls.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: `${BASE}/login`,
      payload: { Username: 'reader', Password: 'wrong' },
    });
    expect([res.statusCode, res.json()]).toEqual([403, 'User login failed']);
    expect(calls).toEqual(['login reader']);
    const schedules = await read(`${BASE}/api/v1/TimeRecording/Schedules`, 'reader');
    expect([schedules.statusCode, schedules.body]).toEqual([200, '[]']);
    const session = await read(`${BASE}/session`, 'reader');
    expect(session.json()).toMatchObject({ Username: 'reader' });
  });

  it('a route introduced after the served version is not registered, override or not', async () => {
    const old = await server(store, { SERVICE_VERSION: '2.30' });
    try {
      const res = await old.inject({
        url: `${BASE}/api/v1/Inventory/CaseEntryActivities`,
        headers: { 'x-service-sessionid': sessions.reader! },
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await old.inject({ url: PRODUCTS, headers: { 'x-service-sessionid': sessions.reader! } })).statusCode,
      ).toBe(200);
    } finally {
      await old.close();
    }
  });

  it('records an override yields one by one are streamed, projected the same way', async () => {
    const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0' }, spec, { dataDir: dir });
    const streaming = await createServiceServer({
      config,
      store,
      log: false,
      handlers: {
        ProductRecords: {
          list: async ({ query }) =>
            (async function* () {
              for (const r of RECORDS.slice(query.skip, query.skip + query.top)) yield r;
            })(),
        },
      },
    });
    try {
      const res = await streaming.inject({
        url: `${PRODUCTS}?$select=SerialNumber,Id`,
        headers: { 'x-service-sessionid': sessions.reader! },
      });
      expect([res.statusCode, res.body]).toEqual([
        200,
        '[{"Id":"9007199254740993","SerialNumber":"A-1"},{"Id":"2","SerialNumber":"B-2"}]',
      ]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      await streaming.close();
    }
  });

  it('logs a status the contract does not list for the route, which a sign-in override answered itself', async () => {
    const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', LOG_LEVEL: 'info' }, spec, {
      dataDir: dir,
    });
    const lines: string[] = [];
    const teapot = await createServiceServer({
      config,
      store,
      log: { write: (line: string) => void lines.push(line) },
      handlers: {
        SignIn: {
          getSession: async (_request, reply) =>
            reply.code(418).type('application/json; charset=utf-8').send('"teapot"'),
        },
      },
    });
    try {
      const headers = { 'x-service-sessionid': sessions.reader! };
      expect((await teapot.inject({ url: `${BASE}/session`, headers })).statusCode).toBe(418);
      expect(lines.filter((l) => l.includes('which the contract does not list'))).toHaveLength(1);
      expect(lines.find((l) => l.includes('which the contract does not list'))).toContain('getSession answered 418');
      // The default handlers' answers are all listed: no such line for them.
      await teapot.inject({ method: 'POST', url: `${BASE}/login`, payload: { Username: 'reader', Password: 'wrong' } });
      await teapot.inject({ url: `${PRODUCTS}?$top=x`, headers });
      await teapot.inject({ url: `${PRODUCTS}/1`, headers });
      await teapot.inject({ url: `${BASE}/api/v1/Inventory/CaseEntryActivities`, headers });
      expect(lines.filter((l) => l.includes('which the contract does not list'))).toHaveLength(1);
    } finally {
      await teapot.close();
    }
  });

  it('an unknown handler name is refused at start', async () => {
    const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0' }, spec, { dataDir: dir });
    const typo = { ProductRecord: { list: async () => [] } } as unknown as HandlerOverrides;
    await expect(createServiceServer({ config, store, handlers: typo, log: false })).rejects.toThrow(
      /handlers\.ProductRecord: no such handler group/,
    );
  });
});

describe('the default sign-in handlers behind the skeleton', () => {
  let plain: FastifyInstance;
  let redirectUrl = '';
  beforeAll(async () => {
    const config = loadConfig(
      { SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', LOGIN_RATE_PER_MINUTE: '12' },
      spec,
      { dataDir: dir },
    );
    redirectUrl = config.oidc.redirectUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/`;
    plain = await createServiceServer({ config, store, log: false });
  });
  afterAll(() => plain?.close());
  const post = (path: string, payload?: object, headers: Record<string, string> = {}) =>
    plain.inject({
      method: 'POST',
      url: `${BASE}${path}`,
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it('checks the path parameters and the body against the request schema (no coercion)', async () => {
    const badPrefix = await plain.inject({
      method: 'POST',
      url: '/english/001.1/login',
      payload: { Username: 'reader', Password: 'pw' },
    });
    expect([badPrefix.statusCode, badPrefix.json()]).toEqual([
      400,
      'languageCode must be a two-letter ISO 639-1 code, e.g. en',
    ]);
    const badCode = await post('/login/totp', { MfaToken: 'x', Code: '123456' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatch(/^Invalid request: /);
  });

  it('a command without a body is {} (GetMultiFactorDeviceSecret with a session); another command name is 404', async () => {
    const secret = await post('/api/v1/Common/Commands/GetMultiFactorDeviceSecret', undefined, {
      'x-service-sessionid': sessions.reader!,
    });
    expect(secret.statusCode).toBe(200);
    expect(secret.json()).toMatchObject({ $id: '1', Secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(secret.headers['x-service-sessionid']).toBe(sessions.reader);
    const noSession = await post('/api/v1/Common/Commands/GetMultiFactorDeviceSecret', {});
    expect(noSession.statusCode).toBe(401);
    const unknown = await post('/api/v1/Common/Commands/DropEverything', {});
    expect([unknown.statusCode, unknown.json()]).toEqual([404, 'Unknown command DropEverything']);
  });

  it('OIDC without a configured issuer answers 503; logout ends the session', async () => {
    const oidc = await post(`/login/oidc?redirectUrl=${encodeURIComponent(redirectUrl)}`, {});
    expect([oidc.statusCode, oidc.json()]).toEqual([503, 'OIDC sign-in is not configured']);
    const login = await post('/login', { Username: 'nobody', Password: 'pw' });
    const id = login.json().SessionId as string;
    expect((await post('/logout', undefined, { 'x-service-sessionid': id })).statusCode).toBe(204);
    expect((await plain.inject({ url: `${BASE}/session`, headers: { 'x-service-sessionid': id } })).statusCode).toBe(
      401,
    );
  });

  it('keeps the per-address limit of the sign-in routes (429)', async () => {
    let last = 0;
    for (let i = 0; i < 14 && last !== 429; i++)
      last = (await post('/login', { Username: 'nobody', Password: 'wrong' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('every answer of the generated server in this suite', () => {
  // The last test of the file: vitest runs tests in order, so every answer above is recorded.
  it('is described by the OpenAPI document of its version (independent validator), overrides included', () => {
    expect(answers.length).toBeGreaterThan(5);
    // The one 500 is on purpose: an override's HttpError with a status the contract does not list.
    const problems = conformanceProblems(buildDocument(spec, { serviceVersion: spec.newestVersion }), answers);
    expect(problems.filter((p) => !/-> 500: status 500 is not documented/.test(p))).toEqual([]);
    expect(problems.length).toBeLessThanOrEqual(1);
  });
});
