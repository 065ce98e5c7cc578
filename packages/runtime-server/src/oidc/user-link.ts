/**
 * Who signed in: the service user for the provider's verified e-mail (spec, OIDC
 * prerequisites 3 and 4).
 *
 * - A user whose OIDC e-mail equals the provider's e-mail is that user.
 * - Otherwise, linking once on the first successful login: a user whose username equals the
 *   e-mail and who has no OIDC e-mail yet gets it recorded, provided the provider states
 *   `email_verified: true`. An administrator prepares such users with the users CLI.
 * - An e-mail the provider marks unverified never identifies anyone (401).
 * - The user's authentication mode must be OIDC, otherwise 403 (password login expected).
 */
import {
  findUserByOidcEmail,
  findUserByUsername,
  linkOidcEmail,
  StoreConflictError,
  type Store,
  type UserRecord,
} from '@specgen/runtime-store';
import type { VerifiedIdentity } from '@specgen/runtime-auth/oidc';

export type UserResolution =
  | { ok: true; user: UserRecord; linkedNow: boolean }
  | { ok: false; status: 401 | 403; reason: 'userNotLinked' | 'accessDenied' };

const notLinked = { ok: false, status: 401, reason: 'userNotLinked' } as const;
const denied = { ok: false, status: 403, reason: 'accessDenied' } as const;

export async function resolveOidcUser(store: Store, identity: VerifiedIdentity): Promise<UserResolution> {
  const email = identity.email?.trim().toLowerCase();
  if (!email || identity.emailVerified === false) return notLinked;
  const linked = await findUserByOidcEmail(store, email);
  if (linked) return linked.authMode === 'oidc' ? { ok: true, user: linked, linkedNow: false } : denied;
  const candidate =
    (await findUserByUsername(store, email)) ?? (await findUserByUsername(store, identity.email!.trim()));
  if (!candidate || candidate.oidcEmail !== null) return notLinked;
  if (candidate.authMode !== 'oidc') return denied;
  if (identity.emailVerified !== true) return notLinked;
  try {
    await linkOidcEmail(store, candidate.id, email);
  } catch (err) {
    if (err instanceof StoreConflictError) return notLinked;
    throw err;
  }
  return { ok: true, user: { ...candidate, oidcEmail: email }, linkedNow: true };
}
