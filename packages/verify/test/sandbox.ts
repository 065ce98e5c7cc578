/**
 * The real sandbox for the verify tests: createServer with the contract's route table (OIDC with the
 * bundled development provider, read resources), seeded records, and the demo users (`demo`, and `mfa`
 * with a registered TOTP device), on SQLite or a PostgreSQL database, listening on 127.0.0.1:0.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { resourceModels, seedResources } from '@specgen/runtime-resources';
import {
  createServer,
  DEMO_TOTP_SECRET,
  ensurePasswordDemoUsers,
  loadConfig,
  permissionNames,
  type Store,
} from '@specgen/runtime-server';
import { attachDevIdp, type DevIdp } from '@specgen/runtime-server/dev-idp';
import { hashPassword, sealDevice } from '@specgen/runtime-auth';
import { createUser, openStore, saveDevice } from '@specgen/runtime-store';
import type { VerifyOptions } from '../src/index.ts';
import type { TestClock } from './clock.ts';

const realTestClock: TestClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  advance: () => {
    throw new Error('the real clock cannot be moved');
  },
};

export const SPEC_FILE = join(import.meta.dirname, '../../../spec/service-api.md');
/** The IR snapshot the generated server reads (kept current by `specgen generate --check`). */
export const IR_SNAPSHOT = join(import.meta.dirname, '../../../generated/server/ir.json');
export const spec: Spec = parseSpecFile(SPEC_FILE).spec;
/** The redirect address registered at the development provider (the verify run is told it). */
export const REDIRECT_URL = 'http://127.0.0.1/specgen-verify-callback';

export interface Sandbox {
  url: string;
  store: Store;
  version: string;
  /** The server's clock: the one given, else the real one. */
  clock: TestClock;
  /** A user with every read permission (and a TOTP device, when given its base32 secret). */
  addUser(username: string, password: string, totpSecret?: string): Promise<void>;
  close(): Promise<void>;
}

export interface SandboxOptions {
  version: string;
  /** A PostgreSQL database URL; SQLite in a temp dir otherwise. */
  databaseUrl?: string;
  /** The server's clock (ms); the real one otherwise. */
  now?: () => number;
  /** A clock shared with the verify run (its `now` is the server's). */
  clock?: TestClock;
  /** Attach the development OIDC provider (from 25.8), so the initiate answers 200. */
  oidc?: boolean;
  records?: number;
  /** More server settings (e.g. LOGIN_RATE_PER_MINUTE). */
  env?: Record<string, string>;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-verify-'));
  const store = await openStore(options.databaseUrl ?? `sqlite:${join(dir, 'service.db')}`);
  let config = loadConfig(
    {
      SECRETS_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
      SERVICE_VERSION: options.version,
      OIDC_REDIRECT_URL: REDIRECT_URL,
      LOG_LEVEL: 'silent',
      ...options.env,
    },
    spec,
    { dataDir: dir },
  );
  let idp: DevIdp | null = null;
  if (options.oidc) {
    const attached = await attachDevIdp(config, store, { port: 0, permissions: permissionNames(spec) });
    config = attached.config;
    idp = attached.idp;
  }
  const app = await createServer({
    spec,
    config,
    store,
    log: false,
    ...(options.now || options.clock ? { now: options.now ?? options.clock?.now } : {}),
  });
  await seedResources(store, resourceModels({ spec }), { count: options.records ?? 12 });
  await ensurePasswordDemoUsers(store, config.secretsKey, permissionNames(spec));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    store,
    version: options.version,
    clock: options.clock ?? realTestClock,
    async addUser(username, password, totpSecret) {
      const user = await createUser(store, {
        username,
        passwordHash: await hashPassword(password, { N: 1024, r: 8, p: 1 }),
        mfaRequired: totpSecret !== undefined,
        permissions: permissionNames(spec),
      });
      if (totpSecret)
        await saveDevice(
          store,
          user.id,
          sealDevice(config.secretsKey, { secret: totpSecret, algorithm: 'SHA1', digits: 6, period: 30 }, user.id),
          Date.now(),
        );
    },
    async close() {
      await app.close();
      await store.close();
      await idp?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo users as verify's credentials (the documented sandbox secrets). */
export function demoCredentials(mfa = true): Pick<VerifyOptions, 'credentials' | 'mfa'> {
  return {
    credentials: { username: 'demo', password: 'demo' },
    mfa: mfa ? { username: 'mfa', password: 'mfa', totpSecret: DEMO_TOTP_SECRET } : null,
  };
}

export const VERSIONS = ['22.6', '25.8', spec.newestVersion!] as const;
