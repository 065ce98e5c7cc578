/** A server on a temp SQLite store with the real spec, a settable clock, and users to sign in. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import type { Spec } from '@specgen/ir';
import { generateTotp, hashPassword, newTotpDevice, sealDevice, type TotpDevice } from '@specgen/runtime-auth';
import { createUser, openStore, saveDevice, type NewUser, type Store } from '@specgen/runtime-store';
import {
  createServer,
  loadConfig,
  loadSpecSnapshot,
  type CreateServerOptions,
  type ServiceConfig,
} from '../src/index.ts';

/** The real spec's IR as the runtime gets it: the generated snapshot (kept current by `specgen generate --check`). */
export const IR_SNAPSHOT = join(import.meta.dirname, '../../../generated/server/ir.json');
let specPromise: Promise<Spec> | undefined;

export function realSpec(): Promise<Spec> {
  specPromise ??= Promise.resolve().then(() => loadSpecSnapshot(IR_SNAPSHOT));
  return specPromise;
}

export interface TestServer {
  app: FastifyInstance;
  store: Store;
  config: ServiceConfig;
  clock: { now: number };
  addUser(user: NewUser & { password: string; device?: TotpDevice }): Promise<{ id: string; device?: TotpDevice }>;
  code(device: TotpDevice, offsetMs?: number): string;
  close(): Promise<void>;
}

export async function testServer(
  overrides: { env?: Record<string, string>; storeUrl?: string; options?: Partial<CreateServerOptions> } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-server-'));
  const spec = await realSpec();
  const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0', ...overrides.env }, spec, {
    dataDir: dir,
  });
  const store = await openStore(overrides.storeUrl ?? `sqlite:${join(dir, 'service.db')}`);
  const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 0) };
  const app = await createServer({ spec, config, store, log: false, now: () => clock.now, ...overrides.options });
  // Every answer of the suite is checked against the OpenAPI document of this service version at close.
  const answers = recordAnswers(app);
  return {
    app,
    store,
    config,
    clock,
    async addUser({ password, device, ...user }) {
      const created = await createUser(store, {
        ...user,
        passwordHash: await hashPassword(password, { N: 1024, r: 8, p: 1 }),
      });
      if (device) await saveDevice(store, created.id, sealDevice(config.secretsKey, device, created.id), clock.now);
      return { id: created.id, device };
    },
    code: (device, offsetMs = 0) => generateTotp(device, clock.now + offsetMs),
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      const problems = conformanceProblems(buildDocument(spec, { serviceVersion: config.serviceVersion }), answers);
      if (problems.length > 0)
        throw new Error(`answers that the OpenAPI document does not describe:\n${problems.join('\n')}`);
    },
  };
}

export { newTotpDevice };

export const BASE = '/en/001.1';

export function post(app: FastifyInstance, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    payload: body as object,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function sessionHeader(id: string): Record<string, string> {
  return { 'x-service-sessionid': id };
}
