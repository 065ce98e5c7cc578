/**
 * OIDC sign-in benchmark, all figures from the same run:
 *  (a) complete sign-ins on the real server (createServer, the contract's route table, SQLite file): initiate,
 *      the provider's redirect (a local provider that mints codes and signs ID tokens with jose),
 *      callback (flow taken atomically, code exchange, ID token signature/claims, session);
 *  (b) baseline: the same relying-party work without the server — buildAuthorizationRequest
 *      plus completeAuthorization (openid-client) against the same provider;
 * sign-ins run with a fixed number in flight. Then, autocannon (child process, 20 connections):
 *  (c) POST login/oidc on the real server (checks, PKCE/state/nonce, one insert into oidc_flows);
 *  (d) baseline: a plain Fastify route answering a text/plain URL with fresh random state;
 *  (e) baseline: (d) plus one INSERT into a table of the same SQLite store (WAL, synchronous=FULL),
 *      the durable write every initiate needs.
 *
 *   pnpm tsx tools/bench/oidc.ts [--signins 300] [--parallel 8] [--duration 5]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { parseSpecFile } from '@specgen/parser';
import { buildAuthorizationRequest, completeAuthorization } from '@specgen/runtime-auth/oidc';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore } from '@specgen/runtime-store';
import { startCraftedProvider } from '@specgen/runtime-server/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const SIGNINS = option('--signins', 300);
const PARALLEL = option('--parallel', 8);
const DURATION = option('--duration', 5);
const REDIRECT = 'http://127.0.0.1:8001/';

async function timed(
  total: number,
  parallel: number,
  one: () => Promise<void>,
): Promise<{ perSecond: number; meanMs: number }> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next++ < total) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: total / seconds, meanMs: (seconds * 1000 * parallel) / total };
}

/** Async: the servers under test live in this process, so its event loop must keep running. */
async function autocannon(
  url: string,
  method: string,
  body?: string,
): Promise<{ requests: number; p50: number; p99: number; non2xx: number }> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const extra = body ? ['-m', method, '-H', 'content-type=application/json', '-b', body] : ['-m', method];
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [bin, '-c', '20', '-d', String(DURATION), '-j', ...extra, url],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number };
  return { requests: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-oidc-'));
  const { spec } = parseSpecFile(join(ROOT, 'spec/service-api.md'));
  const provider = await startCraftedProvider();
  const store = await openStore(`sqlite:${join(dir, 'bench.db')}`);
  await createUser(store, { username: 'user1', authMode: 'oidc', oidcEmail: 'user1@example.com' });
  const base = loadConfig(
    { SECRETS_KEY: '11'.repeat(32), DATABASE_URL: 'sqlite:unused', PORT: '0', LOG_LEVEL: 'silent' },
    spec,
    { dataDir: dir },
  );
  const oidc = {
    ...base.oidc,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUrl: REDIRECT,
    allowInsecureIssuer: true,
  };
  const server = await createServer({ spec, config: { ...base, oidc }, store, log: false });
  const serverUrl = `${await server.listen({ port: 0, host: '127.0.0.1' })}/en/001.1`;
  const initiateUrl = `${serverUrl}/login/oidc?redirectUrl=${encodeURIComponent(REDIRECT)}`;

  const signIn = async () => {
    const init = await fetch(initiateUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ForceRelogin":false}',
    });
    const cookie = init.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const back = provider.authorize(await init.text());
    const res = await fetch(
      `${serverUrl}/login/oidc/callback?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}`,
      { headers: { cookie } },
    );
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  };
  const settings = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    redirectUrl: REDIRECT,
    scopes: [],
    allowInsecureIssuer: true,
  };
  const rpOnly = async () => {
    const request = await buildAuthorizationRequest(settings);
    const back = provider.authorize(request.url);
    await completeAuthorization(
      settings,
      { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
      request,
    );
  };
  await timed(30, PARALLEL, signIn); // warm-up
  await timed(30, PARALLEL, rpOnly);
  const a = await timed(SIGNINS, PARALLEL, signIn);
  const b = await timed(SIGNINS, PARALLEL, rpOnly);

  const baseline = Fastify();
  baseline.post('/login/oidc', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `${provider.issuer}/authorize?client_id=x&state=${randomBytes(32).toString('base64url')}&nonce=${randomBytes(32).toString('base64url')}`,
      ),
  );
  await store.db.schema
    .createTable('bench_rows')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text')
    .execute();
  baseline.post('/login/oidc-with-insert', async (_request, reply) => {
    const state = randomBytes(32).toString('base64url');
    await store.db
      .insertInto('bench_rows')
      .values({ id: randomBytes(16).toString('hex'), state })
      .execute();
    return reply.type('text/plain; charset=utf-8').send(`${provider.issuer}/authorize?client_id=x&state=${state}`);
  });
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
  await autocannon(`${baselineUrl}/login/oidc`, 'POST', '{}');
  const d = await autocannon(`${baselineUrl}/login/oidc`, 'POST', '{}');
  const c = await autocannon(initiateUrl, 'POST', '{"ForceRelogin":false}');
  const e = await autocannon(`${baselineUrl}/login/oidc-with-insert`, 'POST', '{}');

  console.log(`OIDC sign-in: ${SIGNINS} sign-ins, ${PARALLEL} in flight; autocannon 20 connections, ${DURATION} s\n`);
  console.log('| case | per second | mean ms | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| (a) server: initiate + provider redirect + callback (exchange, ID token, session) | ${a.perSecond.toFixed(0)} | ${a.meanMs.toFixed(1)} | | | 0 |`,
  );
  console.log(
    `| (b) relying party alone (openid-client, same provider) | ${b.perSecond.toFixed(0)} | ${b.meanMs.toFixed(1)} | | | 0 |`,
  );
  console.log(`| (c) server: POST login/oidc | ${c.requests.toFixed(0)} | | ${c.p50} | ${c.p99} | ${c.non2xx} |`);
  console.log(
    `| (d) plain Fastify text/plain URL with random state | ${d.requests.toFixed(0)} | | ${d.p50} | ${d.p99} | ${d.non2xx} |`,
  );
  console.log(
    `| (e) plain Fastify + one durable SQLite INSERT | ${e.requests.toFixed(0)} | | ${e.p50} | ${e.p99} | ${e.non2xx} |`,
  );
  console.log(
    `\nratios: (a)/(b) ${(a.perSecond / b.perSecond).toFixed(2)}, (c)/(d) ${(c.requests / d.requests).toFixed(2)}, (c)/(e) ${(c.requests / e.requests).toFixed(2)}`,
  );

  await baseline.close();
  await server.close();
  await store.close();
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
