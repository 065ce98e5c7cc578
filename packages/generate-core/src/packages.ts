/**
 * Names and versions of the generated packages. Every generated package.json, and every import
 * of one generated package by another (the client imports types and validators), takes its name
 * from here, so `specgen.config.json` (`packageScope`, `packageNames`) renames them all at once.
 * Dependencies between generated packages get a real semver range (`^<version>`), never
 * `workspace:`, so a package installs the same inside and outside a pnpm workspace.
 */
import type { GenerateOptions } from './generator.ts';

export const DEFAULT_PACKAGE_SCOPE = '@service-api';

/** TypeScript range of every generated package.json (their `build` script runs tsc): templates print `{{typescriptRange}}`. */
export const TYPESCRIPT_RANGE = '~6.0.0';

/** `@service-api/<target>` unless the options name that target's package. */
export function packageNameOf(options: Pick<GenerateOptions, 'packageNames'>, target: string): string {
  return options.packageNames?.[target] ?? `${DEFAULT_PACKAGE_SCOPE}/${target}`;
}

/** Range a generated package uses for another generated package: `^` its version. */
export function packageRangeOf(
  options: Pick<GenerateOptions, 'packageVersions' | 'packageVersion'>,
  target: string,
): string {
  return `^${options.packageVersions?.[target] ?? options.packageVersion}`;
}

/** Names of every target's package: the scope's `<scope>/<target>`, then the explicit names. */
export function resolvePackageNames(
  targets: readonly string[],
  settings: { packageScope?: string; packageNames?: Readonly<Record<string, string>> },
): Record<string, string> {
  const scope = settings.packageScope ?? DEFAULT_PACKAGE_SCOPE;
  return Object.fromEntries(targets.map((t) => [t, settings.packageNames?.[t] ?? `${scope}/${t}`]));
}
