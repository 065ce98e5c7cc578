/**
 * Creates the resource tables from the IR and migrates them when a newer spec adds fields or
 * resources: new columns and indexes are added, and stored records are re-encoded so their JSON
 * text has every field in spec order (new nullable fields null, new non-null fields a zero value).
 */
import { sql, type Kysely } from 'kysely';
import { parse } from 'lossless-json';
import type { Store } from '@specgen/runtime-store';
import {
  addColumnSql,
  fieldsDiffer,
  createIndexSql,
  createJsonTableSql,
  createTableSql,
  indexName,
  isIndexed,
  JSON_COLUMN,
  jsonTable,
  META_TABLE,
  signature,
  supportTablesSql,
} from './ddl.ts';
import type { ResourceModel } from './model.ts';
import { encodeRecord } from './record-codec.ts';
import { jsonText, type StoredJson } from './stored-json.ts';
import { defaultRaw } from './scalar-codec.ts';
import { ensureGenerations } from './generations.ts';
import { writeRecords } from './writer.ts';

const MIGRATION_LOCK = 0x5e50_2c05;

export interface TableChange {
  resource: string;
  action: 'created' | 'migrated' | 'unchanged';
  addedColumns: string[];
  rewrittenRecords: number;
}

async function existingColumns(db: Kysely<any>, store: Store, table: string): Promise<Set<string>> {
  if (store.dialect === 'sqlite') {
    const rows = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
    return new Set(rows.rows.map((r) => r.name));
  }
  const rows = await sql<{
    column_name: string;
  }>`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.execute(
    db,
  );
  return new Set(rows.rows.map((r) => r.column_name));
}

async function rewriteRecords(db: Kysely<any>, store: Store, model: ResourceModel): Promise<number> {
  const known = new Set(model.resource.fields.map((f) => f.name));
  let after: bigint | null = null;
  let count = 0;
  for (;;) {
    let query = db.selectFrom(jsonTable(model)).select(JSON_COLUMN).orderBy('Id').limit(500);
    if (after !== null) query = query.where('Id', '>', after);
    const rows = (await query.execute()) as Array<Record<string, StoredJson>>;
    if (rows.length === 0) return count;
    const encoded = rows.map((row) => {
      const stored = parse(jsonText(row[JSON_COLUMN]!)) as Record<string, unknown>;
      const input: Record<string, unknown> = {};
      for (const c of model.columns) input[c.name] = c.name in stored ? stored[c.name] : defaultRaw(c);
      for (const [k, v] of Object.entries(stored)) if (known.has(k) && !(k in input) && v !== null) input[k] = v;
      const result = encodeRecord(model, input);
      if (Array.isArray(result)) {
        const problems = result.map((e) => `${e.field ?? 'record'}: ${e.message}`).join('; ');
        throw new Error(`cannot migrate ${model.name} record ${String(stored['Id'])} to the new spec: ${problems}`);
      }
      return result;
    });
    await writeRecords(db, store.dialect, model, encoded, { related: false });
    count += encoded.length;
    after = encoded[encoded.length - 1]!.id;
  }
}

/** Tables written before the JSON text moved to `<table>_json`: move it and drop the column. */
async function moveJsonOut(db: Kysely<any>, model: ResourceModel): Promise<void> {
  const json = sql.ref(JSON_COLUMN);
  await sql`INSERT INTO ${sql.table(jsonTable(model))} (${sql.ref('Id')}, ${json}) SELECT ${sql.ref('Id')}, ${json} FROM ${sql.table(model.table)}`.execute(
    db,
  );
  await sql`ALTER TABLE ${sql.table(model.table)} DROP COLUMN ${json}`.execute(db);
}

export async function ensureResourceTables(store: Store, models: ResourceModel[]): Promise<TableChange[]> {
  return store.db.transaction().execute(async (db) => {
    // Two instances starting at once on one PostgreSQL database migrate one after the other.
    if (store.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db);
    for (const statement of supportTablesSql(store.dialect)) await statement.execute(db);
    await ensureGenerations(
      db,
      models.map((m) => m.name),
    );
    const meta = new Map(
      (
        (await db.selectFrom(META_TABLE).select(['resource', 'signature']).execute()) as Array<{
          resource: string;
          signature: string;
        }>
      ).map((r) => [r.resource, r.signature]),
    );
    const changes: TableChange[] = [];
    for (const model of models) {
      const sig = signature(model);
      const stored = meta.get(model.name);
      if (stored === sig) {
        changes.push({ resource: model.name, action: 'unchanged', addedColumns: [], rewrittenRecords: 0 });
        continue;
      }
      await createTableSql(model, store.dialect).execute(db);
      await createJsonTableSql(model, store.dialect).execute(db);
      const present = await existingColumns(db, store, model.table);
      if (present.has(JSON_COLUMN)) await moveJsonOut(db, model);
      const added = model.columns.filter((c) => !present.has(c.name));
      for (const c of added) await addColumnSql(model, c, store.dialect).execute(db);
      for (const c of model.columns.filter(isIndexed)) await createIndexSql(model, c, store.dialect).execute(db);
      const rewritten = stored === undefined || !fieldsDiffer(stored, sig) ? 0 : await rewriteRecords(db, store, model);
      await db
        .insertInto(META_TABLE)
        .values({ resource: model.name, table_name: model.table, signature: sig })
        .onConflict((oc) => oc.column('resource').doUpdateSet({ signature: sig, table_name: model.table }))
        .execute();
      changes.push({
        resource: model.name,
        action: stored === undefined ? 'created' : 'migrated',
        addedColumns: added.map((c) => c.name),
        rewrittenRecords: rewritten,
      });
    }
    return changes;
  });
}

/** Refreshes the planner statistics after bulk writes (both stores understand `ANALYZE`). */
export async function analyzeResourceTables(store: Store): Promise<void> {
  await sql`ANALYZE`.execute(store.db);
}

/** Bulk writes into an empty table are much faster with the indexes built afterwards, in one pass. */
export const BULK_THRESHOLD = 5000;

export async function withDeferredIndexes<T>(
  db: Kysely<any>,
  dialect: Store['dialect'],
  model: ResourceModel,
  expected: number,
  write: () => Promise<T>,
): Promise<T> {
  const empty = (await db.selectFrom(model.table).select('Id').limit(1).execute()).length === 0;
  if (!empty || expected < BULK_THRESHOLD) return write();
  const indexed = model.columns.filter(isIndexed);
  for (const c of indexed) await sql`DROP INDEX IF EXISTS ${sql.ref(indexName(model.table, c.name))}`.execute(db);
  const result = await write();
  for (const c of indexed) await createIndexSql(model, c, dialect).execute(db);
  return result;
}
