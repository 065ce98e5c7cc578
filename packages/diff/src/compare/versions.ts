/** Shared judgement of a moved "since"/"introduced" version: set, cleared, later or earlier. */
import { parseVersion } from '@specgen/ir';

/** Parsed versions, cached: a large spec repeats the same few dozen versions thousands of times. */
const parsed = new Map<string, number[]>();

function parts(version: string): number[] {
  let p = parsed.get(version);
  if (!p) parsed.set(version, (p = parseVersion(version)));
  return p;
}

/** Same order as `compareVersions` from @specgen/ir (numeric, part by part), with parsing cached. */
export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export type VersionMove = 'set' | 'cleared' | 'later' | 'earlier';

export function versionMove(before: string | null, after: string | null): VersionMove | null {
  if (before === after) return null;
  if (before === null) return 'set';
  if (after === null) return 'cleared';
  const order = compareVersions(after, before);
  if (order === 0) return null;
  return order > 0 ? 'later' : 'earlier';
}

export function describeVersions(before: string | null, after: string | null): string {
  return `${before ?? 'none'} -> ${after ?? 'none'}`;
}
