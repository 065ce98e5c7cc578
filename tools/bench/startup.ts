/**
 * Start-up benchmark of the compiled CLI and of the deployed server, each against a baseline
 * started the same way in the same run (runs interleaved, medians):
 *   - `node packages/cli/bin/specgen.js --help` (the bin: the bundled CLI), `generate --help` and `generate` on the real spec
 *     with current output, against a bare `node -e 0` (the issue's budget: +300 ms for --help,
 *     under 1 s wall for generate);
 *   - `npm start` of `pnpm --filter @service-api/server deploy --prod <dir>` until its first HTTP
 *     answer (GET /livez), against `npm start` of a bare Fastify hello-world using the same Fastify
 *     (budget: 1 s); plus the deployed folder's size;
 *   - memory at rest: `node dist/main.js` of the deploy on a seeded SQLite store (`npm run service --
 *     data seed`), RSS (/proc/<pid>/status VmRSS) 3 s after its first answer, against a bare Fastify
 *     + better-sqlite3 server on the same store file (opened, one query answered), same wait.
 * Needs the build (`pnpm build`).
 *
 *   pnpm tsx tools/bench/startup.ts [--runs 7] [--deploy <dir>] [--skip-server] [--skip-cli] [--rest-ms 3000]
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, userEnv, wall } from './measure.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs') ?? 7);
const CLI = join(ROOT, 'packages/cli/bin/specgen.js');
const BUNDLE = join(ROOT, 'packages/cli/bundle/main.js');

const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(0)} ms`;

function cliTable(): void {
  if (!existsSync(BUNDLE)) throw new Error('packages/cli/bundle/main.js is missing: run pnpm build first');
  const cases: Array<[string, string[]]> = [
    ['node -e 0 (baseline)', [process.execPath, '-e', '0']],
    ['specgen --help', [process.execPath, CLI, '--help']],
    ['specgen generate --help', [process.execPath, CLI, 'generate', '--help']],
    ['specgen --version', [process.execPath, CLI, '--version']],
    ['specgen generate (output current)', [process.execPath, CLI, 'generate', '--quiet']],
  ];
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) for (const [i, [, argv]] of cases.entries()) times[i]!.push(wall(argv));
  const base = median(times[0]!);
  console.log(`CLI start-up, median of ${runs} interleaved runs (wall clock)\n`);
  console.log('| Command | Median | vs node -e 0 |\n|---|---:|---:|');
  cases.forEach(([name], i) => {
    const m = median(times[i]!);
    console.log(
      `| ${name} | ${m.toFixed(0)} ms | ${i === 0 ? '-' : `${signed(m - base)} (x${(m / base).toFixed(2)})`} |`,
    );
  });
}

async function firstAnswer(dir: string, url: string, env: NodeJS.ProcessEnv): Promise<number> {
  const start = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: { ...userEnv, ...env },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start in ${dir} exited ${child.exitCode}`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - start;
      if (performance.now() - start > 60_000) throw new Error(`no answer from ${url} within 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const REST_MS = Number(option('--rest-ms') ?? 3000);

/** Resident set size of a running process, in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) / 1024;
}

/** `node <script>` in `dir` until its first answer, then REST_MS at rest: its RSS. */
async function restingRss(dir: string, script: string, url: string, env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, [script], { cwd: dir, env: { ...userEnv, ...env }, stdio: 'ignore' });
  try {
    const start = performance.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node ${script} in ${dir} exited ${child.exitCode}`);
      if (
        await fetch(url).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (performance.now() - start > 60_000) throw new Error(`no answer from ${url} within 60 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, REST_MS));
    return rssMb(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const HELLO_SQLITE = `import Fastify from 'fastify';
import Database from 'better-sqlite3';
const db = new Database(process.env.DB_FILE, { readonly: true });
const tables = db.prepare('SELECT count(*) AS n FROM sqlite_master');
const app = Fastify();
app.get('/', async () => ({ hello: 'world', tables: tables.get().n }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function memoryTable(deploy: string, hello: string, work: string): Promise<void> {
  const file = join(work, 'seeded.sqlite');
  const env = { DATABASE_URL: `sqlite:${file}`, SECRETS_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'warn' };
  execFileSync(process.execPath, ['dist/service.js', 'data', 'seed'], {
    cwd: deploy,
    env: { ...userEnv, ...env },
    stdio: 'ignore',
  });
  writeFileSync(join(hello, 'hello-sqlite.js'), HELLO_SQLITE);
  const server: number[] = [];
  const baseline: number[] = [];
  for (let r = 0; r < runs; r++) {
    const port = 18_700 + r * 2;
    baseline.push(
      await restingRss(hello, 'hello-sqlite.js', `http://127.0.0.1:${port}/`, { PORT: String(port), DB_FILE: file }),
    );
    server.push(
      await restingRss(deploy, 'dist/main.js', `http://127.0.0.1:${port + 1}/livez`, {
        ...env,
        PORT: String(port + 1),
      }),
    );
  }
  const base = median(baseline);
  const m = median(server);
  console.log(
    `\nMemory at rest: RSS ${REST_MS} ms after the first answer, seeded SQLite store, median of ${runs} interleaved runs\n`,
  );
  console.log('| Process | Median RSS | vs baseline |\n|---|---:|---:|');
  console.log(`| Fastify + better-sqlite3 on the seeded store (baseline) | ${base.toFixed(1)} MB | - |`);
  console.log(
    `| deployed @service-api/server (\`node dist/main.js\`), seeded store | ${m.toFixed(1)} MB | +${(m - base).toFixed(1)} MB (x${(m / base).toFixed(2)}) |`,
  );
}

