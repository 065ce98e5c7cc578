/**
 * What the read resources need to know about one IR resource, computed once at startup:
 * its table, its scalar (stored, queryable) fields and its expandable properties.
 */
import { isScalarField, type Field, type Resource, type ScalarKind, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';

export interface ScalarColumn {
  field: Field;
  name: string;
  type: ScalarKind;
  nullable: boolean;
}

/**
 * An expandable property. `single` ones point at one record through the sibling `<Name>Id` field;
 * `list` ones (`X[]`) and singles without such a field hold records owned by the parent.
 */
export interface Expansion {
  field: Field;
  name: string;
  /** Type name of the related record, e.g. `Comments` (its fields are not shown in the spec). */
  target: string;
  shape: 'single' | 'list';
  /** The `<Name>Id` field holding the key of the related record, or null when owned by the parent. */
  keyField: string | null;
}

export interface ResourceModel {
  resource: Resource;
  name: string;
  table: string;
  /** `Inventory/ProductRecords`. */
  path: string;
  permission: string | null;
  columns: ScalarColumn[];
  expansions: Expansion[];
}

/**
 * Decision (docs/decisions/resources.md): a property typed as another resource or structure is
 * expandable whether or not its notes say "Expandable" (SupplierPartLinks and CustomerOrderRowInflows
 * omit the word); it is null unless expanded.
 */
export function isExpandable(f: Field): boolean {
  return f.expandable || f.type.base.kind === 'ref';
}

export function resourceModel(resource: Resource): ResourceModel {
  const names = new Set(resource.fields.map((f) => f.name));
  const columns: ScalarColumn[] = resource.fields
    .filter((f) => isScalarField(f))
    .map((f) => ({
      field: f,
      name: naming.column(f.name),
      type: (f.type.base as { scalar: ScalarKind }).scalar,
      nullable: f.type.nullable,
    }));
  const expansions: Expansion[] = resource.fields
    .filter((f) => !isScalarField(f) && isExpandable(f))
    .map((f) => {
      const target = f.type.base.kind === 'ref' ? f.type.base.target : f.type.text;
      const shape = f.type.array ? 'list' : 'single';
      const keyField = shape === 'single' && names.has(`${f.name}Id`) ? `${f.name}Id` : null;
      return { field: f, name: f.name, target, shape, keyField };
    });
  const area = resource.area ?? 'Common';
  return {
    resource,
    name: resource.name,
    table: naming.table(resource.name),
    path: resource.path ?? `${area}/${resource.name}`,
    permission: resource.permission,
    columns,
    expansions,
  };
}

/** Queryable resources of the spec, as models (all versions). */
export function resourceModels(ctx: { spec: Spec }): ResourceModel[] {
  return ctx.spec.resources.filter((r) => r.queryable).map(resourceModel);
}
