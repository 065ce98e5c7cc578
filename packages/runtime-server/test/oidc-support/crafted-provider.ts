/**
 * A small OpenID provider under the test's control, for relying-party negative cases modelled
 * on the OpenID Foundation RP conformance tests: discovery, JWKS, and a token endpoint that
 * returns ID tokens crafted per code (wrong iss/aud, foreign key, alg none, expired, ...).
 * `authorize()` plays the user's login: it reads the authorization URL and mints a code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export interface TokenCraft {
  /** Claims merged over the correct ones (iss, aud, sub, email, email_verified, iat, exp, nonce). */
  claims?: Record<string, unknown>;
  /** Claim names to leave out. */
  omit?: string[];
  /**
   * `none` gives an unsigned token; `foreign-key` signs with a key not in the JWKS (same kid);
   * `hs256-client-secret` signs with HMAC keyed by the client secret (algorithm confusion).
   */
  signing?: 'valid' | 'none' | 'foreign-key' | 'hs256-client-secret';
  /** Header kid; null leaves kid out. */
  kid?: string | null;
  /** `sub` answered by the UserInfo endpoint (default: the token's sub). */
  userinfoSub?: string;
}

export interface TokenRequestLog {
  code: string;
  codeVerifier: string | null;
  authorization: string | null;
  redirectUri: string | null;
}

export interface CraftedProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Advertise `code_challenge_methods_supported` (default true). */
  advertisePkce?: boolean;
  /** Check the verifier against the challenge (default true); false plays a provider that ignores PKCE. */
  enforcePkce?: boolean;
  /** Publish this many further RS256 keys in the JWKS (for the kid-absent-with-several-keys case). */
  extraKeys?: number;
}

interface PendingCode {
  nonce: string | null;
  challenge: string | null;
  redirectUri: string;
  craft: TokenCraft;
}

export async function startCraftedProvider(options: CraftedProviderOptions = {}) {
  const clientId = options.clientId ?? 'crafted-client';
  const clientSecret = options.clientSecret ?? 'crafted-secret-0123456789';
  const keys = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const extraJwks: JWK[] = [];
  for (let i = 0; i < (options.extraKeys ?? 0); i++) {
    const extra = await generateKeyPair('RS256', { extractable: true });
    extraJwks.push({ ...(await exportJWK(extra.publicKey)), kid: `extra-${i}`, alg: 'RS256', use: 'sig' });
  }
  const codes = new Map<string, PendingCode>();
  const tokenRequests: TokenRequestLog[] = [];
  const tokenSubs = new Map<string, string>();
  let issuer = '';

  async function idToken(code: PendingCode): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const base: Record<string, unknown> = {
      iss: issuer,
      aud: clientId,
      sub: 'user-1',
      email: 'user1@example.com',
      email_verified: true,
      iat: now,
      exp: now + 300,
      ...(code.nonce ? { nonce: code.nonce } : {}),
    };
    const claims = { ...base, ...code.craft.claims };
    for (const name of code.craft.omit ?? []) delete claims[name];
    const kid = code.craft.kid === undefined ? 'k1' : code.craft.kid;
    if (code.craft.signing === 'none') {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
    }
    if (code.craft.signing === 'hs256-client-secret') {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', ...(kid ? { kid } : {}) })
        .sign(new TextEncoder().encode(clientSecret));
    }
    const key = code.craft.signing === 'foreign-key' ? foreign.privateKey : keys.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) }).sign(key);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res
        .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        ...(options.advertisePkce === false ? {} : { code_challenge_methods_supported: ['S256'] }),
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [publicJwk, ...extraJwks] });
    if (url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const sub = tokenSubs.get(token);
      return sub
        ? json(200, { sub, email: 'user1@example.com', email_verified: true })
        : json(401, { error: 'invalid_token' });
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const code = form.get('code') ?? '';
      tokenRequests.push({
        code,
        codeVerifier: form.get('code_verifier'),
        authorization: req.headers.authorization ?? null,
        redirectUri: form.get('redirect_uri'),
      });
      const [id, secret] = basicCredentials(req.headers.authorization);
      if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || pending.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      if (options.enforcePkce !== false && pending.challenge !== s256(form.get('code_verifier') ?? ''))
        return json(400, { error: 'invalid_grant' });
      const accessToken = randomBytes(16).toString('hex');
      const idt = await idToken(pending);
      tokenSubs.set(accessToken, pending.craft.userinfoSub ?? String(pending.craft.claims?.sub ?? 'user-1'));
      return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idt });
    }
    json(404, { error: 'not_found' });
  }

  const server = createServer((req, res) => void handle(req, res).catch((e) => res.writeHead(500).end(String(e))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    /** The provider's side of a login: returns the redirect back to the client with code and state. */
    authorize(authorizationUrl: string, craft: TokenCraft = {}): URL {
      const params = new URL(authorizationUrl).searchParams;
      const code = randomBytes(16).toString('base64url');
      const redirectUri = params.get('redirect_uri') ?? '';
      codes.set(code, { nonce: params.get('nonce'), challenge: params.get('code_challenge'), redirectUri, craft });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      return back;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CraftedProvider = Awaited<ReturnType<typeof startCraftedProvider>>;

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** RFC 6749 §2.3.1: client_secret_basic carries form-urlencoded id and secret. */
export function basicCredentials(header: string | undefined): [string | null, string | null] {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return [null, null];
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [null, null];
  const unform = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
  return [unform(decoded.slice(0, colon)), unform(decoded.slice(colon + 1))];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
