/**
 * The generated server's read path (`createServiceServer`): the default list handler answers a
 * repeated page from the page cache until a write (import, seed) bumps the resource's generation;
 * an override that passes `tools.next`'s page through gets the same cached bytes; an override that
 * changes records sees its change in the answer (serialised by the skeleton, the cache untouched);
 * one that asks `tools.next` for other options gets that page; the shared, memoized options are
 * frozen. On PostgreSQL, two generated instances on one database see each other's writes.
 * "Behind the cache" edits change a stored JSON text without the writer (no generation bump), so
 * only a cached answer still shows the old text.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceServer, isJsonText, loadSpec, type HandlerOverrides } from '@service-api/server';
import { hashPassword } from '@specgen/runtime-auth';
import { importRecords, resourceModels, seedRecord, seedResources } from '@specgen/runtime-resources';
import { loadConfig } from '@specgen/runtime-server';
import { createUser, openStore, type Store } from '@specgen/runtime-store';
import { postgresAvailable, startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';

const spec = loadSpec();
const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
const dir = mkdtempSync(join(tmpdir(), 'specgen-skeleton-reads-'));
const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
const PAGE = `${PR}?$filter=Id le 100010&$orderby=Id&$top=3`;
type Row = Record<string, unknown>;

/** Replaces text in record 100001's stored JSON without the writer (no generation bump): UTF-8 bytes on SQLite, text on PostgreSQL. */
async function behindTheCache(store: Store, from: string, to: string): Promise<void> {
  await store.db
    .updateTable('product_records_json')
    .set((eb) => {
      // an argument of a SQL function: a column reference or an expression such as a cast
      type Argument = NonNullable<Parameters<typeof eb.fn>[1]>[number];
      const replaced = (json: Argument) => eb.fn('replace', [json, eb.val(from), eb.val(to)]);
      return {
        _json:
          store.dialect === 'sqlite'
            ? eb.cast(replaced(eb.cast(eb.ref('_json'), 'text')), 'blob')
            : replaced(eb.ref('_json')),
      };
    })
    .where('Id', '=', 100001)
    .execute();
}

async function server(
  store: Store,
  handlers?: HandlerOverrides,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', ...env }, spec, {
    dataDir: dir,
  });
  return createServiceServer({ config, store, log: false, ...(handlers ? { handlers } : {}) });
}

