/**
 * A plain OpenAPI 3.1 document of a spec's resources, as a team would write it by hand for
 * openapi-typescript: one component schema per record and per sign-in structure, a list and a
 * by-id path per queryable resource, scalars as JSON Schema types and formats, enumerations as
 * integer `enum`s, expandable relations as nullable `$ref`s. None of what specgen's own document
 * adds (per-version availability, `x-` annotations, every error response, query options), so
 * openapi-typescript gets an input of the same resources but of ordinary size.
 *
 *   pnpm tsx tools/bench/plain-openapi.ts <spec.md> <out.json>
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Field, Spec } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';

type Schema = Record<string, unknown>;

const SCALARS: Record<string, Schema> = {
  Int64: { type: 'string', format: 'int64', pattern: '^-?[0-9]+$' },
  Int32: { type: 'integer', format: 'int32' },
  Decimal: { type: 'number' },
  Boolean: { type: 'boolean' },
  String: { type: 'string' },
  DateTimeOffset: { type: 'string', format: 'date-time' },
  TimeSpan: { type: 'string', pattern: '^-?(\\d+\\.)?\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,7})?$' },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function fieldSchema(field: Field, known: Set<string>): Schema {
  const { base, nullable, array } = field.type;
  let item: Schema;
  if (base.kind === 'ref')
    item = known.has(base.target) ? ref(base.target) : { type: 'object', properties: { Id: SCALARS['Int64'] } };
  else if (field.enumeration && !field.enumeration.bitmask)
    item = { type: 'integer', enum: field.enumeration.values.map((v) => v.value) };
  else item = { ...SCALARS[base.scalar], ...(field.maxLength === null ? {} : { maxLength: field.maxLength }) };
  const schema: Schema = array ? { type: 'array', items: item } : item;
  const described = field.notes ? { description: field.notes } : {};
  return nullable || field.expandable
    ? { ...described, anyOf: [schema, { type: 'null' }] }
    : { ...described, ...schema };
}

function objectSchema(fields: Field[], description: string, known: Set<string>): Schema {
  return {
    type: 'object',
    description,
    required: fields.map((f) => f.name),
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, known)])),
  };
}

export function plainOpenApi(spec: Spec): Record<string, unknown> {
  const known = new Set([...spec.resources.map((r) => r.name), ...spec.structures.map((s) => s.name)]);
  const schemas: Record<string, Schema> = {};
  for (const s of spec.structures) schemas[s.name] = objectSchema(s.fields, s.description, known);
  for (const r of spec.resources) schemas[r.name] = objectSchema(r.fields, r.description, known);
  const paths: Record<string, unknown> = {};
  for (const r of spec.resources.filter((x) => x.queryable && x.path)) {
    const ok = (schema: Schema) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
    paths[`/api/v1/${r.path}`] = {
      get: {
        operationId: `list${r.name}`,
        parameters: ['$top', '$skip'].map((name) => ({ name, in: 'query', schema: { type: 'integer' } })),
        responses: ok({ type: 'array', items: ref(r.name) }),
      },
    };
    paths[`/api/v1/${r.path}/{Id}`] = {
      get: {
        operationId: `get${r.name}`,
        parameters: [{ name: 'Id', in: 'path', required: true, schema: SCALARS['Int64'] }],
        responses: ok(ref(r.name)),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: spec.title, version: spec.newestVersion ?? '0' },
    paths,
    components: { schemas },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, out] = process.argv.slice(2);
  if (!file || !out) throw new Error('usage: plain-openapi.ts <spec.md> <out.json>');
  const text = `${JSON.stringify(plainOpenApi(parseSpecFile(file).spec), null, 2)}\n`;
  writeFileSync(out, text);
  process.stdout.write(`wrote ${out}: ${(text.length / 1e6).toFixed(2)} MB\n`);
}
