/**
 * `specgen.config.json` (or `.mjs` / `.js` with a default export) in the working directory:
 * settings of `specgen generate` that belong to a project rather than to one run.
 *
 *   { "packageScope": "@acme-api", "packageNames": { "server": "@acme/sandbox" } }
 *
 * `packageScope` names every generated package `<scope>/<target>` (default `@service-api`);
 * `packageNames` names single targets. `--package-scope` on the command line wins over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolvePackageNames } from '@specgen/generate-core';
import { isNpmScope } from './scope.ts';
import { importFile } from './import-file.ts';

export interface SpecgenConfig {
  packageScope?: string;
  packageNames?: Record<string, string>;
  /** The spec files (a path or glob, or a list) for `specgen format` and `specgen lsp`; read by @specgen/lsp/spec-files. */
  spec?: string | string[];
}

export const CONFIG_FILES = ['specgen.config.json', 'specgen.config.mjs', 'specgen.config.js'] as const;

export class ConfigError extends Error {}

/** npm's rule for a name: lower case, URL-safe, optionally `@scope/`. */
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export function checkConfig(value: unknown, file: string): SpecgenConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`${file}: expected an object`);
  const { packageScope, packageNames, spec, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw new ConfigError(`${file}: unknown setting(s) ${unknown.join(', ')}; known: packageScope, packageNames, spec`);
  const specOk =
    spec === undefined ||
    (typeof spec === 'string' && spec !== '') ||
    (Array.isArray(spec) && spec.length > 0 && spec.every((s) => typeof s === 'string' && s !== ''));
  if (!specOk)
    throw new ConfigError(
      `${file}: spec must be a path or glob, or a non-empty list of them, got ${JSON.stringify(spec)}`,
    );
  if (packageScope !== undefined && (typeof packageScope !== 'string' || !isNpmScope(packageScope))) {
    throw new ConfigError(
      `${file}: packageScope must be an npm scope such as "@acme-api", got ${JSON.stringify(packageScope)}`,
    );
  }
  if (packageNames !== undefined) {
    if (!packageNames || typeof packageNames !== 'object' || Array.isArray(packageNames))
      throw new ConfigError(`${file}: packageNames must be an object of target -> package name`);
    for (const [target, name] of Object.entries(packageNames)) {
      if (typeof name !== 'string' || !PACKAGE_NAME.test(name))
        throw new ConfigError(`${file}: packageNames.${target} is not an npm package name: ${JSON.stringify(name)}`);
    }
  }
  return {
    packageScope: packageScope as string | undefined,
    packageNames: packageNames as Record<string, string> | undefined,
    spec: spec as string | string[] | undefined,
  };
}

/** The config of `dir` (the first of CONFIG_FILES that exists), or `{}` when there is none. */
export async function loadConfig(dir: string = process.cwd()): Promise<SpecgenConfig & { file: string | null }> {
  for (const name of CONFIG_FILES) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    let value: unknown;
    try {
      value = name.endsWith('.json')
        ? JSON.parse(readFileSync(file, 'utf8'))
        : ((await importFile(pathToFileURL(file).href)) as { default?: unknown }).default;
    } catch (error) {
      throw new ConfigError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { ...checkConfig(value, name), file };
  }
  return { file: null };
}

/**
 * The npm name of each of `targets` as `specgen generate` names it: the config of `dir`, with
 * `packageScope` (`--package-scope`, null when not given) over its scope. `diff --changeset` and
 * `check-release` use it too, so a renamed scope is renamed everywhere.
 */
export async function configuredPackageNames(
  targets: readonly string[],
  packageScope: string | null,
  dir: string,
): Promise<Record<string, string>> {
  const config = await loadConfig(dir);
  return resolvePackageNames(targets, { ...config, packageScope: packageScope ?? config.packageScope });
}
