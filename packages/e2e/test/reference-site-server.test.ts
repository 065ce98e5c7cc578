/**
 * The sandbox serves the same reference site at `/reference/` as `specgen docs` writes: the real
 * spec's site written into a folder, the server started on it (createServer with `referenceDir`, as
 * the generated server and `pnpm start` do), and every file of the folder fetched over HTTP equals
 * the file on disk, byte for byte, next to the Swagger UI at `/docs`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocs } from '@specgen/generate-docs';
import { parseSpecFile } from '@specgen/parser';
import { createServer, loadConfig } from '@specgen/runtime-server';
import { hashPassword } from '@specgen/runtime-auth';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import { createUser, openStore, type Store } from '@specgen/runtime-store';

const ROOT = join(import.meta.dirname, '../../..');

let dir: string;
let site: string;
let store: Store;
let app: Awaited<ReturnType<typeof createServer>>;
let base: string;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-reference-server-'));
  site = join(dir, 'reference');
  const specPath = join(ROOT, 'spec/service-api.md');
  const { spec } = parseSpecFile(specPath);
  writeDocs({
    spec,
    specFile: 'spec/service-api.md',
    specPath,
    outDir: site,
    baseUrl: null,
    base: null,
    allVersions: true,
    sourceDateEpoch: null,
    cwd: ROOT,
  });
  store = await openStore(`sqlite:${join(dir, 'service.db')}`);
  const config = loadConfig({ SECRETS_KEY: '44'.repeat(32), PORT: '0', DATABASE_URL: 'sqlite:unused' }, spec, {
    dataDir: dir,
  });
  app = await createServer({ spec, config, store, log: false, referenceDir: site });
  await seedResources(store, resourceModels({ spec }), { count: 3 });
  const permissions = spec.resources.flatMap((r) => (r.permission ? [r.permission] : []));
  await createUser(store, {
    username: 'reader',
    passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
    permissions,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox at /reference', () => {
  it('serves every file of the site byte for byte, beside /docs', async () => {
    const files = filesUnder(site);
    expect(files.length).toBeGreaterThan(200);
    const differing: string[] = [];
    for (const file of files) {
      const answer = await fetch(`${base}/reference/${file}`);
      const body = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200 || !body.equals(readFileSync(join(site, file))))
        differing.push(`${file}: ${answer.status}`);
    }
    expect(differing).toEqual([]);
    const home = await fetch(`${base}/reference/`);
    expect(await home.text()).toBe(readFileSync(join(site, 'index.html'), 'utf8'));
    expect((await fetch(`${base}/docs`)).status).toBe(200);
  }, 120_000);

  it("a resource page's example answer is what the seeded sandbox answers, record for record", async () => {
    const login = await fetch(`${base}/en/001.1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'reader', Password: 'pw' }),
    });
    const session = ((await login.json()) as { SessionId: string }).SessionId;
    const page = readFileSync(join(site, '26.8/Inventory/ProductRecords.html'), 'utf8');
    const block =
      /<h2 id="section-answer">[\s\S]*?<pre tabindex="0"><code>([\s\S]*?)<\/code><\/pre>/.exec(page)?.[1] ?? '';
    const unescapeHtml = (t: string) =>
      t
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const example = JSON.parse(unescapeHtml(block)) as Array<Record<string, unknown>>;
    expect(example).toHaveLength(2);
    for (const record of example) {
      const answer = await fetch(`${base}/en/001.1/api/v1/Inventory/ProductRecords/${String(record['Id'])}`, {
        headers: { 'X-Service-SessionId': session },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(record);
    }
  });
});
