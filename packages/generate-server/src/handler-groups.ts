/**
 * The groups of the generated `Handlers` interface: `SignIn` and `Commands` (Fastify handlers with
 * typed bodies and queries), then one `ResourceHandlers<Record>` per read resource (`list`, `get`).
 */
import type { JsonSchema, RouteContract } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { bodyType, queryType, recordType, type HandlerGroup } from './model.ts';

export interface HandlerGroups {
  groups: HandlerGroup[];
  /** Type names imported from `@service-api/types`, sorted. */
  typeImports: string[];
}

const SIGN_IN_GROUPS = [
  {
    kind: 'sign-in',
    name: 'SignIn',
    interfaceName: 'SignInHandlers',
    doc: 'Sign-in steps and the session: password, TOTP, OIDC, current session, logout.',
  },
  {
    kind: 'command',
    name: 'Commands',
    interfaceName: 'CommandHandlers',
    doc: 'Commands under /api/v1/Common/Commands (device registration).',
  },
] as const;

export function handlerGroups(
  spec: Spec,
  routes: readonly RouteContract[],
  version: string | null,
  payloads: Record<string, JsonSchema>,
): HandlerGroups {
  const imports = new Set<string>();
  const groups: HandlerGroup[] = [];
  for (const g of SIGN_IN_GROUPS) {
    const members = routes
      .filter((r) => r.kind === g.kind)
      .map((r) => {
        const body = bodyType(spec, r, payloads);
        for (const i of body.imports) imports.add(i);
        return {
          name: r.operationId,
          type: `SignInHandler<${body.type}, ${queryType(r)}>`,
          method: r.method,
          path: r.path,
        };
      });
    if (members.length > 0)
      groups.push({ name: g.name, doc: g.doc, resourceType: null, interfaceName: g.interfaceName, members });
  }
  const resources = [...new Set(routes.filter((r) => r.kind === 'list' || r.kind === 'get').map((r) => r.resource!))];
  // The first list route of each resource (a search per resource was quadratic on a large spec).
  const lists = new Map<string, RouteContract>();
  for (const r of routes) if (r.kind === 'list' && !lists.has(r.resource!)) lists.set(r.resource!, r);
  for (const name of resources) {
    const { group, typeImport } = resourceGroup(spec, name, lists.get(name)!, version);
    imports.add(typeImport);
    groups.push(group);
  }
  return { groups, typeImports: [...imports].sort() };
}

/**
 * A read resource's group, kept by its list route (the contract keeps a resource's routes while its
 * IR is the same) while the version and the spec's newest version are the same: a watch edit makes
 * the groups of the resources it changed, and handlers.ts is kept while every group is (generator.ts).
 */
const resourceGroups = new WeakMap<
  RouteContract,
  { version: string | null; newest: string | null; group: HandlerGroup; typeImport: string }
>();

function resourceGroup(
  spec: Spec,
  name: string,
  list: RouteContract,
  version: string | null,
): { group: HandlerGroup; typeImport: string } {
  const kept = resourceGroups.get(list);
  if (kept && kept.version === version && kept.newest === spec.newestVersion && kept.group.name === name) return kept;
  const type = recordType(spec, name, version);
  const permission = list.permission ? `permission "${list.permission}"` : 'a session';
  const made = {
    version,
    newest: spec.newestVersion,
    typeImport: type.replace(/<.*$/, ''),
    group: {
      name,
      doc: `${list.method} ${list.path}[/{Id}] (${permission}); records typed as ${naming.recordType(name)} at ${version ?? 'every version'}.`,
      resourceType: `ResourceHandlers<${type}>`,
      interfaceName: null,
      members: [],
    },
  };
  resourceGroups.set(list, made);
  return made;
}
