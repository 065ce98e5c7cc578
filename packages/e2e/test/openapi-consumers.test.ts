/**
 * Other generators on the published document (docs/openapi.md, "Feeding openapi.json to your own
 * generators"): openapi-typescript 7 and orval 7 from the npm registry, installed once into a
 * throwaway npm project outside the workspace (kept between runs under the temp folder, keyed by
 * the exact versions, and installed with --prefer-offline: a warm run installs nothing), run on
 * generated/openapi/openapi.json with the configuration the docs show. Their output must compile
 * under tsc --strict, and orval's zod schemas, with `override.zod.dateTimeOptions.offset: true`,
 * must accept every list answer of the real server (seeded data, every resource); orval's
 * default must refuse the offsets the service sends (e.g. +05:30), which is why the docs say so.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { hashPassword } from '@specgen/runtime-auth';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { createUser, openStore } from '@specgen/runtime-store';
import { must } from './process-helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
/** Exact versions: the install is cached by them (docs/openapi.md names the same majors). */
const TOOLS = { 'openapi-typescript': '7.9.1', orval: '7.9.0', zod: '3.25.76' };
/** The orval configuration of docs/openapi.md, and orval's default for comparison. */
const ORVAL_CONFIG = `module.exports = {
  api: {
    input: { target: './openapi.json' },
    output: { client: 'zod', mode: 'single', target: './zod.ts', override: { zod: { dateTimeOptions: { offset: true } } } },
  },
  orvalDefault: {
    input: { target: './openapi.json' },
    output: { client: 'zod', mode: 'single', target: './zod-default.ts' },
  },
};
`;
const USE_TYPES = `import type { components, paths } from './schema.js';
type ProductRecord = components['schemas']['ProductRecord'];
type List = paths['/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords']['get']['responses'][200]['content']['application/json'];
export function firstSerial(records: List): ProductRecord['SerialNumber'] | undefined {
  return records[0]?.SerialNumber;
}
`;
const VALIDATE = `import * as configured from './out/zod.js';
import * as orvalDefault from './out/zod-default.js';
import { readFileSync } from 'node:fs';
const answers = JSON.parse(readFileSync('answers.json', 'utf8'));
const check = (schemas) => Object.fromEntries(Object.entries(answers).map(([op, body]) => {
  const result = schemas[op + 'Response'].safeParse(body);
  return [op, result.success ? 'ok' : result.error.issues.slice(0, 3).map((i) => i.path.join('.') + ': ' + i.message)];
}));
console.log(JSON.stringify({ configured: check(configured), orvalDefault: check(orvalDefault) }));
`;

function run(command: string, args: string[], cwd: string): { status: number; output: string } {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** The throwaway project with the tools installed: reused while the versions stay the same. */
function toolsProject(): string {
  const manifest = JSON.stringify(
    { name: 'openapi-consumers', version: '1.0.0', private: true, devDependencies: TOOLS },
    null,
    2,
  );
  const dir = join(
    tmpdir(),
    `specgen-openapi-consumers-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`,
  );
  if (existsSync(join(dir, '.installed'))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), manifest);
  must(
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], dir),
    'npm install of openapi-typescript and orval',
  );
  writeFileSync(join(dir, '.installed'), manifest);
  return dir;
}

/** Every read resource's list answer from the real server, signed in, seeded: operation id -> body. */
async function listAnswers(spec: Spec, scratch: string): Promise<Record<string, unknown>> {
  const store = await openStore(`sqlite:${join(scratch, 'service.db')}`);
  const config = loadConfig({ SECRETS_KEY: '33'.repeat(32), PORT: '0', DATABASE_URL: 'sqlite:unused' }, spec, {
    dataDir: scratch,
  });
  const app = await createServer({ spec, config, store, log: false });
  try {
    await seedResources(store, resourceModels({ spec }), { count: 40 });
    const permissions = spec.resources.flatMap((r) => (r.permission ? [r.permission] : []));
    await createUser(store, {
      username: 'reader',
      passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
      permissions,
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/en/001.1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'reader', Password: 'pw' }),
    });
    const session = ((await login.json()) as { SessionId: string }).SessionId;
    const answers: Record<string, unknown> = {};
    for (const r of spec.resources.filter((x) => x.queryable && x.path)) {
      const reply = await fetch(`${base}/en/001.1/api/v1/${r.path}?$top=40`, {
        headers: { 'X-Service-SessionId': session },
      });
      expect(reply.status, r.name).toBe(200);
      answers[`list${r.name}`] = await reply.json();
    }
    return answers;
  } finally {
    await app.close();
    await store.close();
  }
}

let work: string;
let project: string;
let answers: Record<string, unknown>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'specgen-consumers-work-'));
  const tools = toolsProject();
  project = join(work, 'project');
  mkdirSync(project);
  // the installed tools by link: the project itself is fresh each run
  symlinkSync(join(tools, 'node_modules'), join(project, 'node_modules'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));
  cpSync(join(ROOT, 'generated/openapi/openapi.json'), join(project, 'openapi.json'));
  writeFileSync(join(project, 'orval.config.cjs'), ORVAL_CONFIG);
  writeFileSync(join(project, 'use-types.ts'), USE_TYPES);
  writeFileSync(join(project, 'validate.mjs'), VALIDATE);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        outDir: 'out',
        skipLibCheck: true,
        types: [],
      },
      // schema.ts, not .d.ts: skipLibCheck then skips only the libraries' own declarations
      files: ['schema.ts', 'use-types.ts', 'zod.ts', 'zod-default.ts'],
    }),
  );
  const spec = parseSpecFile(join(ROOT, 'spec/service-api.md')).spec;
  answers = await listAnswers(spec, work);
  writeFileSync(join(project, 'answers.json'), JSON.stringify(answers));
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('openapi.json in openapi-typescript 7 and orval 7', () => {
  it('both generate, and their output compiles under tsc --strict', () => {
    must(
      run(process.execPath, ['node_modules/openapi-typescript/bin/cli.js', 'openapi.json', '-o', 'schema.ts'], project),
      'openapi-typescript',
    );
    must(
      run(process.execPath, ['node_modules/orval/dist/bin/orval.js', '--config', 'orval.config.cjs'], project),
      'orval',
    );
    expect(readFileSync(join(project, 'zod.ts'), 'utf8')).toContain('.datetime({"offset":true})');
    must(run(process.execPath, [TSC, '-p', '.'], project), 'tsc --strict of the generated files');
  }, 600_000);

  it('orval with offset: true accepts every list answer; its default refuses the offsets the service sends', () => {
    expect(Object.keys(answers).length).toBe(6);
    const result = JSON.parse(must(run(process.execPath, ['validate.mjs'], project), 'validation')) as Record<
      'configured' | 'orvalDefault',
      Record<string, unknown>
    >;
    expect(
      Object.values(result.configured).every((v) => v === 'ok'),
      JSON.stringify(result.configured),
    ).toBe(true);
    const refused = Object.values(result.orvalDefault)
      .filter((v) => v !== 'ok')
      .flat() as string[];
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.some((message) => /datetime/i.test(message))).toBe(true);
    expect(JSON.stringify(answers)).toMatch(/T\d\d:\d\d:\d\d\+05:30"/);
  }, 120_000);
});
