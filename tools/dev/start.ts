#!/usr/bin/env node
/**
 * `pnpm start` (after `specgen generate`): the service of the generated IR snapshot with demo
 * users, seed data and the development identity provider (when no OIDC issuer is configured), on
 * PORT (8001). Switch each off with DEMO_USERS=false, SEED_DATA=false, DEV_IDP=false.
 */
import { runService, stopOnSignals } from '@specgen/runtime-server';
import { devSpec } from './snapshot.ts';

Promise.resolve()
  .then(() => runService({ spec: devSpec(), defaults: { demoUsers: true, seedData: true, devIdp: true } }))
  .then(stopOnSignals, (error: unknown) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
