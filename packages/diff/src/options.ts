/** Command-line options of `specgen diff`, parsed without a library so every error message is ours. */
import { FORMATS, type Format } from './report/index.ts';

export const FAIL_ON = ['breaking', 'warning', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface DiffOptions {
  oldPath: string | null;
  newPath: string;
  base: string | null;
  format: Format;
  failOn: FailOn;
  /** Directory for the changeset file, null when not asked for. */
  changeset: string | null;
  /** `--package-scope @acme-api`: the generated packages a changeset names are `<scope>/<target>`. */
  packageScope: string | null;
}

export class UsageError extends Error {}

/** `--changeset` without a folder: `.changeset` at the workspace root. */
export const DEFAULT_CHANGESET_DIR = '.changeset';

const takesValue = (next: string | undefined) => next !== undefined && !next.startsWith('-') && !/\.md$/i.test(next);

export function parseDiffArgs(args: string[]): DiffOptions {
  const positional: string[] = [];
  let base: string | null = null;
  let format: Format = 'text';
  let failOn: FailOn = 'breaking';
  let changeset: string | null = null;
  let packageScope: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = args[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--base':
        base = value();
        break;
      case '--format':
        format = oneOf(flag, value(), FORMATS);
        break;
      case '--fail-on':
        failOn = oneOf(flag, value(), FAIL_ON);
        break;
      case '--package-scope':
        packageScope = value();
        if (!/^@[a-z0-9][a-z0-9._~-]*$/.test(packageScope))
          throw new UsageError(`--package-scope "${packageScope}" is not an npm scope such as @acme-api`);
        break;
      case '--changeset':
        if (inline !== undefined) changeset = inline;
        else if (takesValue(args[i + 1])) changeset = args[++i]!;
        else changeset = DEFAULT_CHANGESET_DIR;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
        positional.push(arg);
    }
  }
  if (base !== null) {
    if (positional.length !== 1)
      throw new UsageError(`with --base give exactly one spec file (the new one), got ${positional.length}`);
    return { oldPath: null, newPath: positional[0]!, base, format, failOn, changeset, packageScope };
  }
  if (positional.length !== 2)
    throw new UsageError(`give two spec files (old and new), or --base <git-ref> and one; got ${positional.length}`);
  return { oldPath: positional[0]!, newPath: positional[1]!, base, format, failOn, changeset, packageScope };
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got "${value}"`);
}

export function exitStatus(summary: { breaking: number; warning: number }, failOn: FailOn): number {
  if (failOn === 'none') return 0;
  if (summary.breaking > 0) return 1;
  return failOn === 'warning' && summary.warning > 0 ? 1 : 0;
}
