/**
 * A minimal host for the OIDC plugin: Fastify with the `/:languageCode/:companyNumber` prefix,
 * a real store (SQLite file or PostgreSQL), and a `startSession` that writes a session row and
 * sets the header and a cookie, as the server core does. The end-to-end tests in packages/e2e
 * run the same flow in the real server.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { NO_SOURCE, spec as specOf, type Endpoint, type Spec } from '@specgen/ir';
import { createSessionRecord, openStore, type Store } from '@specgen/runtime-store';
import type { ServerConfig, ServerContext } from '../../src/contract.ts';
import { createOidcPlugin, type OidcPluginOptions } from '../../src/oidc/index.ts';

/** The two OIDC endpoints as the spec states them (since 25.8). */
export function oidcEndpoints(): Endpoint[] {
  const base = {
    kind: 'endpoint' as const, pathParams: ['languageCode', 'companyNumber'], headers: [] as string[], request: '', since: '25.8', source: NO_SOURCE,
  };
  return [
    { ...base, id: 'oidcInitiate', method: 'POST', path: '/{languageCode}/{companyNumber}/login/oidc', query: [{ name: 'redirectUrl', required: true }],
      body: 'LoginRequest', success: { status: 200, contentType: 'text/plain', body: null, text: '' } },
    { ...base, id: 'oidcCallback', method: 'GET', path: '/{languageCode}/{companyNumber}/login/oidc/callback',
      query: [{ name: 'code', required: true }, { name: 'state', required: true }], body: null,
      success: { status: 200, contentType: 'application/json', body: 'LoginResponse', text: '' } },
  ];
}

export interface HarnessOptions {
  oidc?: Partial<ServerConfig['oidc']>;
  serviceVersion?: string;
  databaseUrl?: string;
  spec?: Spec;
  plugin?: OidcPluginOptions;
}

export interface Harness {
  url: string;
  /** `<url>/en/001.1` */
  base: string;
  store: Store;
  config: ServerConfig;
  sessions: Array<{ userId: string; forceRelogin: boolean }>;
  close(): Promise<void>;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-harness-'));
  const config: ServerConfig = {
    port: 0, host: '127.0.0.1', serviceVersion: options.serviceVersion ?? '26.8',
    databaseUrl: options.databaseUrl ?? `sqlite:${join(dir, 'service.db')}`,
    secretsKey: Buffer.alloc(32, 7), sessionIdleSeconds: 900, sessionAbsoluteSeconds: 3600, cookieSecure: false,
    publicUrl: 'http://127.0.0.1:8001',
    oidc: { issuer: null, clientId: null, clientSecret: null, redirectUrl: 'http://127.0.0.1:8001/', scopes: [],
      flowLifetimeSeconds: 600, allowInsecureIssuer: true, ...options.oidc },
  };
  const store = await openStore(config.databaseUrl);
  const sessions: Harness['sessions'] = [];
  const ctx: ServerContext = {
    config, store, spec: options.spec ?? specOf({ endpoints: oidcEndpoints() }),
    authenticate: async () => null,
    async startSession(userId, _request, reply, opts) {
      const id = randomUUID();
      await createSessionRecord(store, id, userId, Date.now());
      sessions.push({ userId, forceRelogin: opts?.forceRelogin === true });
      reply.header('X-Service-SessionId', id);
      reply.header('set-cookie', `ServiceSessionId=${id}; Path=/; HttpOnly; SameSite=Lax`);
      return id;
    },
  };
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(async (scoped) => createOidcPlugin(options.plugin)(scoped, ctx), { prefix: '/:languageCode/:companyNumber' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url, base: `${url}/en/001.1`, store, config, sessions,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
