/**
 * The auth tables, as kysely migrations. Times are milliseconds since the epoch (bigint);
 * booleans are integers 0/1 so both dialects read them the same way.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export const AUTH_MIGRATION_TABLE = 'auth_migrations';

export const authMigrations: Record<string, Migration> = {
  '0001_auth_tables': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('mfa_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('auth_mode', 'text', (c) => c.notNull().defaultTo('password'))
        .addColumn('oidc_email', 'text', (c) => c.unique())
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('devices')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('ended_reason', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('mfa_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pending_secret', 'text')
        .addColumn('force_relogin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createTable('used_totp_codes')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('time_step', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('used_totp_codes_pk', ['user_id', 'time_step'])
        .execute();
      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('oidc_flows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('binding', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('login_request', 'text', (c) => c.notNull())
        .addColumn('redirect_url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const t of [
        'oidc_flows',
        'login_failures',
        'used_totp_codes',
        'mfa_tokens',
        'sessions',
        'devices',
        'users',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  },
};

/** Runs a set of migrations with its own bookkeeping table, so feature packages can add theirs. */
export async function runMigrations(
  db: Kysely<any>,
  migrations: Record<string, Migration>,
  tableName: string,
): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: tableName,
    migrationLockTableName: `${tableName}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `migration ${failed} (${tableName}) failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function migrateAuthTables(db: Kysely<any>): Promise<void> {
  return runMigrations(db, authMigrations, AUTH_MIGRATION_TABLE);
}

/** Current time in ms as stored in bigint columns; pg returns bigint as text, so readers use `toMillis`. */
export function toMillis(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export { sql };
