#!/usr/bin/env node
/** `specgen <command>`: parse, generate, diff. Each command lives in its own module under commands/. */
import { readFileSync } from 'node:fs';
import { commands } from './commands/index.ts';

/** The version of this @specgen/cli package (src/ and dist/ both sit one level below package.json). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return name ? 0 : 1;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    process.stderr.write(`specgen: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(entry.help ? await entry.help() : (await entry.load()).help);
    return 0;
  }
  const command = await entry.load(rest);
  return command.run(rest);
}

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: specgen <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `specgen <command> --help` for its options and an example; `specgen --version` prints the version.',
    '',
  ].join('\n');
}

/** Waits until stdout and stderr have handed everything to the OS: process.exit would cut a piped IR at 64 KiB. */
function flushed(): Promise<void> {
  return Promise.all(
    [process.stdout, process.stderr].map((s) => new Promise<void>((resolve) => s.write('', () => resolve()))),
  ).then(() => undefined);
}

main(process.argv.slice(2)).then(
  async (code) => {
    await flushed();
    process.exit(code);
  },
  async (err: unknown) => {
    process.stderr.write(`specgen: ${err instanceof Error ? err.message : String(err)}\n`);
    await flushed();
    process.exit(2);
  },
);
