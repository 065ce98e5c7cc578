/**
 * The real server (createServer with the real spec's IR and the contract's route table) serving the
 * OIDC handlers under test, on a fresh SQLite file (or a given database). `startSession` is the
 * server's own; the harness only records each call, so tests can see which user and ForceRelogin a
 * sign-in produced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDocument } from '@specgen/contract';
import { conformanceProblems, recordAnswers } from '@specgen/contract/testing';
import type { Spec } from '@specgen/ir';
import { openStore, type Store } from '@specgen/runtime-store';
import type { ServerConfig } from '../../src/server-context.ts';
import { oidcHandlers, type OidcHandlerOptions } from '../../src/oidc/index.ts';
import { createServer } from '../../src/server.ts';
import { contractRoutes } from '../../src/skeleton/index.ts';
import { loadSpecSnapshot } from '../../src/spec-source.ts';

const IR_SNAPSHOT = resolve(import.meta.dirname, '../../../../generated/server/ir.json');
let parsed: Spec | null = null;

/** The real spec's IR as the runtime gets it: the generated snapshot. */
export function realSpec(): Spec {
  parsed ??= loadSpecSnapshot(IR_SNAPSHOT);
  return parsed;
}

export interface HarnessOptions {
  oidc?: Partial<ServerConfig['oidc']>;
  serviceVersion?: string;
  databaseUrl?: string;
  plugin?: Pick<OidcHandlerOptions, 'authorizationOverrides'>;
  cookieSecure?: boolean;
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
    port: 0,
    host: '127.0.0.1',
    serviceVersion: options.serviceVersion ?? '26.8',
    databaseUrl: options.databaseUrl ?? `sqlite:${join(dir, 'service.db')}`,
    secretsKey: Buffer.alloc(32, 7),
    sessionIdleSeconds: 900,
    sessionAbsoluteSeconds: 3600,
    cookieSecure: options.cookieSecure ?? false,
    publicUrl: 'http://127.0.0.1:8001',
    oidc: {
      issuer: null,
      clientId: null,
      clientSecret: null,
      redirectUrl: 'http://127.0.0.1:8001/',
      scopes: [],
      flowLifetimeSeconds: 600,
      allowInsecureIssuer: true,
      ...options.oidc,
    },
  };
  const store = await openStore(config.databaseUrl);
  const sessions: Harness['sessions'] = [];
  const handlers = oidcHandlers({
    ...options.plugin,
    context: (server) => ({
      ...server,
      startSession(userId, request, reply, opts) {
        sessions.push({ userId, forceRelogin: opts?.forceRelogin === true });
        return server.startSession(userId, request, reply, opts);
      },
    }),
  });
  const routes = contractRoutes(realSpec(), config.serviceVersion, handlers);
  const app = await createServer({ spec: realSpec(), config, store, routes, log: false });
  // Every answer is checked against the OpenAPI document of the harness's service version at close.
  const answers = recordAnswers(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    base: `${url}/en/001.1`,
    store,
    config,
    sessions,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
      const problems = conformanceProblems(
        buildDocument(realSpec(), { serviceVersion: config.serviceVersion }),
        answers,
      );
      if (problems.length > 0)
        throw new Error(`answers that the OpenAPI document does not describe:\n${problems.join('\n')}`);
    },
  };
}
