/**
 * What every check of one run shares: the IR and the contract's route table at the version, the
 * bounded HTTP client, the findings, the secrets to redact, and where in the spec a finding points.
 */
import { routes, withinPrefix, type RouteContract } from '@specgen/contract';
import type { Source, Spec } from '@specgen/ir';
import type { Clock, HttpClient } from './http.ts';
import type { Findings } from './findings.ts';
import type { Schemas } from './schemas.ts';
import type { Secrets } from './secrets.ts';

export interface Credentials {
  username: string;
  password: string;
}

export interface MfaCredentials extends Credentials {
  totpSecret: string;
}

export interface RunContext {
  spec: Spec;
  version: string;
  languageCode: string;
  companyNumber: string;
  http: HttpClient;
  findings: Findings;
  secrets: Secrets;
  schemas: Schemas;
  clock: Clock;
  /** The session of the reading user once signed in (never shown: reproducers say `$SESSION`). */
  session: string | null;
  /** The redirect address registered at the identity provider, for the OIDC initiate. */
  oidcRedirectUrl: string;
}

/** The route of the contract at the run's version with this operation id (undefined: not at this version). */
export function route(
  ctx: RunContext,
  operationId: string,
  version: string | null = ctx.version,
): RouteContract | undefined {
  return routes(ctx.spec, version).find((r) => r.operationId === operationId);
}

/** The route's path with the run's language code and company number (and `Id`) filled in. */
export function pathOf(ctx: RunContext, r: Pick<RouteContract, 'path'>, id?: string): string {
  const values: Record<string, string> = {
    languageCode: ctx.languageCode,
    companyNumber: ctx.companyNumber,
    ...(id !== undefined ? { Id: id } : {}),
  };
  return r.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? name));
}

/** `POST /login/totp 401`: the subject of a finding about an endpoint's answer. */
export function endpointSubject(r: Pick<RouteContract, 'method' | 'path'>, status: number | string): string {
  return `${r.method} ${withinPrefix(r.path)} ${status}`;
}

/** The spec line of an open point (`endpoints.credentialLogin`), else the spec's title line. */
export function unknownAt(spec: Spec, id: string): Source {
  return spec.unknowns.find((u) => u.id === id)?.source ?? spec.source;
}

/** `?$top=2&$filter=...` with each value percent-encoded. */
export function query(options: Record<string, string>): string {
  const parts = Object.entries(options).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}
