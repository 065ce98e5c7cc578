/**
 * The generated packages a release versions: every `<generated>/<target>/package.json` that is
 * not private. A private one (the sandbox server is deployed, not published) must not be named in
 * a changeset: with `privatePackages: { version: false }` changesets refuses a changeset that
 * mixes it with published packages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_PACKAGES } from '../changeset.ts';

interface Manifest {
  name?: unknown;
  private?: unknown;
}

/** Names of the published packages among `manifests` (package.json texts), in the order given. */
export function publishedNames(manifests: readonly string[]): string[] {
  const names: string[] = [];
  for (const text of manifests) {
    const m = JSON.parse(text) as Manifest;
    if (typeof m.name === 'string' && m.private !== true) names.push(m.name);
  }
  return names;
}

/**
 * The published generated packages under `dir` (default layout `generated/`), in the order of
 * GENERATED_PACKAGES then by name; GENERATED_PACKAGES when `dir` holds none (no generated output).
 */
export function releasedGeneratedPackages(dir: string): string[] {
  if (!existsSync(dir)) return [...GENERATED_PACKAGES];
  const manifests = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'package.json')))
    .map((e) => readFileSync(join(dir, e.name, 'package.json'), 'utf8'));
  if (manifests.length === 0) return [...GENERATED_PACKAGES];
  return orderPackages(publishedNames(manifests));
}

export function orderPackages(names: readonly string[]): string[] {
  const rank = (n: string) => {
    const i = (GENERATED_PACKAGES as readonly string[]).indexOf(n);
    return i < 0 ? GENERATED_PACKAGES.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
