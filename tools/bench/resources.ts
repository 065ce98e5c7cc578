/**
 * Read-resource benchmark, both figures from the same run (autocannon, 50 connections):
 *  (a) the real server (createServer + resourcesPlugin, SQLite file): an authenticated GET of a
 *      100-record page of ProductRecords with $filter and $orderby over a 100,000-record table;
 *  (b) a plain Fastify route answering the same 100 records from memory with JSON.stringify.
 * autocannon runs in a child process so it does not share the servers' event loop.
 *
 *   pnpm tsx tools/bench/resources.ts [--records 100000] [--duration 10] [--connections 50]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { parseSpecFile } from '@specgen/parser';
import { hashPassword } from '@specgen/runtime-auth';
import { analyzeResourceTables, ensureResourceTables, resourceModels, resourcesPlugin, seedResources } from '@specgen/runtime-resources';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore } from '@specgen/runtime-store';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RECORDS = option('--records', 100_000);
const DURATION = option('--duration', 10);
const CONNECTIONS = option('--connections', 50);
export const QUERY = "$filter=Status eq 'Inventory' and ProductRecordType eq 1&$orderby=SerialNumber desc&$top=100";

interface Figures { requests: number; p50: number; p99: number; throughputMb: number; non2xx: number }

async function autocannon(url: string, headers: Record<string, string>): Promise<Figures> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  // Asynchronous: the servers answer from this process's event loop meanwhile.
  const { stdout: out } = await promisify(execFile)(process.execPath, [bin, '-c', String(CONNECTIONS), '-d', String(DURATION), '-j', ...headerArgs, url], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; throughput: { average: number }; non2xx: number };
  return { requests: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, throughputMb: r.throughput.average / 1e6, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-'));
  const reuse = args.includes('--db') ? args[args.indexOf('--db') + 1]! : null;
  const { spec } = parseSpecFile(join(ROOT, 'spec/service-api.md'));
  const store = await openStore(`sqlite:${reuse ?? join(dir, 'bench.db')}`);
  const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
  await ensureResourceTables(store, resourceModels({ spec }));

  let started = performance.now();
  const present = await store.db.selectFrom(model.table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const reused = Number(present.n) === RECORDS;
  if (!reused) await seedResources(store, [model], { count: RECORDS, related: false });
  await analyzeResourceTables(store);
  const seedSeconds = (performance.now() - started) / 1000;

  const username = `bench-${Date.now()}`;
  await createUser(store, { username, passwordHash: await hashPassword('bench-password'), permissions: ['Show serial number'] });
  const config = loadConfig({ SECRETS_KEY: '11'.repeat(32), DATABASE_URL: 'sqlite:unused', PORT: '0' }, spec, { dataDir: dir });
  const server = await createServer({ spec, config: { ...config, auth: { ...config.auth, requestsPerAddressPerMinute: 1_000_000 } }, store, plugins: [resourcesPlugin], log: false });
  const serverUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${serverUrl}/en/001.1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ Username: username, Password: 'bench-password', ForceRelogin: true }),
  });
  const sessionId = ((await login.json()) as { SessionId: string }).SessionId;
  const headers = { 'X-Service-SessionId': sessionId };
  const pageUrl = `${serverUrl}/en/001.1/api/v1/Inventory/ProductRecords?${QUERY.replace(/ /g, '%20').replace(/'/g, '%27')}`;
  const page = await fetch(pageUrl, { headers });
  const pageBody = await page.text();
  const records = JSON.parse(pageBody) as unknown[];
  if (page.status !== 200 || records.length !== 100) throw new Error(`unexpected answer ${page.status}: ${pageBody.slice(0, 200)}`);

  const baseline = Fastify();
  baseline.get('/records', async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(records)));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
  const same = await (await fetch(`${baselineUrl}/records`)).text();
  if (same !== pageBody) throw new Error('the baseline does not answer the same bytes');

  await autocannon(`${baselineUrl}/records`, {}); // warm-up (JIT)
  await autocannon(pageUrl, headers);
  const b = await autocannon(`${baselineUrl}/records`, {});
  const a = await autocannon(pageUrl, headers);
  started = performance.now();

  console.log(`ProductRecords: ${RECORDS} records (66 fields) ${reused ? 'reused from --db' : `seeded in ${seedSeconds.toFixed(1)} s`}; page ${pageBody.length} bytes`);
  console.log(`query: ${QUERY}`);
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each\n`);
  console.log('| case | req/s | p50 ms | p99 ms | MB/s | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  console.log(`| (a) server: session + permission + $filter/$orderby over ${RECORDS} rows | ${a.requests.toFixed(0)} | ${a.p50} | ${a.p99} | ${a.throughputMb.toFixed(1)} | ${a.non2xx} |`);
  console.log(`| (b) plain Fastify, same 100 records, JSON.stringify | ${b.requests.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.throughputMb.toFixed(1)} | ${b.non2xx} |`);
  console.log(`\nratio (a)/(b): ${(a.requests / b.requests).toFixed(2)}`);

  await baseline.close();
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
