/** Column types and statements of the resource tables, for SQLite and PostgreSQL. */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { ScalarKind } from '@specgen/ir';
import type { Dialect } from '@specgen/runtime-store';
import type { ResourceModel, ScalarColumn } from './model.ts';

export const JSON_COLUMN = '_json';
export const META_TABLE = 'resource_tables';
export const REFERENCES_TABLE = 'resource_references';
export const OWNED_TABLE = 'resource_owned';
export const GENERATIONS_TABLE = 'resource_generations';

/**
 * Typed columns hold what filters and sorting compare: DateTimeOffset as microseconds since the
 * epoch and TimeSpan as ticks (so offsets and formats compare as instants and durations), Decimal as
 * a double, strings in byte order ("C" collation on PostgreSQL, SQLite's BINARY) on both stores.
 * Columns are nullable in the database: checks happen on import, and fields a newer spec removed stay behind.
 */
export function columnType(type: ScalarKind, dialect: Dialect): string {
  if (dialect === 'sqlite') {
    return {
      Int64: 'INTEGER',
      Int32: 'INTEGER',
      Decimal: 'REAL',
      Boolean: 'INTEGER',
      String: 'TEXT',
      DateTimeOffset: 'INTEGER',
      TimeSpan: 'INTEGER',
    }[type];
  }
  return {
    Int64: 'bigint',
    Int32: 'integer',
    Decimal: 'double precision',
    Boolean: 'boolean',
    String: 'text COLLATE "C"',
    DateTimeOffset: 'bigint',
    TimeSpan: 'bigint',
  }[type];
}

/** Columns worth an index for $filter and $orderby: keys, enumerations, strings, date-times. */
export function isIndexed(c: ScalarColumn): boolean {
  return (
    c.name !== 'Id' && (c.type === 'Int64' || c.type === 'Int32' || c.type === 'String' || c.type === 'DateTimeOffset')
  );
}

export function indexName(table: string, column: string): string {
  const hash = createHash('sha256').update(`${table}.${column}`).digest('hex').slice(0, 8);
  return `ix_${table.slice(0, 20)}_${column.toLowerCase().slice(0, 24)}_${hash}`;
}

/**
 * The record table holds the typed columns only, so it stays narrow (a few hundred bytes a row) and
 * filtering or walking an index touches few pages; the JSON text lives in `<table>_json` by Id.
 */
export function createTableSql(model: ResourceModel, dialect: Dialect): RawBuilder<unknown> {
  const id = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'bigint PRIMARY KEY';
  const columns = model.columns
    .filter((c) => c.name !== 'Id')
    .map((c) => sql`${sql.ref(c.name)} ${sql.raw(columnType(c.type, dialect))}`);
  return sql`CREATE TABLE IF NOT EXISTS ${sql.table(model.table)} (${sql.ref('Id')} ${sql.raw(id)}, ${sql.join(columns)})`;
}

export function jsonTable(model: ResourceModel): string {
  return `${model.table}_json`;
}

export function createJsonTableSql(model: ResourceModel, dialect: Dialect): RawBuilder<unknown> {
  const id = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'bigint PRIMARY KEY';
  return sql`CREATE TABLE IF NOT EXISTS ${sql.table(jsonTable(model))} (${sql.ref('Id')} ${sql.raw(id)}, ${sql.ref(JSON_COLUMN)} ${sql.raw(dialect === 'sqlite' ? 'BLOB' : 'text')} NOT NULL)`;
}

export function addColumnSql(model: ResourceModel, c: ScalarColumn, dialect: Dialect): RawBuilder<unknown> {
  return sql`ALTER TABLE ${sql.table(model.table)} ADD COLUMN ${sql.ref(c.name)} ${sql.raw(columnType(c.type, dialect))}`;
}

/**
 * One index per filterable column, keyed (column, Id) like the ORDER BY with its Id tie-breaker:
 * SQLite appends the rowid (Id) itself; PostgreSQL gets it spelled out, with nulls first so a
 * backward scan gives `DESC NULLS LAST`.
 */
export function createIndexSql(model: ResourceModel, c: ScalarColumn, dialect: Dialect): RawBuilder<unknown> {
  const key =
    dialect === 'postgres' ? sql`${sql.ref(c.name)} ASC NULLS FIRST, ${sql.ref('Id')}` : sql`${sql.ref(c.name)}`;
  return sql`CREATE INDEX IF NOT EXISTS ${sql.ref(indexName(model.table, c.name))} ON ${sql.table(model.table)} (${key})`;
}

export function supportTablesSql(dialect: Dialect): RawBuilder<unknown>[] {
  const int64 = dialect === 'sqlite' ? 'INTEGER' : 'bigint';
  return [
    sql`CREATE TABLE IF NOT EXISTS ${sql.table(META_TABLE)} (resource text PRIMARY KEY, table_name text NOT NULL, signature text NOT NULL)`,
    sql`CREATE TABLE IF NOT EXISTS ${sql.table(REFERENCES_TABLE)} (target text NOT NULL, id ${sql.raw(int64)} NOT NULL, json text NOT NULL, PRIMARY KEY (target, id))`,
    sql`CREATE TABLE IF NOT EXISTS ${sql.table(OWNED_TABLE)} (resource text NOT NULL, property text NOT NULL, parent_id ${sql.raw(int64)} NOT NULL, position integer NOT NULL, json text NOT NULL, PRIMARY KEY (resource, property, parent_id, position))`,
    sql`CREATE TABLE IF NOT EXISTS ${sql.table(GENERATIONS_TABLE)} (resource text PRIMARY KEY, generation ${sql.raw(int64)} NOT NULL)`,
  ];
}

/** Storage layout: 2 = JSON text in `<table>_json`. */
export const LAYOUT = 2;

/** What the stored rows were written for: layout, field names and column types, in spec order. */
export function signature(model: ResourceModel): string {
  return JSON.stringify({
    layout: LAYOUT,
    fields: model.resource.fields.map((f) => f.name),
    columns: model.columns.map((c) => [
      c.name,
      c.type,
      c.nullable,
      c.field.enumeration?.values.map((v) => v.value) ?? null,
    ]),
  });
}

/** True when two signatures describe different fields (stored records must be rewritten). */
export function fieldsDiffer(a: string, b: string): boolean {
  const shape = (sig: string) => {
    const { fields, columns } = JSON.parse(sig) as { fields: unknown; columns: unknown };
    return JSON.stringify([fields, columns]);
  };
  return shape(a) !== shape(b);
}
