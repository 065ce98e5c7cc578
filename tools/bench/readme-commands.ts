/**
 * The README's own commands, timed as a user runs them, each beside a baseline started the same way
 * in the same run (runs interleaved, medians; the spread is printed):
 *   - `pnpm specgen --help` and the other ways to start the CLI, against `node -e 0`, and pnpm's own
 *     start-up (`pnpm exec node -e 0`), which no root script can avoid;
 *   - `bash tools/ci/run.sh` on a set-up checkout, from the command to the first 200 of GET /livez,
 *     against the tsx path it replaced (`pnpm dev`: generate and start from the sources) and a bare
 *     Fastify hello-world started by node.
 * Needs a set-up checkout (`bash tools/ci/setup.sh`); the first run of `pnpm specgen` builds once.
 *
 *   pnpm tsx tools/bench/readme-commands.ts [--runs 5] [--skip-server] [--skip-cli]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, userEnv, wall } from './measure.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function table(title: string, rows: Array<[string, number[]]>, base: number[]): void {
  const b = median(base);
  console.log(`\n${title}\n\n| Command | Median ms | Range ms | vs baseline |\n|---|---:|---:|---:|`);
  for (const [name, times] of rows) {
    const m = median(times);
    const vs =
      times === base ? 'baseline' : `${m - b >= 0 ? '+' : ''}${(m - b).toFixed(0)} ms (x${(m / b).toFixed(2)})`;
    console.log(`| ${name} | ${m.toFixed(0)} | ${spread(times)} | ${vs} |`);
  }
}

function cliTable(): void {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const cases: Array<[string, string[]]> = [
    ['`node -e 0` (baseline)', [process.execPath, '-e', '0']],
    ["`pnpm exec node -e 0` (pnpm's own start-up)", ['pnpm', 'exec', 'node', '-e', '0']],
    ['`pnpm specgen --help` (root script: launch.mjs, build check, bundle)', ['pnpm', 'specgen', '--help']],
    ['`pnpm exec specgen --help` (the linked bin, no build check)', ['pnpm', 'exec', 'specgen', '--help']],
    [
      '`node tools/dev/launch.mjs specgen --help` (what the script runs)',
      [process.execPath, 'tools/dev/launch.mjs', 'specgen', '--help'],
    ],
    ['`node_modules/.bin/specgen --help`', [join(ROOT, 'node_modules/.bin/specgen'), '--help']],
    [
      '`pnpm dev:specgen --help` (tsx from the sources: the former `pnpm specgen`)',
      [tsx, '--conditions=@specgen/source', 'packages/cli/src/main.ts', '--help'],
    ],
  ];
  wall(cases[2]![1]); // a cold first run builds once
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) for (const [i, [, argv]] of cases.entries()) times[i]!.push(wall(argv));
  table(
    `CLI start-up, ${runs} interleaved runs (load ${load()})`,
    cases.map(([n], i) => [n, times[i]!]),
    times[0]!,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/** Milliseconds from spawning `argv` to the first 200 of GET /livez (or / for the baseline). */
async function firstAnswer(argv: string[], path: string, env: Record<string, string>, port: number): Promise<number> {
  const start = performance.now();
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    env: { ...userEnv, ...env, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited ${child.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}${path}`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        return performance.now() - start;
      if (performance.now() - start > 120_000) throw new Error(`no answer from ${argv.join(' ')} within 120 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function serverTable(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'specgen-bench-readme-'));
  try {
    const fastify = pathToFileURL(createRequire(join(ROOT, 'tools/package.json')).resolve('fastify')).href;
    const hello = join(work, 'hello.mjs');
    writeFileSync(
      hello,
      `import Fastify from '${fastify}';\nconst app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n`,
    );
    const cases: Array<[string, string[], string]> = [
      ['bare Fastify hello-world, `node hello.mjs` (baseline)', [process.execPath, hello], '/'],
      ['`bash tools/ci/run.sh` (setup check, build check, compiled server)', ['bash', 'tools/ci/run.sh'], '/livez'],
      ['`pnpm start` (the same through pnpm)', ['pnpm', 'start'], '/livez'],
      [
        '`pnpm dev` (tsx: generate, then the server from the sources: the former `pnpm start`)',
        ['pnpm', 'dev'],
        '/livez',
      ],
    ];
    const times = cases.map(() => [] as number[]);
    for (let r = 0; r < runs; r++) {
      for (const [i, [, argv, path]] of cases.entries()) {
        // the default store under .data/ as a user has it after the first start; a free port each time
        const env = { DEV_IDP_PORT: String(await freePort()), LOG_LEVEL: 'warn' };
        times[i]!.push(await firstAnswer(argv, path, env, await freePort()));
      }
    }
    table(
      `Command to the first 200, ${runs} interleaved runs (load ${load()})`,
      cases.map(([n], i) => [n, times[i]!]),
      times[0]!,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(`load average at start: ${load()}`);
if (!args.includes('--skip-cli')) cliTable();
if (!args.includes('--skip-server')) await serverTable();
