/**
 * What changed in each service version, from the since-data of the spec: resources and fields
 * that appeared, fields that became obsolete (and their replacement), and routes that appeared
 * (a route is new in the first version it exists in by the contract's availability, so rules like
 * "the OIDC endpoints exist from 25.8" count, not only an endpoint's own since; read routes come
 * with their resource).
 */
import { endpointAvailable, routes } from '@specgen/contract';
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
  const byVersion = new Map(
    versions.all.map((v): [string, VersionChanges] => [
      v,
      { version: v, resourcesAdded: [], fieldsAdded: [], fieldsObsolete: [], endpointsAdded: [] },
    ]),
  );
  for (const r of spec.resources) {
    const area = areaOf(r);
    if (r.introduced)
      byVersion.get(r.introduced)?.resourcesAdded.push({ name: r.name, area, description: r.description });
    for (const f of r.fields) {
      // a field as old as its resource is part of the resource's appearance, not a change of its own
      if (f.since && f.since !== r.introduced)
        byVersion.get(f.since)?.fieldsAdded.push({ resource: r.name, area, field: f.name, type: f.type.text });
      if (f.obsolete)
        byVersion.get(f.obsolete.since)?.fieldsObsolete.push({
          resource: r.name,
          area,
          field: f.name,
          type: f.type.text,
          replacedBy: f.obsolete.replacedBy,
        });
    }
  }
  const ascending = [...versions.all].reverse();
  for (const r of routes(spec, null)) {
    // a read route comes with its resource; a sign-in endpoint by its own since and the versioning rules
    const endpoint = r.endpoint === null ? undefined : spec.endpoints.find((e) => e.id === r.endpoint);
    const from = endpoint ? ascending.find((v) => endpointAvailable(spec, endpoint, v)) : r.since;
    if (from && from !== ascending[0])
      byVersion
        .get(from)
        ?.endpointsAdded.push({ operationId: r.operationId, method: r.method, path: r.path, resource: r.resource });
  }
  return versions.all.map((v) => byVersion.get(v) as VersionChanges);
}
