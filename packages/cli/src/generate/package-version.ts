import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_PACKAGE_VERSION = '0.1.0';

/**
 * The version in an existing generated package.json wins, so that a release tool (changesets)
 * may bump it and a later regeneration keeps the bump.
 */
export function packageVersionOf(outDir: string, target: string): string {
  const file = join(outDir, target, 'package.json');
  if (!existsSync(file)) return DEFAULT_PACKAGE_VERSION;
  try {
    const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && /^\d+\.\d+\.\d+/.test(version) ? version : DEFAULT_PACKAGE_VERSION;
  } catch {
    return DEFAULT_PACKAGE_VERSION;
  }
}
