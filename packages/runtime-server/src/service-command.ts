/**
 * `service <users|data> ...`: operate a service's store for the IR its caller hands over. The
 * generated server package calls it with its own ir.json, the repository's `pnpm service` with
 * generated/server/ir.json (tools/dev/service.mjs); the runtime itself never looks for a spec.
 */
import type { Spec } from '@specgen/ir';
import type { DataCommandOptions } from '@specgen/runtime-resources';
import { usersCommand } from './users-cli.ts';

export const SERVICE_HELP = `usage: service <command> ...

commands:
  users add|list|set|remove   manage users (service users --help)
  data seed|import            seed or import read-resource records (service data --help)
`;

export interface ServiceCommandOptions {
  spec: Spec;
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Loads the generated validators for `data import` (runtime-resources generated-check.ts); absent: the IR checks alone. */
  validators?: DataCommandOptions['validators'];
}

/** Runs one service command; resolves to the process exit code (0 ok, 1 failed, 2 usage). */
export async function serviceCommand(argv: string[], options: ServiceCommandOptions): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  const [command, ...rest] = argv;
  if (command === 'users') return usersCommand(rest, { ...options, out, err });
  if (command === 'data')
    return (await import('@specgen/runtime-resources')).dataCommand(rest, { ...options, out, err });
  if (command === '--help' || command === '-h' || command === 'help') {
    out(SERVICE_HELP);
    return 0;
  }
  err(command ? `unknown command "${command}"\n\n${SERVICE_HELP}` : SERVICE_HELP);
  return 2;
}
