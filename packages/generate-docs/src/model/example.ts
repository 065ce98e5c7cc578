/**
 * Example requests and answers of a read resource: a curl command for a list read, and the
 * answer built from the seed data's value generator (@specgen/contract seed-values), so the
 * example shows the values a sandbox seeded with `data seed` answers.
 */
import { collectionPath, seedValue, SESSION_HEADER } from '@specgen/contract';
import { isScalarField, type Field, type Resource, type ScalarKind, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';

/** The address of the sandbox (`pnpm start`) and the path parameters the examples use. */
export const EXAMPLE_BASE_URL = 'http://localhost:8001';
const EXAMPLE_PARAMS: Record<string, string> = { languageCode: 'en', companyNumber: '1' };

/** `/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords` -> `/en/1/api/v1/Inventory/ProductRecords`. */
export function examplePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => EXAMPLE_PARAMS[name] ?? `{${name}}`);
}

/** A list read of the first two records with `$top`, signed in with the session header. */
export function exampleCurl(spec: Spec, resource: Resource): string {
  const url = `${EXAMPLE_BASE_URL}${examplePath(collectionPath(spec, resource))}?$top=2`;
  return `curl -H '${SESSION_HEADER}: <session id from POST /en/1/login>' '${url}'`;
}

/** Record `index` of the resource as the seeded sandbox answers it, with the fields of `fields` only. */
export function exampleRecord(
  fields: readonly Field[],
  allFields: readonly Field[],
  index: number,
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of fields) {
    if (!isScalarField(field)) {
      record[naming.column(field.name)] = null; // expandable properties are null unless $expand names them
      continue;
    }
    // `salt` is the field's position among the stored (scalar) columns, as `data seed` counts it
    const salt = allFields.filter(isScalarField).indexOf(field);
    const column = {
      field,
      name: naming.column(field.name),
      type: (field.type.base as { scalar: ScalarKind }).scalar,
      nullable: field.type.nullable,
    };
    record[column.name] = seedValue(column, index, salt);
  }
  return record;
}

/** The JSON body of a list answer with records 1 and 2, two-space indented. */
export function exampleAnswer(fields: readonly Field[], allFields: readonly Field[]): string {
  return JSON.stringify([exampleRecord(fields, allFields, 1), exampleRecord(fields, allFields, 2)], null, 2);
}
