#!/usr/bin/env node
/**
 * `pnpm service <users|data> ...` in the repository: the service CLI on the generated IR snapshot,
 * with the generated validators as `data import`'s second check (the runtime loads no generated package).
 * `pnpm service` runs it compiled (launch.mjs), `pnpm dev:service` from the sources (tsx).
 */
import { serviceCommand } from '@specgen/runtime-server';
import { devSpec } from './snapshot.mjs';

/** @returns {Promise<import('@specgen/runtime-resources').GeneratedValidators | null>} */
const validators = () => import('@service-api/validators').catch(() => null);

Promise.resolve()
  .then(() => serviceCommand(process.argv.slice(2), { spec: devSpec(), validators }))
  .then(
    (code) => process.exit(code),
    (error) => {
      console.error(`service: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
