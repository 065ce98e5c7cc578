/**
 * The field lists of one resource or structure: added, removed, possibly renamed, changed.
 * A removed and an added field of the same type are reported together, once, as a possible rename.
 */
import type { Field } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { compareField, type Container } from './field.ts';
import { pairRenames } from './renames.ts';

/** Returns the fields new in `after` (added or rename targets), for the consistency checks. */
export function compareFields(log: ChangeLog, container: Container, before: Field[], after: Field[]): Field[] {
  const oldByName = new Map(before.map((f) => [f.name, f]));
  const newByName = new Map(after.map((f) => [f.name, f]));
  const removed = before.filter((f) => !newByName.has(f.name));
  const added = after.filter((f) => !oldByName.has(f.name));
  const renames = pairRenames(removed, added);
  const renamedOld = new Set(renames.map((r) => r.before.name));
  const renamedNew = new Set(renames.map((r) => r.after.name));
  for (const { before: b, after: a } of renames) {
    log.add('field-possibly-renamed', {
      resource: container.name,
      field: b.name,
      key: a.name,
      message: `${container.name}.${b.name} was removed and ${a.name} (${a.type.text}) added: possibly a rename.`,
      source: a.source,
      version: a.since,
    });
  }
  for (const f of removed) {
    if (renamedOld.has(f.name)) continue;
    log.add('field-removed', {
      resource: container.name,
      field: f.name,
      message: `${container.name}.${f.name} (${f.type.text}) was removed.`,
      source: f.source,
    });
  }
  for (const f of added) {
    if (renamedNew.has(f.name)) continue;
    const since = f.since ? ` since ${f.since}` : '';
    log.add(container.isRequest ? 'request-field-added' : 'field-added', {
      resource: container.name,
      field: f.name,
      message: `${container.name}.${f.name} (${f.type.text}) was added${since}.`,
      source: f.source,
      version: f.since,
    });
  }
  for (const f of after) {
    const old = oldByName.get(f.name);
    if (old) compareField(log, container, old, f, newByName);
  }
  return added;
}
