/**
 * Condition -> SQL for SQLite and PostgreSQL through kysely's `sql` template: identifiers are
 * quoted by `sql.ref`, every value is a bound parameter (`sql.val`), never spliced into the text.
 *
 * Null semantics are two-valued, as C#/LINQ (the production service's stack) has them: a comparison
 * with a null field is false, except `ne`, which is true; so `not(...)` is the exact complement.
 * Ordering puts nulls first ascending and last descending on both stores, and ends with Id.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CompareOp } from './ast.ts';
import type { Condition, OrderBy } from './condition.ts';
import type { QueryField, ScalarValue } from './schema.ts';

export type SqlDialect = 'sqlite' | 'postgres';

const OPERATORS: Record<CompareOp, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function value(field: QueryField, v: ScalarValue, dialect: SqlDialect): RawBuilder<unknown> {
  if (field.type === 'Boolean' && dialect === 'sqlite') return sql.val(v ? 1 : 0);
  return sql.val(v);
}

function column(field: QueryField): RawBuilder<unknown> {
  return sql.ref(field.name);
}

/** `col IS NOT NULL AND <test>` for nullable columns, so a null field never yields SQL NULL. */
function guarded(field: QueryField, test: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return field.nullable ? sql<SqlBool>`(${column(field)} IS NOT NULL AND ${test})` : test;
}

export function conditionToSql(c: Condition, dialect: SqlDialect): RawBuilder<SqlBool> {
  switch (c.kind) {
    case 'and':
      return sql<SqlBool>`(${conditionToSql(c.left, dialect)} AND ${conditionToSql(c.right, dialect)})`;
    case 'or':
      return sql<SqlBool>`(${conditionToSql(c.left, dialect)} OR ${conditionToSql(c.right, dialect)})`;
    case 'not':
      return sql<SqlBool>`(NOT ${conditionToSql(c.operand, dialect)})`;
    case 'isnull':
      return c.negate ? sql<SqlBool>`(${column(c.field)} IS NOT NULL)` : sql<SqlBool>`(${column(c.field)} IS NULL)`;
    case 'compare': {
      const test = sql<SqlBool>`${column(c.field)} ${sql.raw(OPERATORS[c.op])} ${value(c.field, c.value, dialect)}`;
      if (c.op === 'ne') return c.field.nullable ? sql<SqlBool>`(${column(c.field)} IS NULL OR ${test})` : test;
      return guarded(c.field, test);
    }
    case 'in': {
      const list = sql.join(c.values.map((v) => value(c.field, v, dialect)));
      return guarded(c.field, sql<SqlBool>`${column(c.field)} IN (${list})`);
    }
    case 'has':
      return guarded(c.field, sql<SqlBool>`(${column(c.field)} & ${sql.val(c.flag)}) = ${sql.val(c.flag)}`);
    case 'like': {
      const op = sql.raw(dialect === 'postgres' ? 'ILIKE' : 'LIKE');
      return guarded(c.field, sql<SqlBool>`${column(c.field)} ${op} ${sql.val(c.pattern)} ESCAPE '\\'`);
    }
  }
}

/**
 * ORDER BY items. Nulls sort first ascending and last descending (SQLite's default, spelled out for
 * PostgreSQL). Ties are broken by Id in the direction of the last key, so an index on
 * (key, Id) serves the whole ORDER BY in either direction and pages are stable.
 */
export function orderByToSql(orderBy: OrderBy[], dialect: SqlDialect, idColumn = 'Id'): RawBuilder<unknown> {
  const nulls = (desc: boolean) => (dialect === 'postgres' ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '');
  const items = orderBy.map(
    (o) => sql`${column(o.field)} ${sql.raw(o.descending ? 'DESC' : 'ASC')}${sql.raw(nulls(o.descending))}`,
  );
  if (!orderBy.some((o) => o.field.name === idColumn))
    items.push(sql`${sql.ref(idColumn)} ${sql.raw(orderBy.at(-1)?.descending ? 'DESC' : 'ASC')}`);
  return sql.join(items);
}
