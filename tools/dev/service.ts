#!/usr/bin/env node
/**
 * `pnpm service <users|data> ...` in the repository: the service CLI on the generated IR snapshot,
 * with the generated validators as `data import`'s second check (the runtime loads no generated package).
 */
import type { GeneratedValidators } from '@specgen/runtime-resources';
import { serviceCommand } from '@specgen/runtime-server';
import { devSpec } from './snapshot.ts';

const validators = (): Promise<GeneratedValidators | null> =>
  import('@service-api/validators').then((m) => m as unknown as GeneratedValidators).catch(() => null);

Promise.resolve()
  .then(() => serviceCommand(process.argv.slice(2), { spec: devSpec(), validators }))
  .then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`service: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
