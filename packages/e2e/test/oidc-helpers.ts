/**
 * The real server (createServer with the parsed spec and the contract's route table) next to the bundled
 * development provider, for the OIDC end-to-end tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseSpecFile } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { clearProviderCache } from '@specgen/runtime-auth/oidc';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import {
  contractRoutes,
  createServer,
  loadConfig,
  openStore,
  type OperationOverrides,
  type ServerConfig,
  type Store,
} from '@specgen/runtime-server';
import { attachDevIdp, type DevIdp } from '@specgen/runtime-server/dev-idp';
import { freePort } from './process-helpers.ts';

export const SPEC_FILE = resolve(import.meta.dirname, '../../../spec/service-api.md');

export async function loadSpec(): Promise<Spec> {
  const { spec, diagnostics } = await parseSpecFile(SPEC_FILE);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`spec has errors: ${errors.map((d) => d.message).join('; ')}`);
  return spec;
}

type FastifyInstance = Awaited<ReturnType<typeof createServer>>;

export interface RunningServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  url: string;
  base: string;
  store: Store;
  config: ServerConfig;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** The OIDC settings of another instance (same provider); otherwise the dev provider is attached. */
  oidc?: ServerConfig['oidc'];
  /** Instead of the default OIDC handlers (e.g. oidcHandlers with test overrides). */
  handlers?: OperationOverrides;
}

/**
 * One server instance; with `devIdp` when it attached the development provider. Its port is chosen
 * before the configuration that names it, so another process may take it meanwhile (test files run in
 * parallel): then it starts again on another port.
 */
export async function startServer(
  spec: Spec,
  options: StartOptions = {},
): Promise<RunningServer & { devIdp: DevIdp | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(spec, options);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw err;
    }
  }
}

async function startServerOnce(spec: Spec, options: StartOptions): Promise<RunningServer & { devIdp: DevIdp | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-e2e-'));
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'service.db')}`,
    LOG_LEVEL: 'silent',
    ...options.env,
  };
  let config: ServerConfig = loadConfig(env, spec, { dataDir: dir });
  const store = await openStore(config.databaseUrl);
  let devIdp: DevIdp | null = null;
  if (options.oidc) {
    config = { ...config, oidc: options.oidc };
  } else {
    const permissions = [...new Set(spec.resources.map((r) => r.permission).filter((p): p is string => p !== null))];
    const attached = await attachDevIdp(config, store, { port: 0, permissions });
    config = attached.config;
    devIdp = attached.idp;
  }
  const routes = contractRoutes(spec, config.serviceVersion, options.handlers);
  const app = await createServer({ spec, config, store, routes, log: false });
  // Every answer is checked against the OpenAPI document of the server's version at close.
  const answers = recordAnswers(app);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (err) {
    await app.close();
    await store.close();
    await devIdp?.close();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    url,
    base: `${url}/en/001.1`,
    store,
    config,
    devIdp,
    async close() {
      await app.close();
      await store.close();
      await devIdp?.close();
      clearProviderCache();
      rmSync(dir, { recursive: true, force: true });
      const problems = conformanceProblems(buildDocument(spec, { serviceVersion: config.serviceVersion }), answers);
      if (problems.length > 0)
        throw new Error(`answers that the OpenAPI document does not describe:\n${problems.join('\n')}`);
    },
  };
}
