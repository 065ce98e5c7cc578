/**
 * The read path of a resource: `spec.readPathPrefix` (e.g. `/{languageCode}/{companyNumber}/api/v1`
 * or a template with `{path}`) followed by the resource's path (`Inventory/ProductRecords`), or
 * `<Area>/<Resource>` when the spec gives no path.
 */
import type { Resource, Spec } from '@specgen/ir';

/** The tail after the read prefix: the resource's own path, else `<Area>/<Name>`, else `<Name>`. */
export function resourceTail(resource: Resource): string {
  return resource.path ?? (resource.area ? `${resource.area}/${resource.name}` : resource.name);
}

/** `/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords`. */
export function collectionPath(spec: Spec, resource: Resource): string {
  const tail = resourceTail(resource);
  const prefix = spec.readPathPrefix;
  return prefix.includes('{path}') ? prefix.replace('{path}', tail) : `${prefix.replace(/\/$/, '')}/${tail}`;
}

/** The path of one record: the collection path and `/{Id}`. */
export function recordPath(spec: Spec, resource: Resource): string {
  return `${collectionPath(spec, resource)}/{Id}`;
}
