/**
 * The resource as the `$filter` evaluator of @specgen/runtime-query sees it at a version (the
 * scalar fields with their types, enumerations and bitmasks), and returned rows as the typed
 * values that evaluator compares: Int64 exact (bigint), date-times as instants, time spans as ticks.
 */
import { isRelation } from '@specgen/contract';
import { fieldsAt, type Field, type Resource } from '@specgen/ir';
import {
  checkFilter,
  compareValues,
  parseDateTimeOffset,
  parseFilter,
  parseInt64,
  parseTimeSpan,
  type Condition,
  type QueryField,
  type QuerySchema,
  type ScalarValue,
  type TypedRecord,
} from '@specgen/runtime-query';
import { numberText } from './json-body.ts';

const isScalar = (f: Field) => f.type.base.kind === 'scalar' && !f.type.array;

export function querySchema(resource: Resource, version: string): QuerySchema {
  const at = fieldsAt(resource, version);
  const later = resource.fields.filter((f) => !at.includes(f));
  const fields = new Map<string, QueryField>();
  for (const f of at.filter(isScalar)) {
    const e = f.enumeration;
    fields.set(f.name, {
      name: f.name,
      type: f.type.base.kind === 'scalar' ? f.type.base.scalar : 'String',
      nullable: f.type.nullable,
      enumValues: e ? new Map(e.values.map((v) => [v.name, v.value])) : null,
      bitmask: e?.bitmask ?? false,
    });
  }
  return {
    resource: resource.name,
    fields,
    expandable: new Set(at.filter(isRelation).map((f) => f.name)),
    later: new Map(later.map((f) => [f.name, f.since ?? ''])),
    version,
    defaultTop: Number.MAX_SAFE_INTEGER,
    maxTop: Number.MAX_SAFE_INTEGER,
  };
}

/** A `$filter` text checked against the schema (throws QueryError when the verifier wrote a bad one). */
export function condition(schema: QuerySchema, filter: string): Condition {
  return checkFilter(parseFilter(filter), schema);
}

/** One value as the evaluator's typed value; undefined when it is not of the field's type. */
export function typedValue(field: QueryField, raw: unknown): ScalarValue | null | undefined {
  if (raw === null) return null;
  const text = numberText(raw);
  switch (field.type) {
    case 'Int64': {
      const p = parseInt64(text ?? (typeof raw === 'string' ? raw : ''));
      return p.ok ? p.value : undefined;
    }
    case 'Int32':
    case 'Decimal':
      return text !== null ? Number(text) : undefined;
    case 'Boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'String':
      return typeof raw === 'string' ? raw : undefined;
    case 'DateTimeOffset': {
      const p = typeof raw === 'string' ? parseDateTimeOffset(raw) : null;
      return p?.ok ? p.value : undefined;
    }
    case 'TimeSpan': {
      const p = typeof raw === 'string' ? parseTimeSpan(raw) : null;
      return p?.ok ? p.value : undefined;
    }
  }
}

/** The scalar fields of a returned row as typed values (fields it lacks or of the wrong type are left out). */
export function typedRecord(schema: QuerySchema, row: Record<string, unknown>): TypedRecord {
  const out: Record<string, ScalarValue | null> = {};
  for (const [name, field] of schema.fields) {
    if (!(name in row)) continue;
    const v = typedValue(field, row[name]);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** A `$filter` literal for a typed value of the field: digits, a number, true/false or a quoted string. */
export function literal(field: QueryField, value: ScalarValue): string | null {
  if (typeof value === 'bigint') return field.type === 'Int64' ? value.toString() : null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return field.type === 'String' ? `'${value.replace(/'/g, "''")}'` : null;
}

/** Compare as `$orderby` sorts: nulls first ascending (so last descending). */
export function compareNullable(a: ScalarValue | null | undefined, b: ScalarValue | null | undefined): number {
  const x = a ?? null;
  const y = b ?? null;
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  return compareValues(x, y);
}
