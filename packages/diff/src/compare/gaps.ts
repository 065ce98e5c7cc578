/**
 * The spec's "not shown" statements. When one disappears, the spec may now state what was missing
 * and decisions taken for the gap (docs/decisions) need a review; when one appears, something
 * consumers could rely on is no longer stated.
 */
import type { Unknown } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';

export function compareGaps(log: ChangeLog, before: Unknown[], after: Unknown[]): void {
  const oldIds = new Set(before.map((u) => u.id));
  const newIds = new Set(after.map((u) => u.id));
  for (const u of before) {
    if (newIds.has(u.id)) continue;
    log.add('gap-filled', {
      resource: `gap:${u.id}`,
      message: `"${u.text}" (${u.section}) is no longer stated; review the decisions taken for this gap.`,
      source: u.source,
    });
  }
  for (const u of after) {
    if (oldIds.has(u.id)) continue;
    log.add('gap-added', {
      resource: `gap:${u.id}`,
      message: `New gap in ${u.section}: "${u.text}"`,
      source: u.source,
    });
  }
}
