#!/usr/bin/env node
/**
 * `pnpm start` (after `specgen generate`): the service with demo users, seed data and the
 * development identity provider (when no OIDC issuer is configured), on PORT (8001).
 * Switch each off with DEMO_USERS=false, SEED_DATA=false, DEV_IDP=false.
 */
import { runService, stopOnSignals } from './run-service.ts';
import { loadSpec } from './spec-source.ts';

runService({ spec: loadSpec(), defaults: { demoUsers: true, seedData: true, devIdp: true } }).then(stopOnSignals, (error: unknown) => {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
