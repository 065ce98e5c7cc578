/**
 * IR -> JSON Schema (2020-12, as OpenAPI 3.1 uses it), once: the scalar kinds of the spec
 * ("Conventions used below"), the type words the structure tables use, and a field as an inline
 * schema. The OpenAPI document (openapi/schemas.ts) and the runtime's request validation
 * (payloads.ts) both build on these, so they cannot disagree on a pattern or a range.
 */
import type { Field, ScalarKind } from '@specgen/ir';
import {
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
  INT64_PATTERN,
  TIME_SPAN_MAX,
  TIME_SPAN_MIN,
  TIMESPAN_PATTERN,
} from './wire-facts/index.ts';

/** The small slice of JSON Schema 2020-12 / OpenAPI 3.1 written here. */
export type JsonSchema = { [key: string]: unknown };

export function scalarSchema(kind: ScalarKind): JsonSchema {
  switch (kind) {
    case 'Int64':
      // Production writes Int64 as JSON strings; readers accept both forms and keep every digit.
      // The pattern states the 64-bit range of the string form; x-minimum/x-maximum say it in words.
      return {
        type: ['string', 'integer'],
        format: 'int64',
        pattern: INT64_PATTERN,
        'x-minimum': String(INT64_MIN),
        'x-maximum': String(INT64_MAX),
      };
    case 'Int32':
      return { type: 'integer', format: 'int32', minimum: INT32_MIN, maximum: INT32_MAX };
    case 'Decimal':
      return { type: 'number', format: 'decimal' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'String':
      return { type: 'string' };
    case 'DateTimeOffset':
      return { type: 'string', format: 'date-time', description: 'ISO 8601 date-time with an offset.' };
    case 'TimeSpan':
      // `[-][d.]hh:mm:ss[.fffffff]`; the pattern also states the range (wire-facts/scalar-ranges.ts).
      return {
        type: 'string',
        pattern: TIMESPAN_PATTERN,
        'x-format': 'timespan',
        'x-minimum': TIME_SPAN_MIN,
        'x-maximum': TIME_SPAN_MAX,
      };
  }
}

/**
 * The spec's scalar kinds that the OpenAPI document states once, as `#/components/schemas/<kind>`
 * (docs/decisions/openapi.md "Scalar kinds as components"): each field refers to its kind with a
 * `$ref` instead of repeating the pattern, format and bounds (the Int64 pattern alone is 1,145
 * characters). Boolean and String stay inline: their schema is shorter than a `$ref`.
 */
export const SCALAR_COMPONENTS: readonly ScalarKind[] = ['Int64', 'Int32', 'Decimal', 'DateTimeOffset', 'TimeSpan'];

const SCALAR_DESCRIPTIONS: Partial<Record<ScalarKind, string>> = {
  Int64: 'Signed 64-bit integer: a JSON string of digits (as production writes it) or a JSON integer.',
  Int32: 'Signed 32-bit integer.',
  Decimal: 'Decimal number.',
  TimeSpan: 'Time span `[-][d.]hh:mm:ss[.fffffff]`, within the range of a .NET TimeSpan.',
};

/**
 * The component name of a scalar kind of {@link SCALAR_COMPONENTS}, or of its nullable form
 * (`NullableInt64`: the same schema with `null` in its `type`). A nullable field refers to the
 * nullable component rather than wrapping the `$ref` in `anyOf: [$ref, {type: null}]`: validators
 * such as ajv run an `anyOf` as two tries (errors made and dropped), which cost a third of ajv's
 * speed on the records of the validators bench (docs/decisions/openapi.md).
 */
export const scalarComponentName = (kind: ScalarKind, nullable: boolean): string =>
  nullable ? `Nullable${kind}` : kind;

/** The component schema of a scalar kind of {@link SCALAR_COMPONENTS}: its inline schema, with a description. */
export function scalarComponent(kind: ScalarKind, nullable: boolean): JsonSchema {
  const schema = nullable ? orNull(scalarSchema(kind), true) : scalarSchema(kind);
  const description = SCALAR_DESCRIPTIONS[kind];
  return description === undefined ? schema : { ...schema, description };
}

/** Whether a field of `kind` refers to a component (Int64, ...) rather than holding its schema (Boolean, String). */
export const isScalarComponent = (kind: ScalarKind): boolean => SCALAR_COMPONENTS.includes(kind);

/** Type words used in structure tables that are not one of the spec's scalar names. */
const SCALAR_WORDS: Record<string, JsonSchema> = {
  Integer: { type: 'integer' },
  Number: { type: 'number' },
  Guid: { type: 'string', format: 'uuid' },
};

export function scalarWord(name: string): JsonSchema | undefined {
  const hit = SCALAR_WORDS[name];
  return hit ? { ...hit } : undefined;
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `{ type: 'null' }`, one frozen object for every `anyOf` that allows null. */
const NULL_SCHEMA: JsonSchema = Object.freeze({ type: 'null' });

/**
 * Nullable `type` arrays (`["string", "null"]`), one frozen array per list of types: a large spec's
 * thousands of nullable fields share a handful (the scalars' and type words' types; a list of other
 * than strings, or beyond the first few lists, gets an array of its own).
 */
const nullableTypes = new Map<string, readonly unknown[]>();
const MAX_NULLABLE_TYPES = 64;
function nullableType(types: readonly unknown[]): readonly unknown[] {
  if (!types.every((t) => typeof t === 'string')) return [...types, 'null'];
  const key = types.join('\n');
  let type = nullableTypes.get(key);
  if (type === undefined) {
    type = Object.freeze([...types, 'null']);
    if (nullableTypes.size < MAX_NULLABLE_TYPES) nullableTypes.set(key, type);
  }
  return type;
}

/**
 * `schema` or null (JSON Schema 2020-12: OpenAPI 3.1 has no `nullable`). `own`: the caller's own
 * new object, which may be changed in place rather than copied (the same keys in the same order).
 */
export function orNull(schema: JsonSchema, own = false): JsonSchema {
  const type = schema['type'];
  let nullable: readonly unknown[] | undefined;
  if (typeof type === 'string' && schema['$ref'] === undefined && schema['enum'] === undefined)
    nullable = nullableType([type]);
  else if (Array.isArray(type) && schema['enum'] === undefined) nullable = nullableType(type);
  else return { anyOf: [schema, NULL_SCHEMA] };
  if (!own) return { ...schema, type: nullable };
  schema['type'] = nullable;
  return schema;
}

/**
 * A field as a self-contained schema (no `$ref`): scalars as above, other references as open
 * objects, arrays, maxLength, null when nullable, notes as description. For request validation.
 */
export function inlineFieldSchema(field: Field): JsonSchema {
  const base = field.type.base;
  let schema: JsonSchema =
    base.kind === 'scalar' ? scalarSchema(base.scalar) : (scalarWord(base.target) ?? { type: 'object' });
  if (field.maxLength !== null) schema = { ...schema, maxLength: field.maxLength };
  if (field.type.array) schema = { type: 'array', items: schema };
  if (field.type.nullable) schema = orNull(schema);
  if (field.notes) schema = { ...schema, description: field.notes };
  return schema;
}
