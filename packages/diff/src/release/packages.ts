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
 * With `names` (target -> package name, as configured for `specgen generate`): those names, in
 * that order, less the targets whose package.json under `dir` is private.
 */
export function releasedGeneratedPackages(dir: string, names?: Readonly<Record<string, string>>): string[] {
  if (names)
    return Object.entries(names)
      .filter(([target]) => !isPrivate(join(dir, target, 'package.json')))
      .map(([, name]) => name);
  if (!existsSync(dir)) return [...GENERATED_PACKAGES];
  const manifests = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'package.json')))
    .map((e) => readFileSync(join(dir, e.name, 'package.json'), 'utf8'));
  if (manifests.length === 0) return [...GENERATED_PACKAGES];
  return orderPackages(publishedNames(manifests));
}

function isPrivate(manifest: string): boolean {
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as Manifest).private === true;
  } catch {
    return false;
  }
}

/** `names` in the order of `order` (default GENERATED_PACKAGES), the others after them by name. */
export function orderPackages(names: readonly string[], order: readonly string[] = GENERATED_PACKAGES): string[] {
  const rank = (n: string) => {
    const i = order.indexOf(n);
    return i < 0 ? order.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}
