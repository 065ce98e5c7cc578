import { describe, expect, it } from 'vitest';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import {
  conditionToSql,
  orderByToSql,
  parseDateTimeOffset,
  parseQueryOptions,
  parseTimeSpan,
  type Condition,
} from '../src/index.ts';
import { SCHEMA } from './fixture.ts';

const sqlite = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgres = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function compile(filter: string, dialect: 'sqlite' | 'postgres'): CompiledQuery {
  const plan = parseQueryOptions({ $filter: filter }, SCHEMA);
  const db = dialect === 'sqlite' ? sqlite : postgres;
  return sql`${conditionToSql(plan.filter as Condition, dialect)}`.compile(db);
}

describe('$filter to SQL', () => {
  it('binds every value as a parameter', () => {
    const q = compile("SerialNumber eq 'x'' OR 1=1 --' or Id eq '380497447683684471'", 'sqlite');
    expect(q.sql).toBe('("SerialNumber" = ? OR "Id" = ?)');
    expect(q.parameters).toEqual(["x' OR 1=1 --", 380497447683684471n]);
  });

  it('uses numbered parameters on PostgreSQL and ILIKE for like', () => {
    const q = compile("like(SerialNumber, 'AB%') and not (CommentId gt 5)", 'postgres');
    expect(q.sql).toBe(
      `("SerialNumber" ILIKE $1 ESCAPE '\\' AND (NOT ("CommentId" IS NOT NULL AND "CommentId" > $2)))`,
    );
    expect(q.parameters).toEqual(['AB%', 5n]);
  });

  it('treats ne on a nullable field as true for null', () => {
    expect(compile('CommentId Neq 7', 'sqlite').sql).toBe('("CommentId" IS NULL OR "CommentId" <> ?)');
  });

  it('binds booleans as 0/1 on SQLite and true/false on PostgreSQL', () => {
    expect(compile('HasWarranty eq true', 'sqlite').parameters).toEqual([1]);
    expect(compile('HasWarranty', 'postgres').parameters).toEqual([true]);
  });

  it('reads operators in any case, enum names, flags and date-times', () => {
    const q = compile(
      "Status EQ 'Inventory' AND has(BlockContext, CustomerOrderDelivery) Or WarrantyStartDate GE 2024-01-31T08:00:00+01:00",
      'sqlite',
    );
    expect(q.sql).toBe(
      '(("Status" = ? AND ("BlockContext" & ?) = ?) OR ("WarrantyStartDate" IS NOT NULL AND "WarrantyStartDate" >= ?))',
    );
    expect(q.parameters).toEqual([4, 4, 4, parseDateTimeOffset('2024-01-31T07:00:00Z').ok ? 1706684400000000n : 0n]);
  });

  it('turns contains into IN and isnull into IS NULL', () => {
    expect(compile("contains(Id, 1, '2', 3) and isnull(CommentId) and isnotnull(OperationTime)", 'sqlite').sql).toBe(
      '(("Id" IN (?, ?, ?) AND ("CommentId" IS NULL)) AND ("OperationTime" IS NOT NULL))',
    );
  });

  it('flips a literal on the left', () => {
    const q = compile('5 lt Status', 'sqlite');
    expect(q.sql).toBe('"Status" > ?');
  });
});

describe('$orderby, $top, $skip, $select, $expand', () => {
  it('orders with null placement and Id as tie-breaker in the direction of the last key', () => {
    const plan = parseQueryOptions({ $orderby: 'WarrantyStartDate desc, SerialNumber' }, SCHEMA);
    expect(sql`${orderByToSql(plan.orderBy, 'postgres')}`.compile(postgres).sql).toBe(
      '"WarrantyStartDate" DESC NULLS LAST, "SerialNumber" ASC NULLS FIRST, "Id" ASC',
    );
    const desc = parseQueryOptions({ $orderby: 'SerialNumber desc' }, SCHEMA);
    expect(sql`${orderByToSql(desc.orderBy, 'sqlite')}`.compile(sqlite).sql).toBe('"SerialNumber" DESC, "Id" DESC');
  });

  it('applies the default page size and reads lists', () => {
    const plan = parseQueryOptions({ $select: 'Id, Comment', $expand: 'Comment', $skip: '20' }, SCHEMA);
    expect(plan).toMatchObject({ select: ['Id', 'Comment'], expand: ['Comment'], top: 100, skip: 20, filter: null });
  });
});

describe('scalars', () => {
  it('converts date-times with offsets to the same instant', () => {
    expect(parseDateTimeOffset('2024-01-31T08:00:00+01:00')).toEqual(parseDateTimeOffset('2024-01-31T07:00:00Z'));
    expect(parseDateTimeOffset('2024-01-31T07:00:00.1234567Z')).toEqual({ ok: true, value: 1706684400123456n });
    expect(parseDateTimeOffset('2024-02-30T00:00:00Z').ok).toBe(false);
    expect(parseDateTimeOffset('2024-01-31T07:00:00').ok).toBe(false);
  });

  it('converts time spans to ticks', () => {
    expect(parseTimeSpan('1.02:03:04.5')).toEqual({
      ok: true,
      value: (26n * 3600n + 3n * 60n + 4n) * 10_000_000n + 5_000_000n,
    });
    expect(parseTimeSpan('-00:00:01')).toEqual({ ok: true, value: -10_000_000n });
    expect(parseTimeSpan('00:60:00').ok).toBe(false);
  });
});
