/**
 * The bundled development identity provider: oidc-provider 9 on loopback with its built-in
 * development login form (any password), consent skipped for the one first-party client,
 * PKCE required, and `email` in the ID token (`conformIdTokenClaims: false`).
 * Never for production: the login form accepts any password.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { accountFor, DEMO_USERS, type DevIdpUser } from './users.ts';

export interface DevIdpOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  users?: readonly DevIdpUser[];
}

export interface DevIdp {
  /** Issuer identifier, e.g. `http://127.0.0.1:8002`. */
  issuer: string;
  port: number;
  users: readonly DevIdpUser[];
  close(): Promise<void>;
}

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const host = options.host ?? '127.0.0.1';
  const users = options.users ?? DEMO_USERS;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;
  const provider = new Provider(issuer, await configuration(options, users));
  server.on('request', provider.callback());
  return { issuer, port, users, close: () => closeServer(server) };
}

async function configuration(options: DevIdpOptions, users: readonly DevIdpUser[]): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-idp-rs256' };
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const user = accountFor(users, id);
      // oidc-provider requires the account id to be the id it asked for (what was typed).
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: user.email, email_verified: user.emailVerified, name: user.name };
        },
      };
    },
    loadExistingGrant: skipConsentForKnownClient,
  };
}

/** The one registered client is first-party: grant openid and email without a consent page. */
async function skipConsentForKnownClient(ctx: KoaContextWithOIDC) {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) return provider.Grant.find(grantId);
  const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope('openid email profile');
  grant.addOIDCClaims(['email', 'email_verified', 'name']);
  await grant.save();
  return grant;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
