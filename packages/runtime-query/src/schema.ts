/**
 * What the query layer needs to know about a resource as of one service version. Built once per
 * resource and version at startup (see runtime-resources), never per request.
 */
export type ScalarType = 'Int64' | 'Int32' | 'Decimal' | 'Boolean' | 'String' | 'DateTimeOffset' | 'TimeSpan';

export interface QueryField {
  name: string;
  type: ScalarType;
  nullable: boolean;
  /** Enumerated values by name (the spec's spelling), for Int32 enumerations and bitmasks. */
  enumValues: ReadonlyMap<string, number> | null;
  bitmask: boolean;
}

export interface QuerySchema {
  resource: string;
  /** Scalar fields available at the version: usable in $filter, $orderby, $select. */
  fields: ReadonlyMap<string, QueryField>;
  /** Expandable properties available at the version: usable in $expand and $select. */
  expandable: ReadonlySet<string>;
  /** Fields of the resource introduced after the version, with their since version (for messages). */
  later: ReadonlyMap<string, string>;
  /** The service version the schema describes, for messages. */
  version: string | null;
  /** Page size when $top is absent, and the largest $top accepted. */
  defaultTop: number;
  maxTop: number;
}

/** Typed values as the store keeps them in typed columns. */
export type ScalarValue =
  | bigint // Int64; DateTimeOffset as microseconds since 1970-01-01T00:00:00Z; TimeSpan as ticks (100 ns)
  | number // Int32, Decimal
  | boolean
  | string;

/** Field name lookup with a hint when only the case differs. */
export function describeUnknownField(schema: QuerySchema, name: string): string {
  const since = schema.later.get(name);
  if (since !== undefined) {
    return `field "${name}" is not available in service version ${schema.version} (introduced in ${since})`;
  }
  const all = [...schema.fields.keys(), ...schema.expandable];
  const sameCase = all.find((f) => f.toLowerCase() === name.toLowerCase());
  return sameCase ? `unknown field "${name}" (did you mean "${sameCase}"?)` : `unknown field "${name}"`;
}
