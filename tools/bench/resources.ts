/**
 * Read-resource benchmark, every figure from the same run (autocannon, 50 connections):
 *  (a) the servers on each store: an authenticated GET of a 100-record page of ProductRecords with
 *      $filter and $orderby over the seeded table; SQLite (embedded file) and PostgreSQL (a throwaway
 *      cluster from @specgen/test-support). The generated server (@service-api/server's
 *      createServiceServer, its route modules with the default handlers): what `pnpm start` and the
 *      deployed `npm start` run; with `--server both` also `contract`, the route table createServer
 *      builds from the contract at run time (tests, SPEC_IR), on the same database;
 *  (b) the limit: a plain Fastify route sending the same bytes, ready in memory as one Buffer;
 *  (c) a plain Fastify route answering the same 100 records from memory with JSON.stringify.
 * The ratios (a)/(b) are the figures of issue 12. autocannon runs in a child process so it does
 * not share the servers' event loop.
 *
 *   pnpm tsx tools/bench/resources.ts [--records 20000] [--duration 10] [--connections 50] [--store sqlite|postgres|both]
 *     [--server generated|contract|both] [--db <file>]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { parseSpecFile } from '@specgen/parser';
import { hashPassword } from '@specgen/runtime-auth';
import { analyzeResourceTables, ensureResourceTables, resourceModels, seedResources } from '@specgen/runtime-resources';
import type { FastifyInstance } from 'fastify';
import { createServiceServer } from '@service-api/server';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore } from '@specgen/runtime-store';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const RECORDS = option('--records', 20_000);
const STORES = (args.includes('--store') ? args[args.indexOf('--store') + 1]! : 'both')
  .replace('both', 'sqlite,postgres')
  .split(',');
const SERVERS = (args.includes('--server') ? args[args.indexOf('--server') + 1]! : 'generated')
  .replace('both', 'generated,contract')
  .split(',');
const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 50);
export const QUERY = "$filter=Status eq 'Inventory' and ProductRecordType eq 1&$orderby=SerialNumber desc&$top=100";

interface Figures {
  requests: number;
  p50: number;
  p99: number;
  throughputMb: number;
  non2xx: number;
}

async function autocannon(url: string, headers: Record<string, string>): Promise<Figures> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  // Asynchronous: the servers answer from this process's event loop meanwhile.
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [bin, '-c', String(CONNECTIONS), '-d', String(DURATION), '-j', ...headerArgs, url],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const r = JSON.parse(out) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    non2xx: number;
  };
  return {
    requests: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    throughputMb: r.throughput.average / 1e6,
    non2xx: r.non2xx,
  };
}

interface Served {
  label: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  close(): Promise<void>;
}

/** The servers (generated and/or contract) on one store, seeded, with a logged-in user; each checked once. */
async function serve(kind: string, dir: string): Promise<{ served: Served[]; close(): Promise<void> }> {
  const { spec } = parseSpecFile(join(ROOT, 'spec/service-api.md'));
  let cluster: { url: string; createDatabase(name: string): Promise<string>; stop(): Promise<void> } | null = null;
  let url: string;
  if (kind === 'postgres') {
    const { startPostgres } = await import('@specgen/test-support/postgres');
    cluster = await startPostgres();
    url = await cluster.createDatabase('bench');
  } else {
    const reuse = args.includes('--db') ? args[args.indexOf('--db') + 1]! : null;
    url = `sqlite:${reuse ?? join(dir, 'bench.db')}`;
  }
  const store = await openStore(url);
  const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
  await ensureResourceTables(store, resourceModels({ spec }));
  const started = performance.now();
  const present = await store.db
    .selectFrom(model.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const reused = Number(present.n) === RECORDS;
  if (!reused) await seedResources(store, [model], { count: RECORDS, related: false });
  await analyzeResourceTables(store);
  console.log(
    `${kind}: ProductRecords ${RECORDS} records (66 fields) ${reused ? 'reused from --db' : `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`}`,
  );

  const username = `bench-${Date.now()}`;
  await createUser(store, {
    username,
    passwordHash: await hashPassword('bench-password'),
    permissions: ['Show serial number'],
  });
  const config = loadConfig({ SECRETS_KEY: '11'.repeat(32), DATABASE_URL: 'sqlite:unused', PORT: '0' }, spec, {
    dataDir: dir,
  });
  const fast = { ...config, auth: { ...config.auth, requestsPerAddressPerMinute: 1_000_000 } };
  const served: Served[] = [];
  for (const which of SERVERS) {
    const server: FastifyInstance =
      which === 'generated'
        ? await createServiceServer({ spec, config: fast, store, log: false })
        : await createServer({ spec, config: fast, store, log: false });
    const serverUrl = await server.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${serverUrl}/en/001.1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Username: username, Password: 'bench-password' }),
    });
    const sessionId = ((await login.json()) as { SessionId: string }).SessionId;
    const headers = { 'X-Service-SessionId': sessionId };
    const pageUrl = `${serverUrl}/en/001.1/api/v1/Inventory/ProductRecords?${QUERY.replace(/ /g, '%20').replace(/'/g, '%27')}`;
    const page = await fetch(pageUrl, { headers });
    const body = await page.text();
    if (page.status !== 200 || (JSON.parse(body) as unknown[]).length !== 100)
      throw new Error(`${which} on ${kind}: unexpected answer ${page.status}: ${body.slice(0, 200)}`);
    served.push({ label: `${which} server on ${kind}`, url: pageUrl, headers, body, close: () => server.close() });
  }
  return {
    served,
    async close() {
      for (const s of served) await s.close();
      await store.close();
      await cluster?.stop();
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-'));
  const stores = [];
  for (const kind of STORES) stores.push(await serve(kind, dir));
  const servers = stores.flatMap((s) => s.served);
  const pageBody = servers[0]!.body;
  for (const s of servers)
    if (s.body !== pageBody) throw new Error(`${s.label} answers other bytes than ${servers[0]!.label}`);
  const records = JSON.parse(pageBody) as unknown[];

  const baseline = Fastify();
  const ready = Buffer.from(pageBody, 'utf8');
  baseline.get('/ready', async (_request, reply) => reply.type('application/json; charset=utf-8').send(ready));
  baseline.get('/records', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(records)),
  );
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
  for (const path of ['/ready', '/records']) {
    if ((await (await fetch(`${baselineUrl}${path}`)).text()) !== pageBody)
      throw new Error(`the baseline ${path} does not answer the same bytes`);
  }

  await autocannon(`${baselineUrl}/ready`, {}); // warm-up (JIT)
  for (const s of servers) await autocannon(s.url, s.headers);
  // The limit before and after the servers' runs (their mean is the ratio's base), so that a load
  // change on the shared machine during the run does not land on one side only.
  const limitBefore = await autocannon(`${baselineUrl}/ready`, {});
  const stringify = await autocannon(`${baselineUrl}/records`, {});
  const measured = [];
  for (const s of servers) measured.push({ label: s.label, figures: await autocannon(s.url, s.headers) });
  const limitAfter = await autocannon(`${baselineUrl}/ready`, {});
  const mean = (x: number, y: number) => (x + y) / 2;
  const limit: Figures = {
    requests: mean(limitBefore.requests, limitAfter.requests),
    p50: limitBefore.p50,
    p99: limitBefore.p99,
    throughputMb: mean(limitBefore.throughputMb, limitAfter.throughputMb),
    non2xx: limitBefore.non2xx + limitAfter.non2xx,
  };

  console.log(`page: ${pageBody.length} bytes; query: ${QUERY}`);
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s each; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| case | req/s | p50 ms | p99 ms | MB/s | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  const row = (label: string, f: Figures) =>
    console.log(
      `| ${label} | ${f.requests.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.throughputMb.toFixed(1)} | ${f.non2xx} |`,
    );
  for (const m of measured)
    row(`(a) ${m.label}: session + permission + $filter/$orderby over ${RECORDS} rows`, m.figures);
  row(
    `(b) the limit: plain Fastify, the same bytes ready as one Buffer (mean of ${limitBefore.requests.toFixed(0)} before and ${limitAfter.requests.toFixed(0)} after)`,
    limit,
  );
  row('(c) plain Fastify, the same 100 records, JSON.stringify', stringify);
  console.log('');
  for (const m of measured) {
    console.log(
      `${m.label}: (a)/(b) ${(m.figures.requests / limit.requests).toFixed(2)} of the limit; (a)/(c) ${(m.figures.requests / stringify.requests).toFixed(2)}`,
    );
  }

  await baseline.close();
  for (const s of stores) await s.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
