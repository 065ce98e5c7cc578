/**
 * One store interface, two implementations: an embedded SQLite file (better-sqlite3) and
 * PostgreSQL (pg), both through kysely. `openStore` picks by URL: `sqlite:<path>` or
 * `postgres://...`. Migrations run on open.
 */
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  dialect: Dialect;
  /** Typed for the auth tables; feature packages (read resources) use their own table types through `withTables`. */
  db: Kysely<any>;
  close(): Promise<void>;
}
