/**
 * The full record schema of a resource, taken from the generated OpenAPI document
 * (`@service-api/openapi`, generated/openapi/openapi.json) and made standalone: every
 * `#/components/schemas/X` it reaches is copied into `$defs` and the `$ref`s point there, so ajv
 * 2020 compiles this one schema and nothing else of the document.
 */
const COMPONENTS = '#/components/schemas/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface OpenApiDocument {
  components: { schemas: Record<string, Json> };
}

/** The component `name` with the components it refers to (transitively) under `$defs`. */
export function standaloneSchema(document: OpenApiDocument, name: string): Record<string, Json> {
  const schemas = document.components.schemas;
  const defs: Record<string, Json> = {};
  const pending = [name];
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)) {
        const target = value.slice(COMPONENTS.length);
        if (!(target in schemas)) throw new Error(`${name}: $ref to a missing component ${value}`);
        pending.push(target);
        out[key] = `#/$defs/${target}`;
      } else {
        out[key] = rewrite(value);
      }
    }
    return out;
  };
  const root = schemas[name];
  if (root === undefined || root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new Error(`the OpenAPI document has no component schema ${name}`);
  }
  const schema = rewrite(root) as Record<string, Json>;
  pending.shift();
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    if (next in defs) continue;
    defs[next] = null; // reserve first: components may refer to each other
    defs[next] = rewrite(schemas[next]!);
  }
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema, $defs: defs };
}

/**
 * Checks that `schema` is the full record (every field of `fields` required), not a partial one
 * such as a `$select` projection: the comparison is only fair against the whole record.
 */
export function assertFullRecord(name: string, schema: Record<string, Json>, fields: readonly string[]): void {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const missing = fields.filter((f) => !required.has(f));
  if (missing.length > 0)
    throw new Error(`${name} in the OpenAPI document is not the full record: ${missing.join(', ')} not required`);
}
