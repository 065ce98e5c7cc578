/**
 * The per-field text of `templates/validators/schema-object.hbs`, made in code rather than in template
 * loops (generate-core's records/record-text.ts says why): the zod object's shape (`shape`) and the
 * fast path's steps and result (`parserSteps`, `parserResult`; what they print is fast-expr.ts's).
 */
import type { ParserField } from './fast-expr.ts';
import type { SchemaField } from './model.ts';
import type { ReaderField } from './text-expr.ts';

/**
 * The shape of a zod object schema, `{` to `}` with one property per field. A reference to one of the
 * spec's own types is a getter, so that modules may import each other.
 */
export function shapeText(fields: readonly SchemaField[]): string {
  const out = ['{\n'];
  for (const f of fields) {
    if (f.lazy) out.push('  get ', f.getter, '() {\n    return ', f.expr, ';\n  },\n');
    else out.push('  ', f.key, ': ', f.expr, ',\n');
  }
  out.push('}');
  return out.join('');
}

/**
 * The fast path's steps (no newline after the last): `INVALID` as a local, then read each value and
 * leave the whole record to zod when it is not valid; a value kept as sent is tested where it is
 * read (two lines), a decoded one is parsed first (three lines). Empty without a fast path.
 */
export function parserSteps(parser: readonly ParserField[] | null): string {
  if (!parser) return '';
  // a local: comparing with `fast.INVALID` loaded the namespace's export at every field
  const lines: string[] = ['  const INVALID = fast.INVALID;'];
  for (const [i, p] of parser.entries()) {
    lines.push(`  const v${i} = ${p.read};`);
    if (p.refuse !== null) lines.push(`  if (${p.refuse}) return INVALID;`);
    else lines.push(`  const f${i} = ${p.expr};`, `  if (f${i} === INVALID) return INVALID;`);
  }
  return lines.join('\n');
}

/** The record the fast path returns, `{` to `}`: each field's key and its value (as sent, or decoded). */
export function parserResult(parser: readonly ParserField[] | null): string {
  if (!parser) return '';
  const out = ['{\n'];
  for (const [i, p] of parser.entries()) out.push('    ', p.key, p.refuse !== null ? `: v${i},\n` : `: f${i},\n`);
  out.push('  }');
  return out.join('');
}

/**
 * The JSON text reader's steps (no newline after the last): `INVALID` and the cursor as locals, then
 * each field's value, read at its place after its key (and the `{` or `,` before it) and checked
 * (text-expr.ts); then the `}`. The gate (`readerGate`) has matched the keys already. Empty without a reader.
 */
export function readerSteps(reader: readonly ReaderField[] | null): string {
  if (!reader) return '';
  const lines: string[] = ['  const INVALID = fast.INVALID;', '  const cursor = read.cursor;'];
  for (const [i, r] of reader.entries()) {
    if (i > 0) lines.push('  at = cursor.at;');
    lines.push(`  const ${r.value} = ${r.head}at + ${r.offset}${r.tail};`, `  if (${r.refuse}) return INVALID;`);
  }
  lines.push('  if (text.charCodeAt(cursor.at) !== 125) return INVALID;', '  cursor.at++;');
  return lines.join('\n');
}

/**
 * The gate of the reader: a sticky regular expression of the whole record, keys and value tokens.
 * Written as `new RegExp("...", 'y')`, not as a literal: the syntax check samples the resource files
 * by the shapes of their lines (generate-core syntax-sample.ts), where a string is one shape and a
 * regular-expression literal, different in every resource, would make every file a new one to parse.
 */
export function readerGate(reader: readonly ReaderField[] | null): string {
  return reader ? `new RegExp(${JSON.stringify(readerGateSource(reader))}, 'y')` : '';
}

/** The gate's source: each field's part, in the record's key order. */
export function readerGateSource(reader: readonly ReaderField[]): string {
  return reader.map((r) => r.gate).join('');
}
