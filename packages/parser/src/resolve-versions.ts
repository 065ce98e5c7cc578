/** The versions pass: every version the spec names (introduced, since, obsolete, endpoint and versioning rule versions), in order. */
import type { Endpoint, Resource, VersioningRule } from '@specgen/ir';
import { orderVersions } from './order.ts';
import type { ResolveMemo } from './resolve-memo.ts';

export function specVersions(
  resources: readonly Resource[],
  endpoints: readonly Endpoint[],
  versioning: readonly VersioningRule[],
  memo?: ResolveMemo,
): string[] {
  const found = new Set<string>();
  const add = (v: string | null | undefined) => {
    if (v) found.add(v);
  };
  // Resources naming the same versions share one list (versionsOf): each distinct list is added once,
  // not each of 600 resources' versions string by string.
  const lists = new Set<readonly string[]>();
  const shared = new Map<string, readonly string[]>();
  for (const r of resources) lists.add(versionsOf(r, shared, memo));
  for (const list of lists) for (const v of list) found.add(v);
  for (const e of endpoints) add(e.since);
  for (const v of versioning) add(v.rule === 'endpointsFrom' ? v.version : v.rule === 'obsolete' ? v.since : null);
  if (!memo) return orderVersions(found);
  // The same versions as last time keep their order without sorting again.
  const joined = [...found].join('\n');
  if (memo.versions?.found !== joined) memo.versions = { found: joined, ordered: orderVersions(found) };
  return [...memo.versions.ordered];
}

/**
 * The versions a resource names, in the order first found: one list (from `shared`, by its text) for
 * every resource of this pass that names the same ones in the same order. A memo keeps each
 * resource's list, so in watch mode the resources that did not change still share theirs.
 */
function versionsOf(r: Resource, shared: Map<string, readonly string[]>, memo?: ResolveMemo): readonly string[] {
  const kept = memo?.resourceVersions.get(r);
  if (kept) return kept;
  const found = new Set<string>();
  const add = (v: string | null | undefined) => {
    if (v) found.add(v);
  };
  add(r.introduced);
  for (const f of r.fields) {
    add(f.since);
    add(f.obsolete?.since);
  }
  const key = [...found].join('\n');
  let versions = shared.get(key);
  if (!versions) {
    versions = [...found];
    shared.set(key, versions);
  }
  memo?.resourceVersions.set(r, versions);
  return versions;
}
