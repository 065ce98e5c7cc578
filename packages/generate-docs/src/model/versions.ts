/**
 * Which service versions the site describes: every version the spec names (one folder each), or
 * only the newest when the caller asks for it (the 600-resource synthetic spec without
 * `--all-versions`). The changes page always covers every version.
 */
import { compareVersions, type Spec } from '@specgen/ir';

export interface SiteVersions {
  /** Every version of the spec, newest first (the changes page, the feed). */
  all: string[];
  /** The versions that get a folder, newest first. */
  written: string[];
  newest: string;
}

export class SiteInputError extends Error {}

export function siteVersions(spec: Spec, allVersions: boolean): SiteVersions {
  const all = [...spec.versions].sort(compareVersions).reverse();
  const newest = all[0];
  if (newest === undefined)
    throw new SiteInputError(`${spec.file} names no service version; the site is organised by version`);
  return { all, written: allVersions ? all : [newest], newest };
}

/** The version before `version` in the spec's order, or null for the first. */
export function previousVersion(versions: SiteVersions, version: string): string | null {
  const i = versions.all.indexOf(version);
  return i >= 0 && i + 1 < versions.all.length ? (versions.all[i + 1] ?? null) : null;
}
