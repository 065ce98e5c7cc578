/**
 * The TypeScript type of a field, as seen by a reader of decoded records.
 * Int64 is `bigint` (the service sends 64-bit ids, some above 2^53); DateTimeOffset and
 * TimeSpan stay strings so that the offset and the .NET duration text survive unchanged.
 */
import type { Field, ScalarKind, Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';

export const SCALAR_TS: Record<ScalarKind, string> = {
  Int64: 'bigint',
  Int32: 'number',
  Decimal: 'number',
  Boolean: 'boolean',
  String: 'string',
  DateTimeOffset: 'string',
  TimeSpan: 'string',
};

/** The spec writes `Integer` for the TOTP code; it is read as Int32. */
const SCALAR_ALIASES: Record<string, ScalarKind> = { Integer: 'Int32' };

/** The scalar kind of a field, or null for a reference to another type. */
export function scalarOf(field: Field): ScalarKind | null {
  const base = field.type.base;
  if (base.kind === 'scalar') return base.scalar;
  return SCALAR_ALIASES[base.target] ?? null;
}

interface SpecIndex {
  resources: Set<string>;
  structures: Set<string>;
  /** refTypeName by target: looked up for every relation field by every target. */
  typeNames: Map<string, string>;
}

const indexes = new WeakMap<Spec, SpecIndex>();

/** Names of the spec's own resources and structures, as sets (looked up for every relation field). */
export function specNames(spec: Spec): { resources: Set<string>; structures: Set<string> } {
  return specIndex(spec);
}

function specIndex(spec: Spec): SpecIndex {
  let index = indexes.get(spec);
  if (!index) {
    index = {
      resources: new Set(spec.resources.map((r) => r.name)),
      structures: new Set(spec.structures.map((s) => s.name)),
      typeNames: new Map(),
    };
    indexes.set(spec, index);
  }
  return index;
}

/** Name of the TypeScript type a reference points to: a resource, a structure or an open reference type. */
export function refTypeName(spec: Spec, target: string): string {
  const index = specIndex(spec);
  let name = index.typeNames.get(target);
  if (name === undefined) {
    name = index.structures.has(target) ? naming.structureType(target) : naming.recordType(target);
    index.typeNames.set(target, name);
  }
  return name;
}

/** Name of the enumeration type of an Int32 field with stated values, else null. */
export function enumTypeName(ownerName: string, field: Field): string | null {
  return field.enumeration && field.enumeration.values.length > 0 ? naming.enumType(ownerName, field.name) : null;
}

/**
 * Relations (references to other types) are null in the default shape: the spec marks them
 * "Expandable", and even where it does not, an object cannot be sent unless it was expanded.
 */
export function isNullable(field: Field): boolean {
  return field.type.nullable || field.expandable || (field.type.base.kind === 'ref' && scalarOf(field) === null);
}

export function tsType(spec: Spec, ownerName: string, field: Field): string {
  const scalar = scalarOf(field);
  let item: string;
  if (scalar !== null) item = enumTypeName(ownerName, field) ?? SCALAR_TS[scalar];
  else item = refTypeName(spec, (field.type.base as { target: string }).target);
  const list = field.type.array ? `${item}[]` : item;
  return isNullable(field) ? nullableType(list) : list;
}

/**
 * `T | null`, one string per type: most fields' types repeat (`string | null`), and a field view holds its
 * type as long as the records model lives. Forgotten past 20,000 types.
 */
function nullableType(type: string): string {
  let text = NULLABLE_TYPES.get(type);
  if (text === undefined) {
    if (NULLABLE_TYPES.size >= 20_000) NULLABLE_TYPES.clear();
    text = `${type} | null`;
    NULLABLE_TYPES.set(type, text);
  }
  return text;
}
const NULLABLE_TYPES = new Map<string, string>();

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key: bare when it is an identifier, else quoted. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}
