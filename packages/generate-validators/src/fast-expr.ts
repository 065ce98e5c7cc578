/**
 * The fast path of one object schema: a plain function, printed beside the zod schema, that checks
 * and decodes a whole record with the helpers of the generated `fast.ts` and returns the value the
 * zod schema would return, or `fast.INVALID` for zod to decide (docs/decisions/validators.md).
 * Mirrors zod-expr.ts field by field.
 */
import type { Field, Spec } from '@specgen/ir';
import { isIdentifier, isNullable, propertyKey, refTypeName, scalarOf } from '@specgen/generate-core';
import { naming } from '@specgen/naming';

const SCALAR_PARSER = {
  Int64: 'fast.int64',
  Int32: 'fast.int32',
  Decimal: 'fast.decimal',
  Boolean: 'fast.boolean',
  String: 'fast.string',
  DateTimeOffset: 'fast.dateTimeOffset',
  TimeSpan: 'fast.timeSpan',
} as const;

export interface ParserField {
  /** The key as a property name in the output literal (`Id`, `"Odd-Key"`). */
  key: string;
  /** The read of the field from `input`: `input.Id`, `input["Odd-Key"]`. */
  read: string;
  /** The expression that parses `v<i>` (the field's input value). */
  expr: string;
}

/**
 * The fields of the parser, or null when the schema gets none: an optional field (zod keeps an
 * absent key absent, which a plain literal cannot say) or a `__proto__` key (a literal would set
 * the prototype). Such schemas stay on zod's compiled parser.
 */
export function parserFields(
  spec: Spec,
  fields: readonly Field[],
  optional: ReadonlyMap<string, boolean>,
): ParserField[] | null {
  if (fields.some((f) => optional.get(f.name) === true || f.name === '__proto__')) return null;
  return fields.map((f, i) => ({
    key: propertyKey(f.name),
    read: isIdentifier(f.name) ? `input.${f.name}` : `input[${JSON.stringify(f.name)}]`,
    expr: fieldExpr(spec, f, `v${i}`),
  }));
}

function fieldExpr(spec: Spec, field: Field, input: string): string {
  const item = (value: string) => itemExpr(spec, field, value);
  let expr: string;
  if (!field.type.array) {
    expr = item(input);
  } else if (scalarOf(field) === null) {
    expr = `fast.arrayOf(${input}, ${refSchema(spec, field)})`;
  } else {
    expr = `fast.array(${input}, (item) => ${item('item')})`;
  }
  return isNullable(field) ? `${input} === null ? null : ${expr}` : expr;
}

function refSchema(spec: Spec, field: Field): string {
  return naming.schema(refTypeName(spec, (field.type.base as { target: string }).target));
}

/** One value of the field's item type. */
function itemExpr(spec: Spec, field: Field, value: string): string {
  const scalar = scalarOf(field);
  if (scalar === null) return `fast.nested(${refSchema(spec, field)}, ${value})`;
  const e = field.enumeration;
  if (scalar === 'Int32' && e && e.values.length > 0) {
    if (e.bitmask) return `fast.bitmask(${value}, ${e.values.reduce((mask, v) => mask | v.value, 0)})`;
    const values = [...e.values].map((v) => v.value).sort((a, b) => a - b);
    return `(${values.map((v) => `${value} === ${v}`).join(' || ')} ? ${value} : fast.INVALID)`;
  }
  if (scalar === 'String' && field.maxLength !== null) return `fast.stringOf(${value}, ${field.maxLength})`;
  return `${SCALAR_PARSER[scalar]}(${value})`;
}