async function serverTable(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'specgen-bench-startup-'));
  try {
    let deploy = option('--deploy');
    if (!deploy) {
      deploy = join(work, 'server');
      const start = performance.now();
      execFileSync('pnpm', ['--filter', '@service-api/server', 'deploy', '--prod', deploy], {
        cwd: ROOT,
        env: userEnv,
        stdio: 'ignore',
      });
      console.log(
        `\npnpm --filter @service-api/server deploy --prod: ${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
    }
    const size = execFileSync('du', ['-sm', deploy], { encoding: 'utf8' }).split('\t')[0];
    console.log(`deployed folder: ${size} MB (du -sm)`);
    const hello = join(work, 'hello');
    execFileSync('mkdir', ['-p', hello]);
    symlinkSync(join(deploy, 'node_modules/.pnpm/node_modules'), join(hello, 'node_modules'), 'dir');
    writeFileSync(
      join(hello, 'package.json'),
      JSON.stringify({ name: 'hello', private: true, type: 'module', scripts: { start: 'node hello.js' } }),
    );
    writeFileSync(
      join(hello, 'hello.js'),
      "import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/', async () => ({ hello: 'world' }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n",
    );
    const server: number[] = [];
    const baseline: number[] = [];
    for (let r = 0; r < runs; r++) {
      const port = 18_600 + r * 2;
      baseline.push(await firstAnswer(hello, `http://127.0.0.1:${port}/`, { PORT: String(port) }));
      const env = {
        PORT: String(port + 1),
        DATABASE_URL: `sqlite:${join(work, `db-${r}.sqlite`)}`,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'warn',
      };
      server.push(await firstAnswer(deploy, `http://127.0.0.1:${port + 1}/livez`, env));
    }
    const base = median(baseline);
    const m = median(server);
    console.log(`\nServer start-up: npm start -> first HTTP 200, median of ${runs} interleaved runs\n`);
    console.log('| Process | Median | vs hello-world |\n|---|---:|---:|');
    console.log(`| Fastify hello-world (baseline) | ${base.toFixed(0)} ms | - |`);
    console.log(
      `| deployed @service-api/server (new SQLite store each run) | ${m.toFixed(0)} ms | ${signed(m - base)} (x${(m / base).toFixed(2)}) |`,
    );
    await memoryTable(deploy, hello, work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(
  `load average: ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ').slice(0, 3).join(' ')}\n`,
);
if (!args.includes('--skip-cli')) cliTable();
if (!args.includes('--skip-server')) await serverTable();
