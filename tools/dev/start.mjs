#!/usr/bin/env node
/**
 * The generated server (@service-api/server: its route modules with the default handlers) with demo
 * users, seed data and the development identity provider (when no OIDC issuer is configured), on PORT
 * (8001). Switch each off with DEMO_USERS=false, SEED_DATA=false, DEV_IDP=false. With SPEC_IR (another
 * IR than the generated snapshot) the contract's route table built at run time serves that IR instead
 * (createServer's default), since the generated routes are its spec's. `pnpm start` runs it compiled (launch.mjs), `pnpm dev` from the sources (tsx).
 */
import { REFERENCE_DIR, serviceRoutes } from '@service-api/server';
import { runService, stopOnSignals } from '@specgen/runtime-server';
import { devSpec } from './snapshot.mjs';

Promise.resolve()
  .then(() =>
    runService({
      spec: devSpec(),
      ...(process.env.SPEC_IR ? {} : { routes: serviceRoutes() }),
      defaults: { demoUsers: true, seedData: true, devIdp: true },
      // the reference site `pnpm start` writes with `specgen docs` before it starts the server
      referenceDir: REFERENCE_DIR,
    }),
  )
  .then(stopOnSignals, (error) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
