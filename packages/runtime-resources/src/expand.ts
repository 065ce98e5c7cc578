/**
 * `$expand`: fills expandable properties of parsed records from the store. Referenced records
 * (a `<Name>Id` key) come from the references table by type and key; a key without a stored
 * record expands to `{"Id": "<key>"}`. Owned lists come in their stored order, `[]` when none.
 */
import { sql, type Kysely } from 'kysely';
import { parse } from 'lossless-json';
import { OWNED_TABLE, REFERENCES_TABLE } from './ddl.ts';
import type { Expansion } from './model.ts';

type JsonObject = Record<string, unknown>;

async function expandReferenced(db: Kysely<any>, x: Expansion, records: JsonObject[]): Promise<void> {
  const keys = [...new Set(records.map((r) => r[x.keyField!]).filter((k): k is string => typeof k === 'string'))];
  const found = new Map<string, unknown>();
  if (keys.length > 0) {
    const rows = await db
      .selectFrom(REFERENCES_TABLE)
      .select('json')
      .where('target', '=', x.target)
      .where(
        'id',
        'in',
        keys.map((k) => BigInt(k)),
      )
      .execute();
    for (const row of rows as Array<{ json: string }>) {
      const value = parse(row.json) as JsonObject;
      found.set(String(value['Id']), value);
    }
  }
  for (const r of records) {
    const key = r[x.keyField!];
    r[x.name] = typeof key === 'string' ? (found.get(key) ?? { Id: key }) : null;
  }
}

async function expandOwned(db: Kysely<any>, resource: string, x: Expansion, records: JsonObject[]): Promise<void> {
  const parents = records.map((r) => String(r['Id']));
  const rows = await db
    .selectFrom(OWNED_TABLE)
    .select([sql<string>`CAST(parent_id AS TEXT)`.as('parent'), 'json'])
    .where('resource', '=', resource)
    .where('property', '=', x.name)
    .where(
      'parent_id',
      'in',
      parents.map((p) => BigInt(p)),
    )
    .orderBy('parent_id')
    .orderBy('position')
    .execute();
  const byParent = new Map<string, unknown[]>();
  for (const row of rows as Array<{ parent: string; json: string }>) {
    const list = byParent.get(row.parent) ?? [];
    list.push(parse(row.json));
    byParent.set(row.parent, list);
  }
  for (const r of records) {
    const list = byParent.get(String(r['Id'])) ?? [];
    r[x.name] = x.shape === 'list' ? list : (list[0] ?? null);
  }
}

export async function expandRecords(
  db: Kysely<any>,
  resource: string,
  expansions: Expansion[],
  records: JsonObject[],
): Promise<void> {
  if (records.length === 0) return;
  for (const x of expansions) {
    if (x.keyField !== null) await expandReferenced(db, x, records);
    else await expandOwned(db, resource, x, records);
  }
}
