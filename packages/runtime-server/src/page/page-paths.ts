/**
 * The paths the page's script calls, from the contract's route table at the served version (the
 * part after `/{languageCode}/{companyNumber}`), by operation id: the script never spells a path
 * itself. An operation the version does not have is null (the page hides what needs it).
 */
import { routes, withinPrefix } from '@specgen/contract';
import type { Spec } from '@specgen/ir';

/** The operations the page drives. */
export const PAGE_OPERATIONS = [
  'login',
  'totpLogin',
  'getSession',
  'logout',
  'oidcInitiate',
  'oidcCallback',
  'getMultiFactorDeviceSecret',
  'setMultiFactorAuthenticationDevice',
] as const;

export type PagePaths = Record<(typeof PAGE_OPERATIONS)[number], string | null>;

export function pagePaths(spec: Spec, serviceVersion: string | null): PagePaths {
  const table = new Map(routes(spec, serviceVersion).map((r) => [r.operationId, withinPrefix(r.path)]));
  return Object.fromEntries(PAGE_OPERATIONS.map((id) => [id, table.get(id) ?? null])) as PagePaths;
}
