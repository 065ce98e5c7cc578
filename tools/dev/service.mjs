#!/usr/bin/env node
/**
 * `pnpm service <users|data> ...` in the repository: the service CLI on the generated IR snapshot.
 * `pnpm service` runs it compiled (launch.mjs), `pnpm dev:service` from the sources (tsx).
 */
import { serviceCommand } from '@specgen/runtime-server';
import { devSpec } from './snapshot.mjs';

Promise.resolve()
  .then(() => serviceCommand(process.argv.slice(2), { spec: devSpec() }))
  .then(
    (code) => process.exit(code),
    (error) => {
      console.error(`service: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
