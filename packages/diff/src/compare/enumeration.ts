/** Enumeration values and bitmask flags of one field. */
import type { Enumeration, Field } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';

export function compareEnumeration(log: ChangeLog, container: string, before: Field, after: Field): void {
  const a = before.enumeration;
  const b = after.enumeration;
  if (a === null && b === null) return;
  const subject = { resource: container, field: after.name };
  if (a === null && b !== null) {
    log.add('enumeration-added', {
      ...subject,
      message: `${container}.${after.name} now documents its values: ${list(b)}.`,
      source: b.source,
    });
    return;
  }
  if (a !== null && b === null) {
    log.add('enumeration-removed', {
      ...subject,
      message: `${container}.${after.name} no longer documents its values (was ${list(a)}).`,
      source: after.source,
    });
    return;
  }
  if (a === null || b === null) return;
  if (a.bitmask !== b.bitmask) {
    const kinds = (e: Enumeration) => (e.bitmask ? 'a bitmask' : 'an enumeration');
    log.add('bitmask-changed', {
      ...subject,
      message: `${container}.${after.name} changed from ${kinds(a)} to ${kinds(b)}.`,
      source: b.source,
    });
    return;
  }
  const word = b.bitmask ? 'flag' : 'value';
  const oldByValue = new Map(a.values.map((v) => [v.value, v]));
  const newByValue = new Map(b.values.map((v) => [v.value, v]));
  for (const v of a.values) {
    if (newByValue.has(v.value)) continue;
    log.add(b.bitmask ? 'bitmask-flag-removed' : 'enum-value-removed', {
      ...subject,
      key: String(v.value),
      message: `${container}.${after.name}: ${word} ${v.value} ${v.name} was removed.`,
      source: v.source,
    });
  }
  for (const v of b.values) {
    const old = oldByValue.get(v.value);
    if (!old) {
      log.add(b.bitmask ? 'bitmask-flag-added' : 'enum-value-added', {
        ...subject,
        key: String(v.value),
        message: `${container}.${after.name}: ${word} ${v.value} ${v.name} was added.`,
        source: v.source,
        version: after.since,
      });
    } else if (old.name !== v.name) {
      log.add(b.bitmask ? 'bitmask-flag-renamed' : 'enum-value-renamed', {
        ...subject,
        key: String(v.value),
        message: `${container}.${after.name}: ${word} ${v.value} was renamed from ${old.name} to ${v.name}.`,
        source: v.source,
      });
    }
  }
}

function list(e: Enumeration): string {
  return e.values.map((v) => `${v.value} ${v.name}`).join(', ');
}
