/**
 * What the generated route modules cost per request, every figure from the same run (autocannon in a
 * child process, one seeded SQLite store, one signed-in user, the same 100-record page):
 *  (a) the contract's route table built at run time (createServer without routes, default
 *      handlers): the baseline. There is one route path since issue 21, so (a) and (b) differ
 *      only in where the table comes from (the runtime's own routes, the old baseline, are gone);
 *  (b) the generated server (createServiceServer), default handlers: the stored JSON passes
 *      through the skeleton as a serialised page (the fast path);
 *  (c) the generated server with ProductRecords.list overridden to return the same 100 records
 *      as objects from memory: the skeleton projects and serialises them.
 * (b)/(a) is what the generated modules add over the run-time table; (c) shows the records path of an override. The cases run
 * interleaved in rounds (a b c, a b c, ...); the table gives each case's median round, and the
 * ratio is the median of the per-round ratios (cases of one round ran seconds apart), so that a
 * load change on the shared machine does not land on one case only. A second table gives the CPU
 * time per request (process.cpuUsage around in-process `inject` requests, interleaved in batches),
 * which other processes on the machine disturb much less than wall-clock throughput.
 *
 *   pnpm tsx --conditions=@specgen/source tools/bench/server-skeleton.ts [--records 5000] [--duration 2] [--rounds 7] [--connections 20]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createServiceServer, loadSpec } from '@service-api/server';
import type { ProductRecord } from '@service-api/types';
import { hashPassword } from '@specgen/runtime-auth';
import { analyzeResourceTables, ensureResourceTables, resourceModels, seedResources } from '@specgen/runtime-resources';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore } from '@specgen/runtime-store';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const RECORDS = option('--records', 5000);
const DURATION = option('--duration', 2);
const ROUNDS = option('--rounds', 7);
const CONNECTIONS = option('--connections', 20);
const PAGE = '/en/001.1/api/v1/Inventory/ProductRecords?$top=100&$skip=100';

interface Figures {
  requests: number;
  p50: number;
  p99: number;
}

async function autocannon(url: string, headers: Record<string, string>): Promise<Figures> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, '-c', String(CONNECTIONS), '-d', String(DURATION), '-j', ...headerArgs, url],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
  };
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  return { requests: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-skeleton-'));
  const spec = loadSpec();
  const store = await openStore(`sqlite:${join(dir, 'bench.db')}`);
  const models = resourceModels({ spec });
  await ensureResourceTables(store, models);
  await seedResources(store, [models.find((m) => m.name === 'ProductRecords')!], { count: RECORDS, related: false });
  await analyzeResourceTables(store);
  await createUser(store, {
    username: 'bench',
    passwordHash: await hashPassword('bench-password'),
    permissions: ['Show serial number'],
  });
  const base = loadConfig({ SECRETS_KEY: '11'.repeat(32), PORT: '0' }, spec, { dataDir: dir });
  const config = { ...base, auth: { ...base.auth, requestsPerAddressPerMinute: 1_000_000 } };

  const runtime = await createServer({ spec, config, store, log: false });
  const generated = await createServiceServer({ config, store, log: false });
  const first = await generated.inject({
    method: 'POST',
    url: '/en/001.1/login',
    payload: { Username: 'bench', Password: 'bench-password' },
  });
  const headers = { 'X-Service-SessionId': first.json().SessionId as string };
  const page = (await generated.inject({ url: PAGE, headers })).body;
  // The same records as objects, for the override (Int64 back to bigint, as @service-api/types has them).
  const int64 = new Set(
    spec.resources
      .find((r) => r.name === 'ProductRecords')!
      .fields.filter((f) => f.type.base.kind === 'scalar' && f.type.base.scalar === 'Int64')
      .map((f) => f.name),
  );
  const records = (JSON.parse(page) as Array<Record<string, unknown>>).map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, int64.has(k) && typeof v === 'string' ? BigInt(v) : v])),
  ) as unknown as ProductRecord[];
  const overridden = await createServiceServer({
    config,
    store,
    log: false,
    handlers: { ProductRecords: { list: async () => records } },
  });

  const servers: Array<[string, FastifyInstance]> = [
    ['(a) contract table built at run time (baseline)', runtime],
    ['(b) generated server, default handlers', generated],
    ['(c) generated server, override returning 100 records', overridden],
  ];
  const urls: string[] = [];
  for (const [label, app] of servers) {
    const url = `${await app.listen({ port: 0, host: '127.0.0.1' })}${PAGE}`;
    const body = await (await fetch(url, { headers })).text();
    if (body !== page) throw new Error(`${label} answers other bytes than the generated server`);
    urls.push(url);
  }
  for (const url of urls) await autocannon(url, headers); // warm-up (JIT)
  const rounds: Figures[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const figures: Figures[] = [];
    for (const url of urls) figures.push(await autocannon(url, headers));
    rounds.push(figures);
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const medianRound = (i: number) =>
    [...rounds].sort((x, y) => x[i]!.requests - y[i]!.requests)[Math.floor(rounds.length / 2)]![i]!;
  const ratio = (i: number) => median(rounds.map((r) => r[i]!.requests / r[0]!.requests));

  console.log(
    `page: 100 of ${RECORDS} ProductRecords, ${page.length} bytes; autocannon ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| case | req/s (median round) | p50 ms | p99 ms | vs (a), median of rounds | per-round ratios |');
  console.log('|---|---|---|---|---|---|');
  servers.forEach(([label], i) => {
    const f = medianRound(i);
    const each = rounds.map((r) => (r[i]!.requests / r[0]!.requests).toFixed(2)).join(' ');
    console.log(`| ${label} | ${f.requests.toFixed(0)} | ${f.p50} | ${f.p99} | ${ratio(i).toFixed(2)} | ${each} |`);
  });

  // CPU time per request, in-process: interleaved batches, the median batch of each case.
  const BATCH = 50;
  const cpu: number[][] = servers.map(() => []);
  for (let round = 0; round < ROUNDS * 2; round++) {
    for (const [i, [, app]] of servers.entries()) {
      const before = process.cpuUsage();
      for (let n = 0; n < BATCH; n++) await app.inject({ url: PAGE, headers });
      const used = process.cpuUsage(before);
      cpu[i]!.push((used.user + used.system) / 1000 / BATCH);
    }
  }
  const cpuMedian = cpu.map(median);
  console.log(`\n| case | CPU ms per request (median of ${ROUNDS * 2} batches of ${BATCH}, inject) | vs (a) |`);
  console.log('|---|---|---|');
  for (const [i, [label]] of servers.entries()) {
    console.log(`| ${label} | ${cpuMedian[i]!.toFixed(2)} | ${(cpuMedian[i]! / cpuMedian[0]!).toFixed(2)} |`);
  }

  for (const [, app] of servers) await app.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
