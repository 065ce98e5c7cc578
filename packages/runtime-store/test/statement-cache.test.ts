import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../src/statement-cache.ts';

describe('prepared statement cache', () => {
  it('reuses the statement of the same SQL text and keeps results right', () => {
    const db = new SQLite(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const cached = withStatementCache(db, 2);
    const insert = cached.prepare('INSERT INTO t (id, v) VALUES (?, ?)');
    insert.run([1, 'a']);
    expect(cached.prepare('INSERT INTO t (id, v) VALUES (?, ?)')).toBe(insert);
    cached.prepare('INSERT INTO t (id, v) VALUES (?, ?)').run([2, 'b']);
    const select = cached.prepare('SELECT v FROM t WHERE id = ?');
    expect(select.all([2])).toEqual([{ v: 'b' }]);
    expect(select.all([1])).toEqual([{ v: 'a' }]);
    cached.close();
  });

  it('evicts the least recently used statement beyond its capacity', () => {
    const db = new SQLite(':memory:');
    const cached = withStatementCache(db, 2);
    const a = cached.prepare('SELECT 1');
    cached.prepare('SELECT 2');
    cached.prepare('SELECT 1');
    cached.prepare('SELECT 3');
    expect(cached.prepare('SELECT 1')).toBe(a);
    cached.close();
  });

  it('follows schema changes', () => {
    const db = new SQLite(':memory:');
    const cached = withStatementCache(db);
    db.exec('CREATE TABLE t (id INTEGER)');
    db.exec('INSERT INTO t VALUES (1)');
    expect(cached.prepare('SELECT * FROM t').all([])).toEqual([{ id: 1 }]);
    db.exec('ALTER TABLE t ADD COLUMN x TEXT');
    expect(cached.prepare('SELECT * FROM t').all([])).toEqual([{ id: 1, x: null }]);
    cached.close();
  });
});