async function signIn(app: FastifyInstance, username: string): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/en/001.1/login',
    payload: { Username: username, Password: 'pw' },
  });
  expect(res.statusCode).toBe(200);
  return { 'x-service-sessionid': res.json().SessionId as string };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the generated server on SQLite: default and override reads', () => {
  let store: Store;
  let headers: Record<string, string>;
  const apps: Record<string, FastifyInstance> = {};
  const read = async (app: string, url = PAGE) => {
    const res = await apps[app]!.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** Serial number of record 100001, changed behind the cache. */
  const behind = (to: string) => behindTheCache(store, '"SerialNumber":"', `"SerialNumber":"${to}`);

  beforeAll(async () => {
    store = await openStore(`sqlite:${join(dir, 'reads.db')}`);
    apps.default = await server(store);
    await seedResources(store, resourceModels({ spec }), { count: 30 });
    await createUser(store, {
      username: 'reader',
      passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
      permissions: ['Show serial number'],
    });
    headers = await signIn(apps.default, 'reader');
    apps.uncached = await server(store, undefined, { PAGE_CACHE_MB: '0' });
    apps.passThrough = await server(store, { ProductRecords: { list: (request, tools) => tools.next(request) } });
    apps.changing = await server(store, {
      ProductRecords: {
        async list(request, tools) {
          const page = await tools.next(request);
          if (!isJsonText(page)) throw new Error('the default list answers a serialised page');
          const records = JSON.parse(Buffer.from(page.json).toString('utf8')) as Row[];
          return records.map((r) => ({ ...r, SerialNumber: `changed ${String(r.SerialNumber)}` })) as never;
        },
      },
    });
    apps.otherOptions = await server(store, {
      ProductRecords: { list: (request, tools) => tools.next({ ...request, plan: { ...request.plan, top: 1 } }) },
    });
    apps.mutating = await server(store, {
      ProductRecords: {
        list(request, tools) {
          (request.plan as { top: number }).top = 1;
          return tools.next(request);
        },
      },
    });
  });

  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await store?.close();
  });

  it('the default handler answers a repeated page from the cache until an import writes the resource', async () => {
    const first = await read('default');
    const ids = (JSON.parse(first) as Row[]).map((r) => Number(r.Id));
    expect([ids.length, ids[0]]).toEqual([3, 100001]);
    expect([...ids].sort()).toEqual(ids);
    await behind('BEHIND-1 ');
    expect(await read('uncached')).toContain('BEHIND-1 ');
    expect(await read('default')).toBe(first);

    const record = { ...seedRecord(model, 0), Id: '100001', SerialNumber: 'IMPORTED-1' };
    expect(await importRecords(store, model, JSON.stringify([record]))).toEqual({ ok: true, imported: 1 });
    const after = await read('default');
    expect((JSON.parse(after) as Row[])[0]!.SerialNumber).toBe('IMPORTED-1');
    expect(after).toBe(await read('uncached'));
  });

  it('a seed of the resource makes the cached page stale as well', async () => {
    const before = await read('default');
    await seedResources(store, [model], { count: 2 });
    const after = await read('default');
    expect(after).not.toBe(before); // record 100001 is the seeded one again, not IMPORTED-1
    expect(after).toBe(await read('uncached'));
  });

  it('an override passing tools.next through gets the cached bytes', async () => {
    const cached = await read('passThrough');
    await behind('BEHIND-2 ');
    expect(await read('uncached')).toContain('BEHIND-2 ');
    expect(await read('passThrough')).toBe(cached);
  });

  it('an override that changes the records sees its change; the cache keeps the stored bytes', async () => {
    const plain = await read('uncached');
    const changed = JSON.parse(await read('changing')) as Row[];
    expect(changed.map((r) => r.SerialNumber)).toEqual(
      (JSON.parse(plain) as Row[]).map((r) => `changed ${String(r.SerialNumber)}`),
    );
    // Projected by the skeleton: $select applies to the records the override returned.
    expect(await read('changing', `${PAGE}&$select=Id,SerialNumber`)).toMatch(
      /^\[\{"Id":"100001","SerialNumber":"changed [^"]*"\},/,
    );
    expect(await read('changing')).toBe(JSON.stringify(changed)); // again, from the cache underneath
    expect(await read('default')).not.toContain('changed ');
  });

  it('an override asking tools.next for other options gets that page, not the cached one of the URL', async () => {
    const full = JSON.parse(await read('uncached')) as Row[];
    expect(JSON.parse(await read('otherOptions'))).toEqual(full.slice(0, 1));
    expect(JSON.parse(await read('default'))).toHaveLength(3);
  });

  it('the parsed options are frozen: an override cannot change them for the next request', async () => {
    const res = await apps.mutating!.inject({ url: PAGE, headers });
    expect([res.statusCode, res.json()]).toEqual([500, 'Internal server error']);
    expect(JSON.parse(await read('passThrough'))).toHaveLength(3);
  });
});

describe.skipIf(!postgresAvailable())('two generated servers on one PostgreSQL', () => {
  let pg: PostgresCluster;
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.createDatabase('skeleton_reads');
    for (let i = 0; i < 2; i++) {
      const store = await openStore(url, { migrate: i === 0, poolSize: 2 });
      stores.push(store);
      apps.push(await server(store));
    }
    await seedResources(stores[0]!, resourceModels({ spec }), { count: 20 });
    await createUser(stores[0]!, {
      username: 'reader',
      passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
      permissions: ['Show serial number'],
    });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await pg?.stop();
  });

  it('an import through one instance is answered by the other at its next request', async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const headers = await signIn(a, 'reader');
    const get = async (app: FastifyInstance) => (await app.inject({ url: PAGE, headers })).body;
    const first = await get(a);
    expect(JSON.parse(first)).toHaveLength(3);
    expect(await get(b)).toBe(first);
    await behindTheCache(stores[1]!, '"Id":"100001"', '"Id":"100001","Behind":1');
    expect(await get(a)).toBe(first); // a's cached page

    const record = { ...seedRecord(model, 0), Id: '100001', SerialNumber: 'IMPORTED-ON-B' };
    expect(await importRecords(stores[1]!, model, JSON.stringify([record]))).toEqual({ ok: true, imported: 1 });
    const after = await get(a);
    expect((JSON.parse(after) as Row[])[0]!.SerialNumber).toBe('IMPORTED-ON-B');
    expect(after).not.toContain('Behind');
    expect(await get(b)).toBe(after);
  });
});
