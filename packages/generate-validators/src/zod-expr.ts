/** The zod expression of one field, built from the scalar helpers of the generated `scalars.ts`. */
import type { Field, Spec } from '@specgen/ir';
import { byValue, isNullable, refTypeName, scalarOf, specNames } from '@specgen/generate-core';
import { naming } from '@specgen/naming';

const SCALAR_EXPR = {
  Int64: 'scalar.int64()',
  Int32: 'scalar.int32()',
  Decimal: 'scalar.decimal()',
  Boolean: 'scalar.boolean()',
  String: 'scalar.string()',
  DateTimeOffset: 'scalar.dateTimeOffset()',
  TimeSpan: 'scalar.timeSpan()',
} as const;

export interface FieldExpr {
  /** The zod expression, e.g. `scalar.int64().nullable()`. */
  expr: string;
  /** A reference to a schema of the spec's own types; rendered as a getter so modules may import each other. */
  lazy: boolean;
}

export function zodExpr(spec: Spec, ownerName: string, field: Field, optional: boolean): FieldExpr {
  const scalar = scalarOf(field);
  // a single scalar without enumeration or length: one expression per kind, nullable and optional
  if (scalar !== null && !field.type.array && !(scalar === 'String' && field.maxLength !== null)) {
    if (!(scalar === 'Int32' && field.enumeration && field.enumeration.values.length > 0)) {
      return PLAIN_EXPRS[scalar][(isNullable(field) ? 2 : 0) + (optional ? 1 : 0)] as FieldExpr;
    }
  }
  let item: string;
  let lazy = false;
  if (scalar !== null) {
    item = scalarExpr(ownerName, field, scalar);
  } else {
    const target = (field.type.base as { target: string }).target;
    item = naming.schema(refTypeName(spec, target));
    const names = specNames(spec);
    lazy = names.resources.has(target) || names.structures.has(target);
  }
  let expr = field.type.array ? `z.array(${item})` : item;
  if (isNullable(field)) expr += '.nullable()';
  if (optional) expr += '.optional()';
  return { expr, lazy };
}

/** zodExpr of a plain single scalar of each kind, by nullable (2) plus optional (1). */
const PLAIN_EXPRS = Object.fromEntries(
  Object.entries(SCALAR_EXPR).map(([kind, expr]) => [
    kind,
    [expr, `${expr}.optional()`, `${expr}.nullable()`, `${expr}.nullable().optional()`].map((e) =>
      Object.freeze({ expr: e, lazy: false }),
    ),
  ]),
) as Record<keyof typeof SCALAR_EXPR, FieldExpr[]>;

function scalarExpr(ownerName: string, field: Field, scalar: keyof typeof SCALAR_EXPR): string {
  const e = field.enumeration;
  if (scalar === 'Int32' && e && e.values.length > 0) {
    const typeName = naming.enumType(ownerName, field.name);
    if (e.bitmask) {
      const all = e.values.reduce((mask, v) => mask | v.value, 0);
      return `scalar.bitmask(${all}, '${typeName}')`;
    }
    const values = byValue(e.values);
    const described = values.map((v) => `${v.value} (${v.name})`).join(', ');
    return `scalar.enumeration([${values.map((v) => v.value).join(', ')}], '${typeName}', ${JSON.stringify(described)})`;
  }
  if (scalar === 'String' && field.maxLength !== null) return `scalar.string(${field.maxLength})`;
  return SCALAR_EXPR[scalar];
}
