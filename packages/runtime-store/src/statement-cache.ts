/**
 * kysely's SQLite driver prepares every statement anew. Queries of the same shape (the same SQL
 * text, other bound values) are the common case for a server, so the database handed to kysely
 * keeps the most recently used prepared statements by SQL text. Statements are only run with
 * `all`/`run` (kysely's streaming `iterate` is not used by this project), which finish before the
 * next query starts, so one statement object can serve every request of its shape. SQLite
 * re-prepares a cached statement by itself after a schema change.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export function withStatementCache(database: SQLite.Database, capacity = 512): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit as unknown as SqliteStatement;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      return statement as unknown as SqliteStatement;
    },
  };
}
