/**
 * Test helpers of the read-resource suites: the real spec's IR, a store of either dialect, and the
 * real server (`createServer` with the contract's route table and the default handlers, as the
 * generated server's modules spell it) signed in as three users: `all` (every permission), `none`
 * (no permission) and `serials` (Show serial number). The IR is the snapshot `specgen generate`
 * writes for the server package (generated/server/ir.json): the runtime never parses markdown.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import type { Spec } from '@specgen/ir';
import { hashPassword } from '@specgen/runtime-auth';
import type { PageCache } from '@specgen/runtime-resources';
import { createUser, findUserByUsername, openStore, type Store } from '@specgen/runtime-store';
import { startPostgres, type PostgresCluster } from '@specgen/test-support/postgres';
import { createServer, loadConfig } from '../../src/index.ts';
import { realSpec } from '../helpers.ts';

export function loadSpec(): Promise<Spec> {
  return realSpec();
}

export const ALL_PERMISSIONS = [
  'Show serial number',
  'Show manufacturing orders',
  'Show supplier',
  'Show basic data for attendance',
  'Show case',
  'Show customer orders',
];

/** The users every app signs in, by the name the tests pass as `session`. */
const USERS: Record<string, string[]> = { all: ALL_PERMISSIONS, none: [], serials: ['Show serial number'] };
const PASSWORD = 'resources-pw';

/** Session ids of each app's users, by user name. */
const sessionsOf = new WeakMap<FastifyInstance, Record<string, string>>();

async function ensureUsers(store: Store): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 });
  for (const [username, permissions] of Object.entries(USERS)) {
    if (!(await findUserByUsername(store, username))) await createUser(store, { username, passwordHash, permissions });
  }
}

export interface AppOptions {
  /** A page cache of the test's (it looks at its size); over `pageCacheBytes`. */
  pageCache?: PageCache | null;
  /** Bound of the server's own page cache; 0 turns it off. */
  pageCacheBytes?: number;
}

export async function buildApp(
  store: Store,
  spec: Spec,
  serviceVersion: string,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const env = {
    SECRETS_KEY: '11'.repeat(32),
    PORT: '0',
    SERVICE_VERSION: serviceVersion,
    LOGIN_RATE_PER_MINUTE: '100000',
  };
  const config = loadConfig(env, spec, { dataDir: mkdtempSync(join(tmpdir(), 'specgen-resources-')) });
  await ensureUsers(store);
  const app = await createServer({ spec, config, store, log: false, ...options });
  // Every answer is checked against the OpenAPI document of this service version when the app closes.
  const answers = recordAnswers(app);
  app.addHook('onClose', async () => {
    const problems = conformanceProblems(buildDocument(spec, { serviceVersion }), answers);
    if (problems.length > 0)
      throw new Error(`answers that the OpenAPI document does not describe:\n${problems.slice(0, 20).join('\n')}`);
  });
  await app.ready();
  const sessions: Record<string, string> = {};
  for (const username of Object.keys(USERS)) {
    const login = await app.inject({
      method: 'POST',
      url: '/en/001.1/login',
      payload: { Username: username, Password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login of ${username}: ${login.statusCode} ${login.body}`);
    sessions[username] = (login.json() as { SessionId: string }).SessionId;
  }
  sessionsOf.set(app, sessions);
  return app;
}

export type StoreKind = 'sqlite' | 'postgres';

let cluster: Promise<PostgresCluster> | null = null;
let databases = 0;

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore('sqlite::memory:');
  cluster ??= startPostgres();
  const url = await (await cluster).createDatabase(`resources_${process.pid}_${++databases}`);
  return openStore(url, { poolSize: 4 });
}

export async function stopPostgres(): Promise<void> {
  if (cluster) await (await cluster).stop();
  cluster = null;
}

/** GET as one of the signed-in users (`all`, `none`, `serials`), with any other text as the session id, or without a session (''). */
export async function get(app: FastifyInstance, url: string, session = 'all') {
  const id = sessionsOf.get(app)?.[session] ?? session;
  const res = await app.inject({ method: 'GET', url, headers: session ? { 'x-service-sessionid': id } : {} });
  return {
    status: res.statusCode,
    body: res.body,
    json: () => JSON.parse(res.body) as unknown,
    type: res.headers['content-type'],
  };
}
