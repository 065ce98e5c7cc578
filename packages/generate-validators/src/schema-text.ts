/**
 * The shape of a zod object schema, `{` to `}` with one property per field, made in code rather than
 * in a template loop (`templates/validators/schema-object.hbs` prints it as `shape`; generate-core's
 * records/record-text.ts says why). A reference to one of the spec's own types is a getter, so that
 * modules may import each other.
 */
import type { SchemaField } from './model.ts';

export function shapeText(fields: readonly SchemaField[]): string {
  const out = ['{\n'];
  for (const f of fields) {
    if (f.lazy) out.push('  get ', f.getter, '() {\n    return ', f.expr, ';\n  },\n');
    else out.push('  ', f.key, ': ', f.expr, ',\n');
  }
  out.push('}');
  return out.join('');
}
