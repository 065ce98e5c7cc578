/**
 * What the OIDC endpoints need from the server configuration and the IR: the relying-party
 * settings, the flow lifetime, the attempt limit, and which endpoints the configured service
 * version has (the spec's OIDC endpoints appear in 25.8).
 */
import { routes } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import type { RelyingPartySettings } from '@specgen/runtime-auth/oidc';
import type { ServerConfig } from '../server-context.ts';

export const OIDC_ENDPOINT_IDS = { initiate: 'oidcInitiate', callback: 'oidcCallback' } as const;

/** Defaults where the spec says "not shown" (docs/decisions/oidc.md). */
export const OIDC_DEFAULTS = {
  flowLifetimeSeconds: 600,
  maxFailedAttempts: 10,
  attemptWindowSeconds: 300,
} as const;

export interface OidcRuntimeSettings {
  /** Null when no issuer is configured: the endpoints answer 503. */
  relyingParty: RelyingPartySettings | null;
  /** The registered redirect address the `redirectUrl` query must equal exactly. */
  redirectUrl: string;
  flowLifetimeMs: number;
  maxFailedAttempts: number;
  attemptWindowMs: number;
  cookieSecure: boolean;
}

export function oidcRuntimeSettings(config: ServerConfig): OidcRuntimeSettings {
  const o = config.oidc;
  const redirectUrl = o.redirectUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/`;
  const relyingParty =
    o.issuer && o.clientId
      ? {
          issuer: o.issuer,
          clientId: o.clientId,
          clientSecret: o.clientSecret,
          redirectUrl,
          scopes: o.scopes,
          allowInsecureIssuer: o.allowInsecureIssuer,
        }
      : null;
  return {
    relyingParty,
    redirectUrl,
    flowLifetimeMs: (o.flowLifetimeSeconds > 0 ? o.flowLifetimeSeconds : OIDC_DEFAULTS.flowLifetimeSeconds) * 1000,
    maxFailedAttempts: o.maxFailedAttempts ?? OIDC_DEFAULTS.maxFailedAttempts,
    attemptWindowMs: (o.attemptWindowSeconds ?? OIDC_DEFAULTS.attemptWindowSeconds) * 1000,
    cookieSecure: config.cookieSecure,
  };
}

/**
 * The route of an IR endpoint inside the `/:languageCode/:companyNumber` prefix, or null when
 * the contract's route table has none at the configured service version (the spec lacks the
 * endpoint, its `since` or a versioning rule such as "OIDC from 25.8" puts it later).
 */
export function routeAt(spec: Spec, id: string, version: string): string | null {
  return routes(spec, version).find((r) => r.endpoint === id)?.prefixedPath ?? null;
}
