/**
 * A resource as of one service version: the fields a response carries, the query schema the
 * options are checked against, and whether the stored JSON text can be sent as it is.
 * Built once per resource at startup.
 */
import { availableAt, type Field } from '@specgen/ir';
import type { QueryField, QuerySchema } from '@specgen/runtime-query';
import type { Expansion, ResourceModel, ScalarColumn } from './model.ts';
import { isExpandable } from './model.ts';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface ResourceView {
  model: ResourceModel;
  version: string | null;
  /** Field names of a response at this version, in spec order. */
  fieldNames: string[];
  /** True when every field of the spec exists at this version: the stored JSON is the response. */
  complete: boolean;
  schema: QuerySchema;
  expansions: Map<string, Expansion>;
}

function queryField(c: ScalarColumn): QueryField {
  const e = c.field.enumeration;
  return {
    name: c.name,
    type: c.type,
    nullable: c.nullable,
    enumValues: e ? new Map(e.values.map((v) => [v.name, v.value])) : null,
    bitmask: e?.bitmask ?? false,
  };
}

export function resourceView(model: ResourceModel, version: string | null): ResourceView {
  const at = (f: Field) => version === null || availableAt(f.since, version);
  const visible = model.resource.fields.filter(
    (f) => at(f) && (f.type.base.kind === 'scalar' ? !f.type.array : isExpandable(f)),
  );
  const later = new Map(model.resource.fields.filter((f) => !at(f)).map((f) => [f.name, f.since ?? '']));
  const columns = model.columns.filter((c) => at(c.field));
  const expansions = new Map(model.expansions.filter((x) => at(x.field)).map((x) => [x.name, x]));
  return {
    model,
    version,
    fieldNames: visible.map((f) => f.name),
    complete: later.size === 0,
    expansions,
    schema: {
      resource: model.name,
      fields: new Map(columns.map((c) => [c.name, queryField(c)])),
      expandable: new Set(expansions.keys()),
      later,
      version,
      defaultTop: DEFAULT_PAGE_SIZE,
      maxTop: MAX_PAGE_SIZE,
    },
  };
}
