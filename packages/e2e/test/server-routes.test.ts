/**
 * The routes the generated server registers in Fastify are exactly the operations of the OpenAPI
 * document of the same service version: at the newest version (the published
 * `@service-api/openapi` document), at 22.6 and at 25.8 (the server started with that
 * SERVICE_VERSION, compared with the document built for it). Only the service routes under
 * `/:languageCode/:companyNumber` count; the catch-all that answers 404 "Unknown command" is no
 * operation, and the web page and API reference live outside the prefix.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceServer, loadSpec } from '@service-api/server';
import { buildDocument } from '@specgen/generate-openapi';
import { loadConfig, serverRoutes } from '@specgen/runtime-server';
import { openStore } from '@specgen/runtime-store';

const spec = loadSpec();
const dir = mkdtempSync(join(tmpdir(), 'specgen-routes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PREFIX = '/:languageCode/:companyNumber';
const UNKNOWN_COMMAND = `${PREFIX}/api/v1/Common/Commands/:command`;

/** `GET /{languageCode}/{companyNumber}/...` for every route the server registered under the prefix. */
async function servedOperations(serviceVersion: string): Promise<string[]> {
  const store = await openStore(`sqlite:${join(dir, `${serviceVersion}.db`)}`);
  const config = loadConfig(
    { SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', SERVICE_VERSION: serviceVersion },
    spec,
    { dataDir: dir },
  );
  const app = await createServiceServer({ config, store, log: false });
  try {
    await app.ready();
    return serverRoutes(app)
      .filter((r) => r.url.startsWith(`${PREFIX}/`) && r.url !== UNKNOWN_COMMAND && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
  } finally {
    await app.close();
    await store.close();
  }
}

function documentOperations(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => methods.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('routes of the generated server = paths of the OpenAPI document', () => {
  it('at the newest version, against the published @service-api/openapi document', async () => {
    const file = createRequire(import.meta.url).resolve('@service-api/openapi/openapi.json');
    const document = JSON.parse(readFileSync(file, 'utf8'));
    expect(document.info.version).toBe(spec.newestVersion);
    const served = await servedOperations(spec.newestVersion!);
    expect(served).toEqual(documentOperations(document));
    expect(served).toContain('POST /{languageCode}/{companyNumber}/login/oidc');
    expect(served).toContain('GET /{languageCode}/{companyNumber}/api/v1/Sales/CustomerOrderRowInflows/{Id}');
  });

  it('at 22.6, against the document of 22.6', async () => {
    const served = await servedOperations('22.6');
    expect(served).toEqual(documentOperations(buildDocument(spec, { serviceVersion: '22.6' }) as never));
    // OIDC (25.8) and CustomerOrderRowInflows (23.3) came later.
    expect(served.some((o) => o.includes('/login/oidc'))).toBe(false);
    expect(served.some((o) => o.includes('CustomerOrderRowInflows'))).toBe(false);
    expect(served).toContain('GET /{languageCode}/{companyNumber}/api/v1/TimeRecording/Schedules');
  });

  it('at 25.8 (the first version with OIDC), against the document of 25.8', async () => {
    const served = await servedOperations('25.8');
    expect(served).toEqual(documentOperations(buildDocument(spec, { serviceVersion: '25.8' }) as never));
    expect(served).toContain('POST /{languageCode}/{companyNumber}/login/oidc');
    expect(served).toContain('GET /{languageCode}/{companyNumber}/login/oidc/callback');
  });
});
