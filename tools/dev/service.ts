#!/usr/bin/env node
/** `pnpm service <users|data> ...` in the repository: the service CLI on the generated IR snapshot. */
import { serviceCommand } from '@specgen/runtime-server';
import { devSpec } from './snapshot.ts';

Promise.resolve()
  .then(() => serviceCommand(process.argv.slice(2), { spec: devSpec() }))
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`service: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
