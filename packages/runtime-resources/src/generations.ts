/**
 * Data generations: one row per resource in `resource_generations`, bumped by every write of the
 * resource's records in the writer's own transaction. The page cache (page-cache.ts) keeps an answer
 * with the generation read before its query and serves it only while the stored generation is
 * unchanged, so several instances on one database see each other's writes.
 */
import { sql, type Kysely } from 'kysely';
import { GENERATIONS_TABLE } from './ddl.ts';

/** Creates the rows of these resources (generation 0) when missing. */
export async function ensureGenerations(db: Kysely<any>, resources: string[]): Promise<void> {
  for (const resource of resources) {
    await sql`INSERT INTO ${sql.table(GENERATIONS_TABLE)} (resource, generation) VALUES (${resource}, 0) ON CONFLICT (resource) DO NOTHING`.execute(
      db,
    );
  }
}

/**
 * One more generation for the resource. `everyResource`: the write also replaced shared referenced
 * records (`resource_references`), which any resource's `$expand` may show, so every generation moves.
 */
export async function bumpGeneration(db: Kysely<any>, resource: string, everyResource: boolean): Promise<void> {
  const table = sql.table(GENERATIONS_TABLE);
  await sql`INSERT INTO ${table} (resource, generation) VALUES (${resource}, 1) ON CONFLICT (resource) DO UPDATE SET generation = ${sql.ref(`${GENERATIONS_TABLE}.generation`)} + 1`.execute(
    db,
  );
  if (everyResource)
    await sql`UPDATE ${table} SET generation = generation + 1 WHERE resource <> ${resource}`.execute(db);
}

/** The resource's generation as text (0 when no row), by one point query of a fixed SQL text (prepared once on SQLite). */
export async function readGeneration(db: Kysely<any>, resource: string): Promise<string> {
  const result = await sql<{
    generation: number | string | bigint;
  }>`SELECT generation FROM ${sql.table(GENERATIONS_TABLE)} WHERE resource = ${resource}`.execute(db);
  const row = result.rows[0];
  return row === undefined ? '0' : String(row.generation);
}
