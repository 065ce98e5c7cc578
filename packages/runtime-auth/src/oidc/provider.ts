/**
 * The configured identity provider, found by OpenID Connect Discovery 1.0 and cached per
 * issuer and client. A failed discovery is not cached, so the next sign-in tries again.
 */
import * as client from 'openid-client';
import { OIDC_ERRORS, OidcError } from './errors.ts';

export interface RelyingPartySettings {
  /** Issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Sent with client_secret_basic; null for a public client (PKCE alone). */
  clientSecret: string | null;
  /** The redirect address registered at the provider (exact match, RFC 9700 §2.1). */
  redirectUrl: string;
  /** Requested scopes; `openid` and `email` are always included. */
  scopes: string[];
  /** Tests and the loopback dev provider only: permit an `http:` issuer. */
  allowInsecureIssuer: boolean;
  /** Seconds for each request to the provider (default 10). */
  timeoutSeconds?: number;
}

const cache = new Map<string, Promise<client.Configuration>>();

function cacheKey(s: RelyingPartySettings): string {
  return JSON.stringify([s.issuer, s.clientId, s.clientSecret, s.allowInsecureIssuer]);
}

async function discover(s: RelyingPartySettings): Promise<client.Configuration> {
  const insecure = s.allowInsecureIssuer ? { execute: [client.allowInsecureRequests] } : {};
  const auth = s.clientSecret ? client.ClientSecretBasic(s.clientSecret) : client.None();
  try {
    const config = await client.discovery(new URL(s.issuer), s.clientId, undefined, auth, {
      ...insecure,
      timeout: s.timeoutSeconds ?? 10,
    });
    config.timeout = s.timeoutSeconds ?? 10;
    // Core §3.1.3.7 item 6 lets a client trust TLS instead of the signature for tokens from the
    // token endpoint; openid-client does so by default. We verify the signature with the JWKS.
    client.enableNonRepudiationChecks(config);
    return config;
  } catch (cause) {
    throw new OidcError(OIDC_ERRORS.discoveryFailed, `OIDC discovery failed for issuer ${s.issuer}`, { cause });
  }
}

/** The provider configuration; discovery runs once per settings, retried after a failure. */
export function providerConfiguration(s: RelyingPartySettings): Promise<client.Configuration> {
  const key = cacheKey(s);
  let pending = cache.get(key);
  if (!pending) {
    pending = discover(s);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/** Forget cached discovery results (tests that restart a provider on the same address). */
export function clearProviderCache(): void {
  cache.clear();
}

/**
 * The redirect address as sent to the provider. It must be an absolute URL without query or
 * fragment: openid-client derives the token request's redirect_uri by stripping the query.
 */
export function redirectUriOf(s: RelyingPartySettings): string {
  let url: URL;
  try {
    url = new URL(s.redirectUrl);
  } catch (cause) {
    throw new OidcError(OIDC_ERRORS.invalidConfiguration, `redirect address is not a URL: ${s.redirectUrl}`, { cause });
  }
  if (url.search !== '' || url.hash !== '') {
    throw new OidcError(
      OIDC_ERRORS.invalidConfiguration,
      `redirect address must have no query or fragment: ${s.redirectUrl}`,
    );
  }
  return url.href;
}

/** `openid` and `email` first, then the configured extras, without duplicates. */
export function effectiveScopes(scopes: string[]): string[] {
  return [...new Set(['openid', 'email', ...scopes.filter((x) => x.trim() !== '')])];
}
