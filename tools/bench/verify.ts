/**
 * `specgen verify` benchmark (not a test): wall time and request count of a clean run against the
 * sandbox (createServer with every plugin, SQLite, seeded records, the demo user; no MFA user, whose
 * check waits for the next TOTP step by design), against a baseline from the same run: its two
 * sign-ins (a wrong password, then the right one) and the GET requests it sent, replayed with fetch
 * at the same concurrency (4) without judging anything. The ratio is verify's own cost (schemas, $filter evaluation, findings)
 * on top of the HTTP it needs. Rounds alternate; medians are reported.
 *
 *   pnpm tsx tools/bench/verify.ts [--rounds 5] [--records 60]
 */
import { verify } from '@specgen/verify';
import { demoCredentials, REDIRECT_URL, spec, startProxy, startSandbox } from '@specgen/verify/testing';
import { median } from './measure.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const ROUNDS = option('--rounds', 5);
const RECORDS = option('--records', 60);
const VERSION = spec.newestVersion!;

const sandbox = await startSandbox({
  version: VERSION,
  oidc: true,
  records: RECORDS,
  env: { LOGIN_RATE_PER_MINUTE: '1000000' },
});
try {
  // One run through the recording proxy: which requests does a clean run send?
  const proxy = await startProxy(sandbox.url);
  const recorded = await verify({
    baseUrl: proxy.url,
    spec,
    serviceVersion: VERSION,
    ...demoCredentials(false),
    oidcRedirectUrl: REDIRECT_URL,
  });
  const gets = proxy.seen.filter((r) => r.method === 'GET').map((r) => r.path);
  await proxy.close();
  if (recorded.report.findings.some((f) => f.severity === 'error')) throw new Error('the clean run has error findings');

  const replay = async () => {
    // The two sign-ins verify makes (a wrong password, then the right one), then its reads.
    const signIn = (Password: string) =>
      fetch(`${sandbox.url}/en/001.1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Username: 'demo', Password, ForceRelogin: true }),
      });
    await (await signIn('wrong')).text();
    const login = await signIn('demo');
    await login.text();
    const session = login.headers.get('x-service-sessionid') ?? '';
    const queue = [...gets];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift())
          await (await fetch(`${sandbox.url}${path}`, { headers: { 'x-service-sessionid': session } })).text();
      }),
    );
  };

  const verifyMs: number[] = [];
  const replayMs: number[] = [];
  let requests = 0;
  let checks = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    const { report } = await verify({
      baseUrl: sandbox.url,
      spec,
      serviceVersion: VERSION,
      ...demoCredentials(false),
      oidcRedirectUrl: REDIRECT_URL,
    });
    verifyMs.push(performance.now() - t);
    requests = report.requests;
    checks = report.checks;
    t = performance.now();
    await replay();
    replayMs.push(performance.now() - t);
  }
  const v = median(verifyMs);
  const b = median(replayMs);
  console.log(`service version ${VERSION}, ${RECORDS} records per resource, ${ROUNDS} rounds (medians)`);
  console.log(`verify (clean run, no MFA): ${v.toFixed(0)} ms wall, ${requests} requests, ${checks} checks`);
  console.log(`baseline (its 2 sign-ins and ${gets.length} GETs replayed, concurrency 4): ${b.toFixed(0)} ms`);
  console.log(
    `ratio verify / baseline: ${(v / b).toFixed(2)}x (rounds: ${verifyMs.map((x, i) => (x / replayMs[i]!).toFixed(2)).join(', ')})`,
  );
} finally {
  await sandbox.close();
}
