/**
 * What `pnpm start` calls when no OIDC issuer is configured: start the development provider
 * on loopback next to the server, point the server's OIDC settings at it, and make sure a
 * service user exists for every demo account (authentication mode OIDC, e-mail linked).
 *
 *   const { config: withIdp, idp } = await attachDevIdp(config, store, { permissions });
 *   const app = await createServer({ spec, config: withIdp, store });
 */
import { randomBytes } from 'node:crypto';
import { createUser, findUserByOidcEmail, findUserByUsername, type Store } from '@specgen/runtime-store';
import type { ServerConfig } from '../server-context.ts';
import { startDevIdp, type DevIdp } from './provider.ts';
import { DEMO_USERS, type DevIdpUser } from './users.ts';

export const DEV_IDP_PORT = 8002;
export const DEV_IDP_CLIENT_ID = 'service-dev';

export interface AttachDevIdpOptions {
  /** Default DEV_IDP_PORT or 8002; 0 picks a free port. */
  port?: number;
  users?: readonly DevIdpUser[];
  /** Read permissions the demo users get (e.g. every permission of the spec's read resources). */
  permissions?: string[];
}

export interface AttachedDevIdp<C extends ServerConfig> {
  /** The server configuration with `oidc` pointing at the development provider. */
  config: C;
  idp: DevIdp;
}

export async function attachDevIdp<C extends ServerConfig>(
  config: C,
  store: Store,
  options: AttachDevIdpOptions = {},
): Promise<AttachedDevIdp<C>> {
  if (config.oidc.issuer)
    throw new Error('an OIDC issuer is configured; the development provider is only for setups without one');
  const redirectUrl = config.oidc.redirectUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/`;
  const clientSecret = randomBytes(24).toString('base64url');
  const users = options.users ?? DEMO_USERS;
  const port = options.port ?? devIdpPort(process.env.DEV_IDP_PORT);
  let idp: DevIdp;
  try {
    idp = await startDevIdp({ port, clientId: DEV_IDP_CLIENT_ID, clientSecret, redirectUris: [redirectUrl], users });
  } catch (err) {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    throw new Error(
      `port ${port} for the development OIDC provider is in use: free it, set DEV_IDP_PORT, or configure OIDC_ISSUER`,
      { cause: err },
    );
  }
  await ensureDemoUsers(store, users, options.permissions ?? []);
  const oidc = {
    ...config.oidc,
    issuer: idp.issuer,
    clientId: DEV_IDP_CLIENT_ID,
    clientSecret,
    redirectUrl,
    allowInsecureIssuer: true,
  };
  return { config: { ...config, oidc }, idp };
}

/** DEV_IDP_PORT when it is a port number, else 8002. */
export function devIdpPort(value: string | undefined): number {
  return value !== undefined && /^\d{1,5}$/.test(value.trim()) && Number(value) <= 65535 ? Number(value) : DEV_IDP_PORT;
}

/** A service user per demo account, username = login, OIDC mode, e-mail linked; existing users are left alone. */
export async function ensureDemoUsers(
  store: Store,
  users: readonly DevIdpUser[],
  permissions: string[],
): Promise<void> {
  for (const u of users) {
    if ((await findUserByUsername(store, u.login)) || (await findUserByOidcEmail(store, u.email))) continue;
    await createUser(store, { username: u.login, authMode: 'oidc', oidcEmail: u.email, permissions });
  }
}
