/**
 * What changed in each service version, from the since-data of the spec: resources and fields
 * that appeared, fields that became obsolete (and their replacement), and routes that appeared
 * (a route is new in a version when it exists then and not in the version before, so rules like
 * "the OIDC endpoints exist from 25.8" count, not only an endpoint's own since).
 */
import { routes } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import { areaOf } from './paths.ts';
import type { SiteVersions } from './versions.ts';

export interface FieldChange {
  resource: string;
  area: string;
  field: string;
  type: string;
  /** For an obsolete field: the field that replaces it. */
  replacedBy?: string | null;
}

export interface VersionChanges {
  version: string;
  resourcesAdded: Array<{ name: string; area: string; description: string }>;
  fieldsAdded: FieldChange[];
  fieldsObsolete: FieldChange[];
  endpointsAdded: Array<{ operationId: string; method: string; path: string; resource: string | null }>;
}

export function isEmptyChange(c: VersionChanges): boolean {
  return c.resourcesAdded.length + c.fieldsAdded.length + c.fieldsObsolete.length + c.endpointsAdded.length === 0;
}

/** One entry per version, newest first. */
export function changesByVersion(spec: Spec, versions: SiteVersions): VersionChanges[] {
  const byVersion = new Map(versions.all.map((v): [string, VersionChanges] => [v, { version: v, resourcesAdded: [], fieldsAdded: [], fieldsObsolete: [], endpointsAdded: [] }]));
  for (const r of spec.resources) {
    const area = areaOf(r);
    if (r.introduced) byVersion.get(r.introduced)?.resourcesAdded.push({ name: r.name, area, description: r.description });
    for (const f of r.fields) {
      // a field as old as its resource is part of the resource's appearance, not a change of its own
      if (f.since && f.since !== r.introduced) byVersion.get(f.since)?.fieldsAdded.push({ resource: r.name, area, field: f.name, type: f.type.text });
      if (f.obsolete) byVersion.get(f.obsolete.since)?.fieldsObsolete.push({ resource: r.name, area, field: f.name, type: f.type.text, replacedBy: f.obsolete.replacedBy });
    }
  }
  const ascending = [...versions.all].reverse();
  let before = new Set<string>();
  ascending.forEach((v, i) => {
    const now = routes(spec, v);
    if (i > 0) {
      for (const r of now) if (!before.has(r.operationId)) byVersion.get(v)?.endpointsAdded.push({ operationId: r.operationId, method: r.method, path: r.path, resource: r.resource });
    }
    before = new Set(now.map((r) => r.operationId));
  });
  return versions.all.map((v) => byVersion.get(v) as VersionChanges);
}
