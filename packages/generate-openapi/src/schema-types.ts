/** The small slice of OpenAPI 3.1 / JSON Schema 2020-12 the generator writes. */
export type JsonSchema = { [key: string]: unknown };

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** `schema` or null (JSON Schema 2020-12: OpenAPI 3.1 has no `nullable`). */
export function orNull(schema: JsonSchema): JsonSchema {
  const type = schema['type'];
  if (typeof type === 'string' && schema['$ref'] === undefined && schema['enum'] === undefined) return { ...schema, type: [type, 'null'] };
  if (Array.isArray(type) && schema['enum'] === undefined) return { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}
