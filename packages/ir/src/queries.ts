/** Read-only questions later stages ask of the IR. */
import type { Field, Resource, Spec } from './schema.ts';
import { availableAt } from './version.ts';

export function findResource(spec: Spec, name: string): Resource | undefined {
  return spec.resources.find((r) => r.name === name);
}

/** Fields of a resource that exist at service version `version` (all when null). */
export function fieldsAt(resource: Resource, version: string | null): Field[] {
  return version === null ? resource.fields : resource.fields.filter((f) => availableAt(f.since, version));
}

/** Resources that exist at service version `version` (all when null). */
export function resourcesAt(spec: Spec, version: string | null): Resource[] {
  return version === null ? spec.resources : spec.resources.filter((r) => availableAt(r.introduced, version));
}

/** A field that holds a scalar value and can be stored in a column (not an expandable object or list). */
export function isScalarField(f: Field): boolean {
  return f.type.base.kind === 'scalar' && !f.type.array;
}
