/**
 * Demo accounts of the development identity provider. `pnpm start` creates a service user
 * for each with authentication mode OIDC and the OIDC e-mail already linked, so a newcomer
 * can sign in with `alice` (any password) right away.
 */
export interface DevIdpUser {
  /** What to type into the provider's login field (the e-mail works too); the typed text becomes `sub`. */
  login: string;
  email: string;
  name: string;
  /** The provider's `email_verified` claim (false to try the unverified-e-mail rule). */
  emailVerified: boolean;
}

export const DEMO_USERS: readonly DevIdpUser[] = [
  { login: 'alice', email: 'alice@example.com', name: 'Alice Example', emailVerified: true },
  { login: 'bob', email: 'bob@example.com', name: 'Bob Example', emailVerified: true },
];

/**
 * The account for a typed login: a known user by login or e-mail; otherwise, since the dev
 * provider accepts any login, a stranger whose e-mail is the login when it looks like one
 * (the service will then answer 401: no user is linked to that e-mail).
 */
export function accountFor(users: readonly DevIdpUser[], login: string): DevIdpUser {
  const known = users.find((u) => u.login === login || u.email.toLowerCase() === login.toLowerCase());
  if (known) return known;
  const email = login.includes('@') ? login : `${login}@unknown.invalid`;
  return { login, email, name: login, emailVerified: true };
}
