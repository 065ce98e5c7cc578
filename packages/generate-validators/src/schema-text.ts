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
  let out = '{\n';
  for (const f of fields) {
    if (f.lazy) out += `  get ${f.getter}() {\n    return ${f.expr};\n  },\n`;
    else out += `  ${f.key}: ${f.expr},\n`;
  }
  return `${out}}`;
}

/**
 * The fast path's steps (no newline after the last): `INVALID` as a local, then read each value and
 * leave the whole record to zod when it is not valid; a value kept as sent is tested where it is
 * read (two lines), a decoded one is parsed first (three lines). Empty without a fast path.
 */
export function parserSteps(parser: readonly ParserField[] | null): string {
  if (!parser) return '';
  // a local: comparing with `fast.INVALID` loaded the namespace's export at every field
  let out = '  const INVALID = fast.INVALID;';
  for (let i = 0; i < parser.length; i++) {
    const p = parser[i] as ParserField;
    out += indexed(V_DECLS, i, '\n  const v', ' = ');
    out += p.read;
    if (p.refuse !== null) out += `;\n  if (${p.refuse}) return INVALID;`;
    else {
      out += indexed(F_DECLS, i, ';\n  const f', ' = ');
      out += p.expr;
      out += indexed(F_CHECKS, i, ';\n  if (f', ' === INVALID) return INVALID;');
    }
  }
  return out;
}

/**
 * `${before}${i}${after}` for a table of such texts (one string per index: the steps' fixed parts
 * around `v<i>` and `f<i>`, the same in every record).
 */
function indexed(table: string[], i: number, before: string, after: string): string {
  let text = table[i];
  if (text === undefined) {
    text = `${before}${i}${after}`;
    table[i] = text;
  }
  return text;
}
const V_DECLS: string[] = [];
const F_DECLS: string[] = [];
const F_CHECKS: string[] = [];
const V_RESULTS: string[] = [];
const F_RESULTS: string[] = [];

/** The record the fast path returns, `{` to `}`: each field's key and its value (as sent, or decoded). */
export function parserResult(parser: readonly ParserField[] | null): string {
  if (!parser) return '';
  let out = '{\n';
  for (let i = 0; i < parser.length; i++) {
    const p = parser[i] as ParserField;
    out += `    ${p.key}`;
    out += p.refuse !== null ? indexed(V_RESULTS, i, ': v', ',\n') : indexed(F_RESULTS, i, ': f', ',\n');
  }
  return `${out}  }`;
}

/**
 * The JSON text reader's steps (no newline after the last): `INVALID` and the cursor as locals, then
 * each field's value, read at its place after its key (and the `{` or `,` before it) and checked
 * (text-expr.ts); then the `}`. The gate (`readerGate`) has matched the keys already. Empty without a reader.
 */
export function readerSteps(reader: readonly ReaderField[] | null): string {
  if (!reader) return '';
  let out = '  const INVALID = fast.INVALID;\n  const cursor = read.cursor;';
  for (let i = 0; i < reader.length; i++) {
    const r = reader[i] as ReaderField;
    if (i > 0) out += '\n  at = cursor.at;';
    out += `\n  const ${r.value} = ${r.head}at + ${r.offset}${r.tail};\n  if (${r.refuse}) return INVALID;`;
  }
  return `${out}\n  if (text.charCodeAt(cursor.at) !== 125) return INVALID;\n  cursor.at++;`;
}

/**
 * The gate of the reader: a sticky regular expression of the whole record, keys and value tokens.
 * Written as `new RegExp("...", 'y')`, not as a literal: the syntax check samples the resource files
 * by the shapes of their lines (generate-core syntax-sample.ts), where a string is one shape and a
 * regular-expression literal, different in every resource, would make every file a new one to parse.
 */
export function readerGate(source: string): string {
  return `new RegExp(${JSON.stringify(source)}, 'y')`;
}

/** The gate's source: each field's part, in the record's key order. */
export function readerGateSource(reader: readonly ReaderField[]): string {
  return reader.map((r) => r.gate).join('');
}
