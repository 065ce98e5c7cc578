/**
 * Limits (MfaToken validity, ManufacturerPartNumber length). A shorter validity or a longer maximum
 * length moves against the consumer (tightened); the opposite relaxes; anything else just changed.
 */
import type { Limit } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';

export function compareLimits(log: ChangeLog, before: Limit[], after: Limit[]): void {
  const oldById = new Map(before.map((l) => [l.id, l]));
  const newById = new Map(after.map((l) => [l.id, l]));
  for (const l of before) {
    if (!newById.has(l.id))
      log.add('limit-removed', {
        resource: `limit:${l.id}`,
        message: `Limit ${l.name} (${l.valueText}) was removed.`,
        source: l.source,
      });
  }
  for (const l of after) {
    const old = oldById.get(l.id);
    const at = { resource: `limit:${l.id}`, source: l.source };
    if (!old) {
      log.add('limit-added', { ...at, message: `Limit ${l.name} was added: ${l.valueText} (${l.appliesTo}).` });
      continue;
    }
    const direction = limitDirection(old, l);
    if (direction === null) continue;
    log.add(`limit-${direction}`, { ...at, message: `Limit ${l.name}: ${old.valueText} -> ${l.valueText}.` });
  }
}

/** Null when the value is the same. */
export function limitDirection(a: Limit, b: Limit): 'tightened' | 'relaxed' | 'changed' | null {
  const x = a.value;
  const y = b.value;
  if (x.kind === 'duration' && y.kind === 'duration') {
    if (x.milliseconds === y.milliseconds) return null;
    return y.milliseconds < x.milliseconds ? 'tightened' : 'relaxed';
  }
  if (x.kind === 'maxLength' && y.kind === 'maxLength') {
    if (x.value === y.value) return null;
    return y.value > x.value ? 'tightened' : 'relaxed';
  }
  if (x.kind === 'text' && y.kind === 'text' && x.text.trim() === y.text.trim()) return null;
  return 'changed';
}
