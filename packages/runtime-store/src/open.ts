/**
 * `openStore(url)`: `sqlite:<path>` (embedded, better-sqlite3, WAL + synchronous=FULL so a
 * committed write survives `kill -9`) or `postgres://...` (pg pool). Migrations run on open.
 * pg is loaded only for a PostgreSQL URL: a server on SQLite (the default) never loads it.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Store } from './store.ts';
import { migrateAuthTables } from './migrations.ts';
import { withStatementCache } from './statement-cache.ts';

export interface OpenStoreOptions {
  /** Run the auth-table migrations (default true). */
  migrate?: boolean;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
}

export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<Store> {
  const store =
    url.startsWith('postgres://') || url.startsWith('postgresql://')
      ? await openPostgres(url, options)
      : openSqlite(url);
  if (options.migrate !== false) {
    try {
      await migrateAuthTables(store.db);
    } catch (err) {
      await store.close();
      throw err;
    }
  }
  return store;
}

function openSqlite(url: string): Store {
  if (!url.startsWith('sqlite:'))
    throw new Error(`unsupported DATABASE_URL "${redactUrl(url)}": use sqlite:<path> or postgres://...`);
  const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:.data/service.db');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { dialect: 'sqlite', db, close: () => db.destroy() };
}

async function openPostgres(url: string, options: OpenStoreOptions): Promise<Store> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  return { dialect: 'postgres', db, close: () => db.destroy() };
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
