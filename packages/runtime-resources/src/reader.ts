/**
 * Answers queries from the stored JSON text. Fast path (all fields of the spec visible, no $select,
 * no $expand): the body is the rows' JSON text joined into an array, no parsing or serialising.
 * An older service version or $select: the stored text is cut to the wanted members (project-json).
 * $expand: each record is parsed losslessly, expanded, projected and written again (Int64 strings
 * and decimals keep every digit).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { parse, stringify } from 'lossless-json';
import { conditionFields, conditionToSql, orderByToSql, type QueryPlan } from '@specgen/runtime-query';
import type { Dialect } from '@specgen/runtime-store';
import { isIndexed, JSON_COLUMN, jsonTable } from './ddl.ts';
import { expandRecords } from './expand.ts';
import { projectJson } from './project-json.ts';
import { jsonArray, jsonText, type StoredJson } from './stored-json.ts';
import type { ResourceView } from './view.ts';

type JsonObject = Record<string, unknown>;

async function render(
  db: Kysely<any>,
  view: ResourceView,
  plan: Pick<QueryPlan, 'select' | 'expand'>,
  texts: StoredJson[],
): Promise<StoredJson[]> {
  if (plan.expand.length === 0) {
    if (view.complete && plan.select === null) return texts;
    const keep = new Set(plan.select ?? view.fieldNames);
    return texts.map((t) => projectJson(jsonText(t), keep));
  }
  const records = texts.map((t) => parse(jsonText(t)) as JsonObject);
  const expansions = plan.expand.map((name) => view.expansions.get(name)!);
  await expandRecords(db, view.model.name, expansions, records);
  const wanted = new Set([...(plan.select ?? view.fieldNames), ...plan.expand]);
  const keys = view.fieldNames.filter((k) => wanted.has(k));
  return records.map((r) => {
    const out: JsonObject = {};
    for (const k of keys) out[k] = r[k] ?? null;
    return stringify(out) ?? 'null';
  });
}

/** The JSON array of one page, as text or UTF-8 bytes. */
export async function listRecords(
  db: Kysely<any>,
  dialect: Dialect,
  view: ResourceView,
  plan: QueryPlan,
): Promise<string | Buffer> {
  if (plan.top === 0) return '[]';
  const texts =
    (dialect === 'sqlite' ? await orderedPrefixPage(db, view, plan) : null) ??
    (await plainPage(db, dialect, view, plan));
  return jsonArray(await render(db, view, plan, texts));
}

/** `(SELECT j._json FROM <table>_json AS j WHERE j.Id = <alias>.Id)`: the JSON of the row at hand. */
function jsonOf(view: ResourceView, alias: string): RawBuilder<unknown> {
  return sql`(SELECT ${sql.ref(`j.${JSON_COLUMN}`)} FROM ${sql.table(jsonTable(view.model))} AS j WHERE ${sql.ref('j.Id')} = ${sql.ref(`${alias}.Id`)})`;
}

async function plainPage(
  db: Kysely<any>,
  dialect: Dialect,
  view: ResourceView,
  plan: QueryPlan,
): Promise<StoredJson[]> {
  const where = plan.filter ? sql`WHERE ${conditionToSql(plan.filter, dialect)}` : sql``;
  const result = await sql<
    Record<string, StoredJson>
  >`SELECT ${jsonOf(view, 'r')} AS ${sql.ref(JSON_COLUMN)} FROM ${sql.table(view.model.table)} AS r ${where} ORDER BY ${orderByToSql(plan.orderBy, dialect)} LIMIT ${plan.top} OFFSET ${plan.skip}`.execute(
    db,
  );
  return result.rows.map((r) => r[JSON_COLUMN]!);
}

const PREFIX_PER_RECORD = 50;
const PREFIX_MIN = 2000;
const PREFIX_MAX = 20_000;

/**
 * SQLite's planner, given `$filter` on an indexed column and `$orderby` on another, filters by the
 * first index and sorts every match (with its JSON text) before applying LIMIT. Instead, walk the
 * first rows in sort order (the $orderby index, typed columns only), filter those, and fetch the JSON
 * of the page only. When that prefix holds a full page the page is exact (rows come in sort
 * order); otherwise null, and the plain query answers.
 */
async function orderedPrefixPage(db: Kysely<any>, view: ResourceView, plan: QueryPlan): Promise<StoredJson[] | null> {
  const first = plan.orderBy[0];
  if (!plan.filter || !first) return null;
  const column = view.model.columns.find((c) => c.name === first.field.name);
  if (!column || (column.name !== 'Id' && !isIndexed(column))) return null;
  const prefix = Math.min(Math.max((plan.skip + plan.top) * PREFIX_PER_RECORD, PREFIX_MIN), PREFIX_MAX);
  if (plan.skip + plan.top > prefix / 10) return null;
  const table = sql.table(view.model.table);
  const order = orderByToSql(plan.orderBy, 'sqlite');
  const needed = conditionFields(plan.filter, new Set(['Id', ...plan.orderBy.map((o) => o.field.name)]));
  const columns = sql.join([...needed].map((name) => sql.ref(name)));
  const result = await sql<
    Record<string, StoredJson>
  >`SELECT ${jsonOf(view, 'k')} AS ${sql.ref(JSON_COLUMN)} FROM (SELECT ${columns} FROM ${table} ORDER BY ${order} LIMIT ${prefix}) AS k WHERE ${conditionToSql(plan.filter, 'sqlite')} ORDER BY ${order} LIMIT ${plan.top} OFFSET ${plan.skip}`.execute(
    db,
  );
  return result.rows.length === plan.top ? result.rows.map((r) => r[JSON_COLUMN]!) : null;
}

/** The JSON object of one record (text or UTF-8 bytes), or null when there is none. */
export async function getRecord(
  db: Kysely<any>,
  view: ResourceView,
  id: bigint,
  plan: Pick<QueryPlan, 'select' | 'expand'>,
): Promise<StoredJson | null> {
  const result = await sql<
    Record<string, StoredJson>
  >`SELECT ${sql.ref(JSON_COLUMN)} FROM ${sql.table(jsonTable(view.model))} WHERE ${sql.ref('Id')} = ${id}`.execute(db);
  const text = result.rows[0]?.[JSON_COLUMN];
  if (text === undefined) return null;
  return (await render(db, view, plan, [text]))[0]!;
}
