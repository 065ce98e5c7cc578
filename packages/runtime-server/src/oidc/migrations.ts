/**
 * Indexes for the `oidc_flows` table (created by the auth migrations): callbacks look flows up
 * by the hashed binding, housekeeping deletes by age. Kept in their own migration set
 * (`oidc_migrations`) so the OIDC plugin owns them.
 */
import { runMigrations, type Store } from '@specgen/runtime-store';

type Migrations = Parameters<typeof runMigrations>[1];

export const OIDC_MIGRATION_TABLE = 'oidc_migrations';

export const oidcMigrations: Migrations = {
  '0001_oidc_flow_indexes': {
    async up(db: Store['db']) {
      await db.schema.createIndex('oidc_flows_binding').ifNotExists().on('oidc_flows').column('binding').execute();
      await db.schema
        .createIndex('oidc_flows_created_at')
        .ifNotExists()
        .on('oidc_flows')
        .column('created_at')
        .execute();
    },
    async down(db: Store['db']) {
      await db.schema.dropIndex('oidc_flows_created_at').ifExists().execute();
      await db.schema.dropIndex('oidc_flows_binding').ifExists().execute();
    },
  },
};

export function migrateOidcTables(store: Store): Promise<void> {
  return runMigrations(store.db, oidcMigrations, OIDC_MIGRATION_TABLE);
}
