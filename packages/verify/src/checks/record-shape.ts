/**
 * The shape of records in the default answer: every field of the version present, no field of a
 * later version and no unknown field, and each value as the contract's JSON Schema of that field
 * says (type, nullability, range, enum, format), with integers written as integers and Int64 kept
 * exact. One finding per field and problem, pointing at the field's row.
 */
import { fieldsAt, type Field, type Resource } from '@specgen/ir';
import type { RunContext } from '../context.ts';
import type { Shown } from '../expect.ts';
import { canonical, numberText, plain } from '../json-body.ts';
import type { Row } from './read.ts';

const INTEGER_KINDS = new Set(['Int64', 'Int32']);

export function checkRecordShape(
  ctx: RunContext,
  r: Resource,
  rows: Row[],
  shown: Shown,
  check = 'resource.fields',
): void {
  const at = fieldsAt(r, ctx.version);
  const known = new Map(r.fields.map((f) => [f.name, f]));
  const add = (subject: string, f: Field | null, message: string, expected: string, actual: string) =>
    ctx.findings.add({ check, subject, at: f?.source ?? r.source, request: shown, message, expected, actual });

  for (const f of at) {
    ctx.findings.check();
    const missing = rows.filter((row) => !(f.name in row)).length;
    if (missing > 0)
      add(
        `${r.name}.${f.name}`,
        f,
        `absent from ${missing} of ${rows.length} records (${f.since ? `a field since ${f.since}` : 'a field of every version'})`,
        `${f.name} in every record`,
        `absent in ${missing} records`,
      );
  }
  const extra = new Set(rows.flatMap((row) => Object.keys(row)).filter((k) => !at.some((f) => f.name === k)));
  for (const name of extra) {
    ctx.findings.check();
    const f = known.get(name);
    if (f)
      add(
        `${r.name}.${name}`,
        f,
        `present at ${ctx.version}, but the field was introduced in ${f.since}`,
        `no ${name} before ${f.since}`,
        `${name} present`,
      );
    else
      add(
        `${r.name}.${name}`,
        null,
        `an unknown field: the spec lists no ${name} for ${r.name}`,
        `only the fields of ${r.name}`,
        `${name} present`,
      );
  }
  for (const f of at) {
    ctx.findings.check();
    const problem = firstProblem(ctx, r, f, rows);
    if (problem) add(`${r.name}.${f.name}`, f, problem.message, f.type.text, problem.actual);
  }
}

function firstProblem(ctx: RunContext, r: Resource, f: Field, rows: Row[]): { message: string; actual: string } | null {
  const integer = f.type.base.kind === 'scalar' && INTEGER_KINDS.has(f.type.base.scalar) && !f.type.array;
  const judged = new Set<string>();
  for (const row of rows) {
    if (!(f.name in row)) continue;
    const value = row[f.name];
    // The same value (as written) is judged once: many are null or repeat across records.
    const written = canonical(value);
    if (judged.has(written)) continue;
    judged.add(written);
    const text = numberText(value);
    const id = idOf(row);
    if (integer && text !== null && !/^-?\d+$/.test(text)) {
      return {
        message: `record ${id}: ${text} is not written as an integer (${f.type.text} exact as written)`,
        actual: text,
      };
    }
    const problems = ctx.schemas.field(r.name, f.name, plain(value, f));
    if (problems.length > 0) return { message: `record ${id}: ${problems.join('; ')}`, actual: show(value) };
  }
  return null;
}

export function idOf(row: Row): string {
  const v = row['Id'];
  return numberText(v) ?? (typeof v === 'string' ? v : '?');
}

function show(value: unknown): string {
  const text = numberText(value) ?? JSON.stringify(plain(value));
  return text === undefined ? String(value) : text.length > 120 ? `${text.slice(0, 120)}...` : text;
}
