/**
 * What the page's data explorer needs to know about the read resources, computed once from the
 * IR at start-up and embedded in the page's JSON config (the same facts /openapi.json publishes,
 * without making the browser parse the whole document): each resource's path under
 * `/{languageCode}/{companyNumber}`, its permission, and its scalar fields in spec order as of the
 * configured service version. The page shows the resources whose permission the session has.
 */
import { routes, withinPrefix } from '@specgen/contract';
import { fieldsAt, isScalarField, resourcesAt, type Spec } from '@specgen/ir';

export interface ExplorerField {
  name: string;
  /** The scalar kind (Int64, Decimal, ...): the page keeps Int64 and Decimal values as the exact text sent. */
  type: string;
  /** Enumeration names by value, for a readable cell (`4 Inventory`). */
  values: Record<string, string> | null;
}

export interface ExplorerResource {
  name: string;
  /** `/api/v1/Inventory/ProductRecords`: appended to `/{languageCode}/{companyNumber}`. */
  path: string;
  permission: string | null;
  fields: ExplorerField[];
}

/** The read resources the server serves at the version, with their list paths from the contract's route table. */
export function explorerResources(spec: Spec, serviceVersion: string | null): ExplorerResource[] {
  const lists = new Map(
    routes(spec, serviceVersion)
      .filter((r) => r.kind === 'list')
      .map((r) => [r.resource, withinPrefix(r.path)]),
  );
  return resourcesAt(spec, serviceVersion)
    .filter((r) => lists.has(r.name))
    .map((r) => ({
      name: r.name,
      path: lists.get(r.name)!,
      permission: r.permission,
      fields: fieldsAt(r, serviceVersion)
        .filter(isScalarField)
        .map((f) => ({
          name: f.name,
          type: f.type.base.kind === 'scalar' ? f.type.base.scalar : f.type.text,
          values:
            f.enumeration && !f.enumeration.bitmask
              ? Object.fromEntries(f.enumeration.values.map((v) => [String(v.value), v.name]))
              : null,
        })),
    }));
}
