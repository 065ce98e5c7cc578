/**
 * Writes encoded records: an upsert by Id of the typed columns and the JSON text, the related
 * records they carried (referenced ones by type and key, owned lists replaced per parent).
 * Call inside a transaction; the caller decides all or nothing. Every call bumps the resource's data
 * generation (generations.ts) in that transaction, so cached pages of the resource are not served again.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '@specgen/runtime-store';
import type { ScalarValue } from '@specgen/runtime-query';
import { JSON_COLUMN, jsonTable, OWNED_TABLE, REFERENCES_TABLE } from './ddl.ts';
import type { ResourceModel } from './model.ts';
import type { EncodedRecord } from './record-codec.ts';
import { bumpGeneration } from './generations.ts';

const BATCH = 200;

function dbValue(v: ScalarValue | null, dialect: Dialect): unknown {
  if (typeof v === 'boolean' && dialect === 'sqlite') return v ? 1 : 0;
  return v;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `related: false` leaves related records alone (a migration rewrites the records only). */
export async function writeRecords(
  db: Kysely<any>,
  dialect: Dialect,
  model: ResourceModel,
  records: EncodedRecord[],
  opts = { related: true },
): Promise<void> {
  const columns = model.columns.map((c) => c.name);
  if (records.length === 0) return;
  const references = opts.related && records.some((r) => r.related.some((x) => x.id !== null));
  await bumpGeneration(db, model.name, references);
  for (const batch of chunks(records, BATCH)) {
    const rows = batch.map((r) => {
      const row: Record<string, unknown> = {};
      for (const c of columns) row[c] = dbValue(r.values[c] ?? null, dialect);
      return row;
    });
    await db
      .insertInto(model.table)
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('Id')
          .doUpdateSet((eb) =>
            Object.fromEntries(columns.filter((c) => c !== 'Id').map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
    // SQLite keeps the text as UTF-8 bytes (a BLOB): answers concatenate them without decoding.
    const texts = batch.map((r) => ({
      Id: r.id,
      [JSON_COLUMN]: dialect === 'sqlite' ? Buffer.from(r.json, 'utf8') : r.json,
    }));
    await db
      .insertInto(jsonTable(model))
      .values(texts)
      .onConflict((oc) => oc.column('Id').doUpdateSet((eb) => ({ [JSON_COLUMN]: eb.ref(`excluded.${JSON_COLUMN}`) })))
      .execute();
    if (opts.related) await writeRelated(db, model, batch);
  }
}

async function writeRelated(db: Kysely<any>, model: ResourceModel, batch: EncodedRecord[]): Promise<void> {
  const owned = model.expansions.filter((x) => x.keyField === null).map((x) => x.name);
  if (owned.length > 0) {
    await db
      .deleteFrom(OWNED_TABLE)
      .where('resource', '=', model.name)
      .where('property', 'in', owned)
      .where(
        'parent_id',
        'in',
        batch.map((r) => r.id),
      )
      .execute();
  }
  const ownedRows = batch.flatMap((r) =>
    r.related
      .filter((x) => x.id === null)
      .map((x) => ({
        resource: model.name,
        property: x.property,
        parent_id: r.id,
        position: x.position,
        json: x.json,
      })),
  );
  for (const rows of chunks(ownedRows, BATCH)) await db.insertInto(OWNED_TABLE).values(rows).execute();
  const references = new Map<string, { target: string; id: bigint; json: string }>();
  for (const r of batch)
    for (const x of r.related)
      if (x.id !== null) references.set(`${x.target}/${x.id}`, { target: x.target, id: x.id, json: x.json });
  for (const rows of chunks([...references.values()], BATCH)) {
    await db
      .insertInto(REFERENCES_TABLE)
      .values(rows)
      .onConflict((oc) => oc.columns(['target', 'id']).doUpdateSet((eb) => ({ json: eb.ref('excluded.json') })))
      .execute();
  }
}
