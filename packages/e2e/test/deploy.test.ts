/**
 * The production deploy of the generated server, as docs/operating.md ("Deploy") and
 * deploy/Dockerfile describe it, without Docker: `pnpm --filter @service-api/server deploy --prod`
 * into a folder outside the workspace (after the build), then in that folder `npm start` (plain node
 * on dist/), `npm run service -- users add` and `npm run service -- data seed` on the same
 * DATABASE_URL, a sign-in and a read over HTTP. The folder must be self-contained (no link into the
 * repository) and free of build and test tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, must } from './process-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Never in a production deploy (the list). */
const FORBIDDEN = ['typescript', 'ts-morph', 'handlebars', 'playwright-core', 'tsx', 'vitest', 'esbuild'];
/**
 * 80 MB until issue 22; 90 MB since (docs/decisions/ship.md "The deployed folder's budget"): the reference
 * site (@fastify/static, 5.6 MB) and the bundle's chunks (3 MB) brought a fresh deploy to 84-85 MB, 15 MB of it
 * node-gyp's intermediates of better-sqlite3 built from source.
 */
const MAX_MB = 90;

/** A production shell: no source condition, no workspace. */
function prodEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeout = 300_000) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout });
  return {
    status: result.status ?? 1,
    stdout: result.stdout ?? '',
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
  };
}

/** Every entry of node_modules/.pnpm, as package names (`@types+node@20.1.0` -> `@types/node`). */
function installedPackages(dir: string): string[] {
  return readdirSync(join(dir, 'node_modules/.pnpm'))
    .filter((e) => e.includes('@') && e !== 'lock.yaml')
    .map((e) => (e.startsWith('@') ? `@${e.slice(1).split('@')[0]!.replace('+', '/')}` : e.split('@')[0]!));
}

function sizeMb(dir: string): number {
  return Number(spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
}

let work: string;
let app: string;
let env: NodeJS.ProcessEnv;
let base: string;
let server: ChildProcess | undefined;
let serverLog = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'specgen-deploy-'));
  app = join(work, 'srv');
  must(
    run('pnpm', ['--filter', '@service-api/server', 'deploy', '--prod', app], ROOT, prodEnv({}), 600_000),
    'pnpm deploy',
  );
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = prodEnv({
    PORT: String(port),
    DATABASE_URL: `sqlite:${join(work, 'service.db')}`,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  });
}, 900_000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server!.once('exit', resolve));
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('pnpm deploy of @service-api/server, run with plain node', () => {
  it(`is a self-contained folder of compiled code without build or test tools, under ${MAX_MB} MB`, () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe('node dist/main.js');
    expect(JSON.stringify(manifest.dependencies)).not.toContain('workspace:');
    expect(existsSync(join(app, 'dist/main.js'))).toBe(true);
    expect(existsSync(join(app, 'ir.json'))).toBe(true);
    expect(existsSync(join(app, 'src'))).toBe(false);
    const installed = installedPackages(app);
    expect(installed).toContain('fastify');
    expect(installed.filter((name) => FORBIDDEN.includes(name) || name.startsWith('@types/'))).toEqual([]);
    // The runtime packages are copies of their packed files: dist/, no sources or tests.
    const runtime = realpathSync(join(app, 'node_modules/@specgen/runtime-server'));
    expect(runtime.startsWith(realpathSync(app))).toBe(true);
    expect(existsSync(join(runtime, 'dist/index.js'))).toBe(true);
    expect(existsSync(join(runtime, 'src'))).toBe(false);
    expect(existsSync(join(runtime, 'test'))).toBe(false);
    for (const entry of readdirSync(join(app, 'node_modules/@specgen'))) {
      const link = join(app, 'node_modules/@specgen', entry);
      if (lstatSync(link).isSymbolicLink()) expect(realpathSync(link).startsWith(realpathSync(app)), entry).toBe(true);
    }
    // The reference site is optional: it is shipped only when a checkout built it first (`pnpm start` or
    // `specgen docs --out generated/server/reference`, docs/reference-site.md), and it grows with the spec's
    // versions (13 MB for the repository's spec), so the budget is the folder without it.
    const site = join(app, 'reference');
    expect(sizeMb(app) - (existsSync(site) ? sizeMb(site) : 0)).toBeLessThan(MAX_MB);
  });

  it('adds a user and seeds data with npm run service, from the IR shipped in the package', () => {
    expect(
      must(
        run(
          'npm',
          [
            'run',
            'service',
            '--silent',
            '--',
            'users',
            'add',
            'ann',
            '--password',
            'a long secret',
            '--all-permissions',
          ],
          app,
          env,
        ),
        'users add',
      ),
    ).toMatch(/ann/);
    must(run('npm', ['run', 'service', '--silent', '--', 'data', 'seed', '--count', '5'], app, env), 'data seed');
    const bad = run('npm', ['run', 'service', '--silent', '--', 'users', 'add'], app, env);
    expect(bad.status).not.toBe(0);
  });

  it('starts with npm start, signs the user in and reads records', async () => {
    server = spawn('npm', ['start', '--silent'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    server.stdout!.on('data', (d: Buffer) => (serverLog += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (serverLog += d.toString()));
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm start exited ${server.exitCode}:\n${serverLog}`);
      const live = await fetch(`${base}/livez`).then(
        (r) => r.status,
        () => 0,
      );
      if (live === 200) break;
      if (Date.now() - started > 60_000) throw new Error(`no answer within 60 s:\n${serverLog}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const login = await fetch(`${base}/en/001.1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'ann', Password: 'a long secret' }),
    });
    expect(login.status).toBe(200);
    const { SessionId } = (await login.json()) as { SessionId: string };
    expect(SessionId).toMatch(/^[0-9a-f-]{36}$/i);
    const read = await fetch(`${base}/en/001.1/api/v1/Inventory/ProductRecords?$top=2`, {
      headers: { 'X-Service-SessionId': SessionId },
    });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { value?: unknown[] } | unknown[];
    const records = Array.isArray(body) ? body : (body.value ?? []);
    expect(records.length).toBe(2);
    const anonymous = await fetch(`${base}/en/001.1/api/v1/Inventory/ProductRecords`);
    expect(anonymous.status).toBe(401);
  }, 120_000);

  it("is bundled, and the bundle finds what stays installed: Swagger UI's files and the OpenAPI document", async () => {
    // npm start loads the bundle (scripts/bundle.mjs), not the per-module dist/server.js.
    expect(readFileSync(join(app, 'dist/main.js'), 'utf8')).toMatch(/from\s*["']\.\/chunk-[A-Z0-9]+\.js["']/);
    // Swagger UI's folder is resolved from @specgen/runtime-resources, where it is installed.
    const css = await fetch(`${base}/docs/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('.swagger-ui');
    // Built on its first request.
    const document = await fetch(`${base}/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
  }, 60_000);
});
