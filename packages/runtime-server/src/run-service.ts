/**
 * Runs the sandbox service: configuration from the environment, optional demo users, seed data and
 * development identity provider, then `createServer` with the route table, listening on PORT.
 * Used by `pnpm start` (tools/dev/start.mjs) and by the generated `@service-api/server` (src/main.ts),
 * each handing over the IR snapshot it ships with.
 */
import type { FastifyInstance } from 'fastify';
import type { Spec } from '@specgen/ir';
import { openStore, type Store } from '@specgen/runtime-store';
import { loadConfig, type ServiceConfig } from './config.ts';
import { DEMO_TOTP_SECRET, ensurePasswordDemoUsers } from './demo-users.ts';
import { createServer } from './server.ts';
import type { RouteFactory } from './skeleton/setup.ts';
import { permissionNames } from './spec-source.ts';

export interface RunServiceOptions {
  spec: Spec;
  env?: Record<string, string | undefined>;
  /** Defaults of the switches DEMO_USERS, SEED_DATA, DEV_IDP (the environment overrides them). */
  defaults?: { demoUsers?: boolean; seedData?: boolean; devIdp?: boolean };
  log?: (message: string) => void;
  /** The generated server's routes and handlers; the contract's table when absent (`CreateServerOptions.routes`). */
  routes?: RouteFactory;
  /** The reference site's folder, served at `/reference` (REFERENCE_DIR overrides it). */
  referenceDir?: string;
}

export interface RunningService {
  app: FastifyInstance;
  config: ServiceConfig;
  store: Store;
  stop(): Promise<void>;
}

function switchOn(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

export async function runService(options: RunServiceOptions): Promise<RunningService> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((m: string) => console.error(m));
  const { spec } = options;
  let config = loadConfig(env, spec, { notice: log });
  const store = await openStore(config.databaseUrl);
  const permissions = permissionNames(spec);
  const stops: Array<() => Promise<void>> = [];
  try {
    if (switchOn(env.DEMO_USERS, options.defaults?.demoUsers ?? false)) {
      const created = await ensurePasswordDemoUsers(store, config.secretsKey, permissions);
      if (created.length > 0)
        log(
          `created demo users: ${created.join(', ')} (password = user name; TOTP secret of mfa: ${DEMO_TOTP_SECRET})`,
        );
    }
    if (switchOn(env.SEED_DATA, options.defaults?.seedData ?? false)) {
      // The service's own spec and store: seeding never re-reads a spec or opens a second store.
      const { seedResourceData } = await import('@specgen/runtime-resources');
      const written = await seedResourceData(store, spec);
      log(
        `seeded read-resource data: ${Object.entries(written)
          .map(([name, n]) => `${n} ${name}`)
          .join(', ')}`,
      );
    }
    if (!config.oidc.issuer && switchOn(env.DEV_IDP, options.defaults?.devIdp ?? false)) {
      const { attachDevIdp } = await import('./dev-idp/index.ts');
      const attached = await attachDevIdp(config, store, { permissions });
      config = attached.config;
      stops.push(() => attached.idp.close());
      log(`development OIDC provider at ${config.oidc.issuer} (demo accounts alice and bob, any password)`);
    }
    const referenceDir = env.REFERENCE_DIR?.trim() || options.referenceDir;
    const app = await createServer({ spec, config, store, routes: options.routes, referenceDir });
    const address = await app.listen({ port: config.port, host: config.host });
    log(
      `service version ${config.serviceVersion} listening at ${address} (public URL ${config.publicUrl}, web page at /)`,
    );
    return {
      app,
      config,
      store,
      async stop() {
        await app.close();
        for (const stop of stops) await stop();
        await store.close();
      },
    };
  } catch (error) {
    for (const stop of stops) await stop().catch(() => {});
    await store.close();
    throw error;
  }
}

/** Stops cleanly on SIGINT/SIGTERM. */
export function stopOnSignals(service: RunningService): void {
  const stop = () =>
    void service.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
