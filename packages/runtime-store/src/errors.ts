/** Store errors that callers handle (a duplicate username is a user error, not a crash). */
export class StoreConflictError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreConflictError';
  }
}

/** SQLite `SQLITE_CONSTRAINT_UNIQUE`/`_PRIMARYKEY`, PostgreSQL `23505`. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
