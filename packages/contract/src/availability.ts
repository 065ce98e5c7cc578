/**
 * What exists at a service version, by the versioning rules of the spec: an endpoint's own
 * `since`, plus rules like "the OIDC endpoints exist from 25.8" (`endpointsFrom`). Generators
 * and the runtime ask here, so a document and a server of the same version list the same routes.
 */
import { availableAt, resourcesAt, type Endpoint, type Resource, type Spec } from '@specgen/ir';

/** Whether an endpoint exists at `version` (null = every version: all of them). */
export function endpointAvailable(spec: Spec, endpoint: Endpoint, version: string | null): boolean {
  if (version === null) return true;
  if (!availableAt(endpoint.since, version)) return false;
  return spec.versioning.every(
    (rule) =>
      rule.rule !== 'endpointsFrom' || !endpoint.path.includes(rule.pathContains) || availableAt(rule.version, version),
  );
}

/** The endpoints of the spec that exist at `version`, in spec order. */
export function endpointsAt(spec: Spec, version: string | null): Endpoint[] {
  return spec.endpoints.filter((e) => endpointAvailable(spec, e, version));
}

/** The read resources served at `version`: queryable ones that exist then. */
export function readResourcesAt(spec: Spec, version: string | null): Resource[] {
  return resourcesAt(spec, version).filter((r) => r.queryable);
}
