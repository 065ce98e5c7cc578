/**
 * Test helpers: the real spec's IR, a store of either dialect, and a Fastify app serving the resources.
 * The IR is the snapshot `specgen generate` writes for the server package (generated/server/ir.json,
 * kept current by `specgen generate --check`): the runtime is given IR, it never parses markdown.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { buildDocument, REQUEST_MESSAGES } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import { specFromSnapshot, type Spec } from '@specgen/ir';
import { openStore, type Store } from '@specgen/runtime-store';
import { startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';
import { apiDocsPlugin, resourcesPlugin, type ServerConfig, type ServerContext, type ServicePlugin, type SessionInfo } from '../src/index.ts';

let specPromise: Promise<Spec> | null = null;
export function loadSpec(): Promise<Spec> {
  const snapshot = new URL('../../../generated/server/ir.json', import.meta.url);
  specPromise ??= Promise.resolve(specFromSnapshot(readFileSync(snapshot, 'utf8'), snapshot.pathname));
  return specPromise;
}

export const ALL_PERMISSIONS = [
  'Show serial number',
  'Show manufacturing orders',
  'Show supplier',
  'Show basic data for attendance',
  'Show case',
  'Show customer orders',
];

/** Session ids the test app accepts: `all` has every permission, `none` has none. */
export const SESSIONS: Record<string, SessionInfo> = {
  all: { sessionId: 'all', userId: '1', username: 'all', permissions: ALL_PERMISSIONS },
  none: { sessionId: 'none', userId: '2', username: 'none', permissions: [] },
  serials: { sessionId: 'serials', userId: '3', username: 'serials', permissions: ['Show serial number'] },
};

export function testConfig(serviceVersion: string): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    serviceVersion,
    databaseUrl: '',
    secretsKey: Buffer.alloc(32),
    sessionIdleSeconds: 600,
    sessionAbsoluteSeconds: 3600,
    cookieSecure: false,
    publicUrl: 'http://127.0.0.1:8001',
    oidc: { issuer: null, clientId: null, clientSecret: null, redirectUrl: null, scopes: [], flowLifetimeSeconds: 300, allowInsecureIssuer: false },
  };
}

export async function buildApp(store: Store, spec: Spec, serviceVersion: string, plugin: ServicePlugin = resourcesPlugin): Promise<FastifyInstance> {
  const ctx: ServerContext = {
    config: testConfig(serviceVersion),
    store,
    spec,
    authenticate: async (request: FastifyRequest) => SESSIONS[String(request.headers['x-service-sessionid'] ?? '')] ?? null,
    startSession: async () => {
      throw new Error('not used');
    },
  };
  const app = Fastify();
  // Every answer is checked against the OpenAPI document of this service version when the app closes.
  const answers = recordAnswers(app);
  app.addHook('onClose', async () => {
    const problems = conformanceProblems(buildDocument(spec, { serviceVersion }), answers);
    if (problems.length > 0) throw new Error(`answers that the OpenAPI document does not describe:\n${problems.slice(0, 20).join('\n')}`);
  });
  // As the server core answers an unknown path: 404 with a JSON string.
  app.setNotFoundHandler((request, reply) => reply.code(404).type('application/json; charset=utf-8').send(JSON.stringify(REQUEST_MESSAGES.noRoute(request.method, request.url.split('?')[0]!))));
  await app.register(async (scoped) => scoped.register(plugin, ctx), { prefix: '/:languageCode/:companyNumber' });
  await app.register(apiDocsPlugin, ctx);
  await app.ready();
  return app;
}

export type StoreKind = 'sqlite' | 'postgres';

let cluster: Promise<PostgresCluster> | null = null;
let databases = 0;

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore('sqlite::memory:', { migrate: false });
  cluster ??= startPostgres();
  const url = await (await cluster).createDatabase(`resources_${process.pid}_${++databases}`);
  return openStore(url, { migrate: false, poolSize: 4 });
}

export async function stopPostgres(): Promise<void> {
  if (cluster) await (await cluster).stop();
  cluster = null;
}

export async function get(app: FastifyInstance, url: string, session = 'all') {
  const res = await app.inject({ method: 'GET', url, headers: session ? { 'x-service-sessionid': session } : {} });
  return { status: res.statusCode, body: res.body, json: () => JSON.parse(res.body) as unknown, type: res.headers['content-type'] };
}
