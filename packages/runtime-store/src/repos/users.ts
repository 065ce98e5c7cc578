/** Users: password or OIDC sign-in, MFA flag, permission names of the read-resources table. */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store.ts';
import { StoreConflictError, isUniqueViolation } from '../errors.ts';
import { toMillis } from '../migrations.ts';

export type AuthMode = 'password' | 'oidc';

export interface UserRecord {
  id: string;
  username: string;
  /** scrypt hash (see runtime-auth); null for OIDC-only users. */
  passwordHash: string | null;
  mfaRequired: boolean;
  authMode: AuthMode;
  /** Lower-cased; unique when set. */
  oidcEmail: string | null;
  permissions: string[];
  createdAt: number;
}

export interface NewUser {
  username: string;
  passwordHash?: string | null;
  mfaRequired?: boolean;
  authMode?: AuthMode;
  oidcEmail?: string | null;
  permissions?: string[];
}

export type UserPatch = Partial<Omit<NewUser, 'username'>>;

function fromRow(row: Record<string, unknown>): UserRecord {
  return {
    id: String(row.id),
    username: String(row.username),
    passwordHash: (row.password_hash as string | null) ?? null,
    mfaRequired: Number(row.mfa_required) === 1,
    authMode: row.auth_mode === 'oidc' ? 'oidc' : 'password',
    oidcEmail: (row.oidc_email as string | null) ?? null,
    permissions: parsePermissions(row.permissions),
    createdAt: toMillis(row.created_at),
  };
}

function parsePermissions(text: unknown): string[] {
  try {
    const value: unknown = JSON.parse(String(text));
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

const normalizeEmail = (email: string | null | undefined) => (email ? email.trim().toLowerCase() : null);

export async function createUser(store: Store, input: NewUser): Promise<UserRecord> {
  if (!input.username.trim()) throw new StoreConflictError('username must not be empty');
  const row = {
    id: randomUUID(),
    username: input.username,
    password_hash: input.passwordHash ?? null,
    mfa_required: input.mfaRequired ? 1 : 0,
    auth_mode: input.authMode ?? 'password',
    oidc_email: normalizeEmail(input.oidcEmail),
    permissions: JSON.stringify(input.permissions ?? []),
    created_at: Date.now(),
  };
  try {
    await store.db.insertInto('users').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new StoreConflictError(`user "${input.username}" or OIDC e-mail already exists`, { cause: err });
    throw err;
  }
  return fromRow(row);
}

export async function findUserByUsername(store: Store, username: string): Promise<UserRecord | undefined> {
  const row = await store.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findUserById(store: Store, id: string): Promise<UserRecord | undefined> {
  const row = await store.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The user whose linked OIDC e-mail is `email` (compared lower-cased). */
export async function findUserByOidcEmail(store: Store, email: string): Promise<UserRecord | undefined> {
  const row = await store.db
    .selectFrom('users')
    .selectAll()
    .where('oidc_email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Links an OIDC e-mail to a user (first successful OIDC login); conflict when another user has it. */
export async function linkOidcEmail(store: Store, userId: string, email: string): Promise<void> {
  await updateUser(store, userId, { oidcEmail: email });
}

export async function listUsers(store: Store): Promise<UserRecord[]> {
  const rows = await store.db.selectFrom('users').selectAll().orderBy('username').execute();
  return rows.map(fromRow);
}

export async function updateUser(store: Store, id: string, patch: UserPatch): Promise<UserRecord> {
  const set: Record<string, unknown> = {};
  if (patch.passwordHash !== undefined) set.password_hash = patch.passwordHash;
  if (patch.mfaRequired !== undefined) set.mfa_required = patch.mfaRequired ? 1 : 0;
  if (patch.authMode !== undefined) set.auth_mode = patch.authMode;
  if (patch.oidcEmail !== undefined) set.oidc_email = normalizeEmail(patch.oidcEmail);
  if (patch.permissions !== undefined) set.permissions = JSON.stringify(patch.permissions);
  if (Object.keys(set).length > 0) {
    try {
      await store.db.updateTable('users').set(set).where('id', '=', id).execute();
    } catch (err) {
      if (isUniqueViolation(err))
        throw new StoreConflictError('that OIDC e-mail is linked to another user', { cause: err });
      throw err;
    }
  }
  const user = await findUserById(store, id);
  if (!user) throw new StoreConflictError(`no user with id ${id}`);
  return user;
}

/** Removes the user with their device, sessions and tokens. Returns false when there was none. */
export async function deleteUser(store: Store, id: string): Promise<boolean> {
  return store.db.transaction().execute(async (trx) => {
    for (const table of ['sessions', 'devices', 'mfa_tokens', 'used_totp_codes']) {
      await trx.deleteFrom(table).where('user_id', '=', id).execute();
    }
    const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
