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
  for (const r of resources) for (const v of versionsOf(r, memo)) found.add(v);
  for (const e of endpoints) add(e.since);
  for (const v of versioning) add(v.rule === 'endpointsFrom' ? v.version : v.rule === 'obsolete' ? v.since : null);
  if (!memo) return orderVersions(found);
  // The same versions as last time keep their order without sorting again.
  const joined = [...found].join('\n');
  if (memo.versions?.found !== joined) memo.versions = { found: joined, ordered: orderVersions(found) };
  return [...memo.versions.ordered];
}

function versionsOf(r: Resource, memo?: ResolveMemo): string[] {
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
  const versions = [...found];
  memo?.resourceVersions.set(r, versions);
  return versions;
}
