/**
 * What a record must look like at the version, from the contract's OpenAPI document: one
 * validator per field (the document's property schema of the record, `$ref`s resolved) with
 * @cfworker/json-schema, a validator independent of the ajv the sandbox uses.
 */
import { dereference, validate, Validator, type Schema } from '@cfworker/json-schema';
import { buildDocument, SCHEMA_NAMES, signInSchemas, type JsonSchema } from '@specgen/contract';
import type { Spec } from '@specgen/ir';

const DOC_ID = 'https://verify.invalid/openapi.json';
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const built = new WeakMap<Spec, Map<string, Schemas>>();

export class Schemas {
  /** The schemas of a spec at a version, built once (the document is the costly part). */
  static of(spec: Spec, version: string): Schemas {
    const byVersion = built.get(spec) ?? new Map<string, Schemas>();
    built.set(spec, byVersion);
    const schemas = byVersion.get(version) ?? new Schemas(spec, version);
    byVersion.set(version, schemas);
    return schemas;
  }

  /** Every subschema of the document by its absolute URI, built once (dereference). */
  private readonly lookup: Record<string, Schema | boolean>;
  private readonly validators = new Map<string, Validator>();
  readonly signIn: ReturnType<typeof signInSchemas>;

  constructor(spec: Spec, version: string) {
    this.lookup = dereference(
      structuredClone(buildDocument(spec, { serviceVersion: version })) as Schema,
      Object.create(null),
      new URL(DOC_ID),
    );
    this.signIn = signInSchemas(spec);
  }

  /** Problems of one field value against the document's schema of that field (empty when it holds). */
  field(resource: string, field: string, value: unknown): string[] {
    return this.validate(
      `#/components/schemas/${pointer(SCHEMA_NAMES.record(resource))}/properties/${pointer(field)}`,
      value,
    );
  }

  /** Problems of a value against a self-contained schema of the contract (sign-in bodies). */
  inline(key: string, schema: JsonSchema, value: unknown): string[] {
    const v = this.validators.get(key) ?? new Validator(schema as Schema, '2020-12', false);
    this.validators.set(key, v);
    return describe(v.validate(value));
  }

  private validate(ref: string, value: unknown): string[] {
    const schema = this.lookup[`${DOC_ID}${ref}`];
    if (schema === undefined) return [`the document has no schema at ${ref}`];
    return describe(validate(value, schema, '2020-12', this.lookup, false));
  }
}

function describe(result: {
  valid: boolean;
  errors: Array<{ instanceLocation: string; error: string; keyword: string }>;
}): string[] {
  if (result.valid) return [];
  // The innermost errors say what failed (type, pattern, enum, minimum); the outer ones only that a $ref failed.
  const inner = result.errors.filter((e) => !['$ref', 'properties', 'anyOf', 'allOf'].includes(e.keyword));
  return [...new Set((inner.length > 0 ? inner : result.errors).map((e) => e.error))].slice(0, 3);
}
