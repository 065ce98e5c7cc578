#!/usr/bin/env node
/** `pnpm service <users|data> ...`: operate the sandbox server's store. */
import { usersCommand } from './users-cli.ts';

const HELP = `usage: pnpm service <command> ...

commands:
  users add|list|set|remove   manage users (pnpm service users --help)
  data seed|import            seed or import read-resource records (pnpm service data --help)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'users') return usersCommand(rest);
  if (command === 'data') return (await import('@specgen/runtime-resources')).dataCommand(rest);
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return 0;
  }
  console.error(command ? `unknown command "${command}"\n\n${HELP}` : HELP);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`service: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
