/** Command-line options of `specgen generate`. */
import { isVersion } from '@specgen/ir';
import { isNpmScope } from './scope.ts';

export interface GenerateCliOptions {
  spec: string;
  out: string;
  templates: string | null;
  serviceVersion: string | null;
  check: boolean;
  watch: boolean;
  only: string[] | null;
  quiet: boolean;
  /** List every file with what happened to it. */
  verbose: boolean;
  /** Diagnostics with source line and caret (null: on a terminal outside CI). */
  pretty: boolean | null;
  /** `--package-scope @acme-api`: overrides specgen.config.* packageScope. */
  packageScope: string | null;
}

const VALUE_FLAGS = ['--spec', '--out', '--templates', '--service-version', '--only', '--package-scope'] as const;
const BOOLEAN_FLAGS = ['--check', '--watch', '--quiet', '--verbose', '--pretty', '--no-pretty'] as const;

export class UsageError extends Error {}

/** Parses `args`; throws UsageError with a message fit for the user. Accepts `--flag value` and `--flag=value`. */
export function parseGenerateArgs(args: readonly string[]): GenerateCliOptions {
  const options: GenerateCliOptions = {
    spec: 'spec/service-api.md',
    out: 'generated',
    templates: null,
    serviceVersion: null,
    check: false,
    watch: false,
    only: null,
    quiet: false,
    verbose: false,
    pretty: null,
    packageScope: null,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if ((BOOLEAN_FLAGS as readonly string[]).includes(flag)) {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
      if (flag === '--check') options.check = true;
      else if (flag === '--watch') options.watch = true;
      else if (flag === '--verbose') options.verbose = true;
      else if (flag === '--pretty') options.pretty = true;
      else if (flag === '--no-pretty') options.pretty = false;
      else options.quiet = true;
      continue;
    }
    if (!(VALUE_FLAGS as readonly string[]).includes(flag)) throw new UsageError(`unknown option "${arg}"`);
    const value = inline ?? args[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--')))
      throw new UsageError(`${flag} needs a value`);
    if (flag === '--spec') options.spec = value;
    else if (flag === '--out') options.out = value;
    else if (flag === '--templates') options.templates = value;
    else if (flag === '--package-scope') {
      if (!isNpmScope(value)) throw new UsageError(`--package-scope "${value}" is not an npm scope such as @acme-api`);
      options.packageScope = value;
    } else if (flag === '--service-version') {
      if (!isVersion(value)) throw new UsageError(`--service-version "${value}" is not a version such as 24.1`);
      options.serviceVersion = value;
    } else
      options.only = value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
  }
  if (options.check && options.watch) throw new UsageError('--check and --watch cannot be combined');
  if (options.quiet && options.verbose) throw new UsageError('--quiet and --verbose cannot be combined');
  return options;
}
