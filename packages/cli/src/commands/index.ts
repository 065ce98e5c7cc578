/**
 * The command list. Each command module is loaded only when it runs, so `specgen diff` does
 * not pay for loading every generator, and `specgen --help` loads none of them.
 */
import type { Command } from '../command.ts';

export interface CommandEntry {
  name: string;
  /** One line for the command list (the module's own `summary` says the same). */
  summary: string;
  /** The `--help` text alone (a plain-text module), so `specgen <name> --help` loads nothing else; without it, the command's own. */
  help?(): Promise<string>;
  /** The command's module; `args`: the command's arguments (a command may load differently for some). */
  load(args?: readonly string[]): Promise<Command>;
}

export const commands: CommandEntry[] = [
  {
    name: 'parse',
    summary: 'parse the markdown spec and print the IR as JSON',
    help: async () => (await import('./help/parse.ts')).PARSE_HELP,
    load: async () => (await import('./parse.ts')).parseCommand,
  },
  {
    name: 'generate',
    summary: 'generate the npm packages (types, validators, OpenAPI, client, server) from the spec',
    help: async () => (await import('./help/generate.ts')).GENERATE_HELP,
    // A one-shot run from the bundle's CommonJS copy under a V8 code cache when there is one (code-cache/).
    load: async (args) => (await import('../code-cache/generate-command.ts')).loadGenerateCommand(args),
  },
  {
    name: 'diff',
    summary: 'compare two versions of the spec: changes, severities, changesets',
    help: async () => (await import('./help/diff.ts')).DIFF_HELP,
    load: async () => (await import('./diff.ts')).diffCommand,
  },
  {
    name: 'verify',
    summary: 'check a live deployment against the spec and name the spec line each finding breaks',
    help: async () => (await import('./help/verify.ts')).VERIFY_HELP,
    load: async () => (await import('./verify.ts')).verifyCommand,
  },
  {
    name: 'docs',
    summary: 'write the reference site: the API as of every service version and what changed in each',
    help: async () => (await import('./help/docs.ts')).DOCS_HELP,
    load: async () => (await import('./docs.ts')).docsCommand,
  },
  {
    name: 'check-release',
    summary: 'fail when the spec changed without a changeset (major when breaking) or generated files are stale',
    load: async () => (await import('./check-release.ts')).checkReleaseCommand,
  },
  {
    name: 'format',
    summary: 'align every table of the spec files (--check: exit 1 when one is not formatted)',
    help: async () => (await import('./help/format.ts')).FORMAT_HELP,
    load: async () => (await import('./format.ts')).formatCommand,
  },
  {
    name: 'lsp',
    summary: 'start the spec language server on stdin/stdout (for editors)',
    help: async () => (await import('./help/lsp.ts')).LSP_HELP,
    load: async () => (await import('./lsp.ts')).lspCommand,
  },
];
