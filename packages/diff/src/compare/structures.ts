/** Sign-in structures (LoginRequest, LoginResponse, ...): added, removed, and their fields. */
import type { Structure } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { compareFields } from './fields.ts';

/** Request structures are written by the consumer; the rest are read. */
export function isRequestStructure(s: Structure): boolean {
  return /Request$/.test(s.name);
}

export function compareStructures(log: ChangeLog, before: Structure[], after: Structure[]): void {
  const oldByName = new Map(before.map((s) => [s.name, s]));
  const newByName = new Map(after.map((s) => [s.name, s]));
  for (const s of before) {
    if (!newByName.has(s.name))
      log.add('structure-removed', {
        resource: s.name,
        message: `Structure ${s.label} was removed.`,
        source: s.source,
      });
  }
  for (const s of after) {
    const old = oldByName.get(s.name);
    if (!old) {
      log.add('structure-added', {
        resource: s.name,
        message: `Structure ${s.label} was added (${s.fields.length} field${s.fields.length === 1 ? '' : 's'}).`,
        source: s.source,
      });
      continue;
    }
    compareFields(log, { name: s.name, isRequest: isRequestStructure(s) }, old.fields, s.fields);
  }
}
