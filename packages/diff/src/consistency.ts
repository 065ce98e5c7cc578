/**
 * Consistency checks on the new spec, reported as changes so that CI shows them with the diff:
 * a new field must carry a since version newer than the old spec's newest version, and no field
 * may be older than its resource. Problems already present in the old spec are not repeated.
 */
import type { Spec } from '@specgen/ir';
import { ChangeLog } from './change.ts';
import type { NewField } from './compare/resources.ts';
import { compareVersions } from './compare/versions.ts';

export function checkNewFields(log: ChangeLog, before: Spec, newFields: NewField[]): void {
  const newest = before.newestVersion;
  for (const { resource, field } of newFields) {
    const at = { resource: resource.name, field: field.name, source: field.source };
    if (field.since === null) {
      log.add('new-field-since-missing', {
        ...at,
        message: `${resource.name}.${field.name} is new but states no since version${newest ? ` (expected one newer than ${newest})` : ''}.`,
      });
    } else if (newest !== null && compareVersions(field.since, newest) <= 0) {
      log.add('new-field-since-not-newer', {
        ...at,
        version: field.since,
        message: `${resource.name}.${field.name} is new but its since version ${field.since} is not newer than the old spec's newest version ${newest}.`,
      });
    }
  }
}

export function checkFieldsAgainstResources(log: ChangeLog, before: Spec, after: Spec): void {
  const already = new Set(fieldsOlderThanResource(before).map((c) => c.fingerprint));
  for (const change of fieldsOlderThanResource(after)) {
    if (!already.has(change.fingerprint)) log.changes.push(change);
  }
}

function fieldsOlderThanResource(spec: Spec) {
  const log = new ChangeLog();
  for (const r of spec.resources) {
    if (r.introduced === null) continue;
    for (const f of r.fields) {
      if (f.since === null || compareVersions(f.since, r.introduced) >= 0) continue;
      log.add('field-since-before-resource', {
        resource: r.name,
        field: f.name,
        version: f.since,
        message: `${r.name}.${f.name} is since ${f.since}, older than its resource (introduced in ${r.introduced}).`,
        source: f.source,
      });
    }
  }
  return log.changes;
}
