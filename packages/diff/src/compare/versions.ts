/** Shared judgement of a moved "since"/"introduced" version: set, cleared, later or earlier. */
import { compareVersions } from '@specgen/ir';

export { compareVersions };

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
