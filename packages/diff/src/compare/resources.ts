/** Read resources: added, removed, and the facts stated in their heading paragraph and the endpoints table. */
import type { Field, Resource } from '@specgen/ir';
import type { ChangeLog } from '../change.ts';
import { compareFields } from './fields.ts';
import { describeVersions, versionMove } from './versions.ts';

export interface NewField {
  resource: Resource;
  field: Field;
}

/** Returns the fields new in existing resources, for the consistency checks. */
export function compareResources(log: ChangeLog, before: Resource[], after: Resource[]): NewField[] {
  const oldByName = new Map(before.map((r) => [r.name, r]));
  const newByName = new Map(after.map((r) => [r.name, r]));
  const renames = pairRenamedResources(
    before.filter((r) => !newByName.has(r.name)),
    after.filter((r) => !oldByName.has(r.name)),
  );
  const newFields: NewField[] = [];
  for (const r of before) {
    if (!newByName.has(r.name) && !renames.has(r)) {
      log.add('resource-removed', { resource: r.name, message: `Resource ${r.name} was removed.`, source: r.source });
    }
  }
  const renamedTo = new Map([...renames].map(([old, next]) => [next, old]));
  for (const r of after) {
    let old = oldByName.get(r.name);
    const renamedFrom = renamedTo.get(r);
    if (renamedFrom) {
      old = renamedFrom;
      log.add('resource-renamed', {
        resource: r.name,
        key: old.name,
        message: `Resource ${old.name} was renamed to ${r.name} (same type GUID ${r.typeGuid}).`,
        source: r.source,
      });
    }
    if (!old) {
      const since = r.introduced ? `, introduced in ${r.introduced}` : '';
      log.add('resource-added', {
        resource: r.name,
        message: `Resource ${r.name} was added (${r.fields.length} field${r.fields.length === 1 ? '' : 's'}${since}).`,
        source: r.source,
        version: r.introduced,
      });
      continue;
    }
    compareResourceFacts(log, old, r);
    const added = compareFields(log, { name: r.name, isRequest: false }, old.fields, r.fields);
    for (const field of added) newFields.push({ resource: r, field });
  }
  return newFields;
}

/** A removed and an added resource with the same type GUID are one resource under a new name. */
function pairRenamedResources(removed: Resource[], added: Resource[]): Map<Resource, Resource> {
  const pairs = new Map<Resource, Resource>();
  for (const old of removed) {
    const guid = normalizeGuid(old.typeGuid);
    if (guid === null) continue;
    const next = added.find((r) => normalizeGuid(r.typeGuid) === guid && ![...pairs.values()].includes(r));
    if (next) pairs.set(old, next);
  }
  return pairs;
}

function compareResourceFacts(log: ChangeLog, before: Resource, after: Resource): void {
  const at = { resource: after.name, source: after.source };
  if (before.path !== after.path || before.area !== after.area) {
    log.add('resource-path-changed', {
      ...at,
      message: `${after.name}: path ${before.path ?? 'none'} -> ${after.path ?? 'none'}.`,
    });
  }
  if (before.permission !== after.permission) {
    log.add('resource-permission-changed', {
      ...at,
      message: `${after.name}: required permission "${before.permission ?? 'none'}" -> "${after.permission ?? 'none'}".`,
    });
  }
  if (normalizeGuid(before.typeGuid) !== normalizeGuid(after.typeGuid)) {
    log.add('resource-type-guid-changed', {
      ...at,
      message: `${after.name}: type GUID ${before.typeGuid ?? 'none'} -> ${after.typeGuid ?? 'none'}.`,
    });
  }
  const move = versionMove(before.introduced, after.introduced);
  if (move) {
    log.add(`resource-introduced-${move}`, {
      ...at,
      message: `${after.name}: introduced version ${describeVersions(before.introduced, after.introduced)}.`,
      version: after.introduced,
    });
  }
  if (before.description.replace(/\s+/g, ' ').trim() !== after.description.replace(/\s+/g, ' ').trim()) {
    log.add('resource-description-changed', {
      ...at,
      message: `${after.name}: description "${before.description}" -> "${after.description}".`,
    });
  }
  if (before.queryable !== after.queryable) {
    log.add(after.queryable ? 'resource-became-queryable' : 'resource-no-longer-queryable', {
      ...at,
      message: `${after.name} ${after.queryable ? 'became queryable' : 'is no longer queryable'}.`,
    });
  }
}

function normalizeGuid(guid: string | null): string | null {
  return guid === null ? null : guid.toLowerCase();
}
