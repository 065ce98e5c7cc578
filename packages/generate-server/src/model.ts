/**
 * The contract's routes at the generated service version -> what the server templates print:
 * route modules (one per area: sign-in, commands, and one per area of the read resources), the
 * handler groups of the `Handlers` interface, and the TypeScript types of bodies and queries.
 */
import type { JsonSchema, RouteContract } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';

export interface RouteRow {
  operationId: string;
  kind: RouteContract['kind'];
  method: string;
  path: string;
  url: string;
  since: string | null;
  access: string;
  permission: string | null;
  rateLimited: boolean;
  resource: string | null;
  /** `handlers.<group>.<name>`. */
  group: string;
  name: string;
  /** Parameters of the handler call: `request, tools` or `request, reply, tools`. */
  params: string;
  /** `since` and `permission` as TypeScript literals. */
  sinceLiteral: string;
  permissionLiteral: string;
}

/**
 * A TypeScript string literal in single quotes, or `null`. The replaces run only where there is
 * something to escape: two regular expressions run cold on each of the 2,440 values of the
 * 600-resource spec (`since` and `permission` of 1,220 routes) took about 2.6 ms, the checks 0.1 ms.
 */
export function quote(value: string | null): string {
  if (value === null) return 'null';
  if (!value.includes('\\') && !value.includes("'")) return `'${value}'`;
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export interface RouteModule {
  /** File name without extension, e.g. `inventory`. */
  file: string;
  /** Exported function, e.g. `inventoryRoutes`. */
  functionName: string;
  title: string;
  routes: RouteRow[];
}

export interface HandlerMember {
  name: string;
  type: string;
  method: string;
  path: string;
}

export interface HandlerGroup {
  name: string;
  doc: string;
  /** `ResourceHandlers<ProductRecord>` for a resource; null for a group of sign-in handlers. */
  resourceType: string | null;
  /** Interface name of a sign-in group, e.g. `SignInHandlers`. */
  interfaceName: string | null;
  members: HandlerMember[];
}

const GROUP_OF_KIND = { 'sign-in': 'SignIn', command: 'Commands' } as const;

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function areaOf(resources: ReadonlyMap<string, Spec['resources'][number]>, route: RouteContract): string {
  if (route.kind === 'sign-in') return 'SignIn';
  if (route.kind === 'command') return 'Commands';
  const resource = route.resource === null ? undefined : resources.get(route.resource);
  return resource?.area ?? resource?.path?.split('/')[0] ?? 'Common';
}

/** The first resource of each name (as `find` gives it), once per call instead of a search per route. */
function firstByName(spec: Spec): Map<string, Spec['resources'][number]> {
  const map = new Map<string, Spec['resources'][number]>();
  for (const r of spec.resources) if (!map.has(r.name)) map.set(r.name, r);
  return map;
}

/** Each route's row, by the route object (the contract keeps a resource's routes while its IR is the same). */
const rows = new WeakMap<RouteContract, RouteRow>();

/**
 * One row object per distinct row, by its values: a field edit makes new routes for the resource it
 * edited, whose rows are mostly the same as before, and the kept renders (generator.ts) compare rows
 * by identity. Made anew when it holds far more rows than a call uses (rows an edit left behind).
 */
let canonicalRows = new Map<string, RouteRow>();

function row(route: RouteContract, keep: boolean): RouteRow {
  // a one-shot run renders each file once: nothing compares its rows by identity
  if (!keep) return rowOf(route);
  let kept = rows.get(route);
  if (kept === undefined) {
    const made = rowOf(route);
    const values = JSON.stringify(rowValues(made));
    kept = canonicalRows.get(values);
    if (kept === undefined) {
      kept = made;
      canonicalRows.set(values, made);
    }
    rows.set(route, kept);
  }
  return kept;
}

/** A row's values in a fixed order: everything a template prints of it (`since` and `permission` through their literals). */
function rowValues(row: RouteRow): unknown[] {
  return [
    row.operationId,
    row.kind,
    row.resource,
    row.method,
    row.path,
    row.url,
    row.sinceLiteral,
    row.access,
    row.permissionLiteral,
    row.rateLimited,
    row.params,
    row.group,
    row.name,
  ];
}

function rowOf(route: RouteContract): RouteRow {
  const read = route.kind === 'list' || route.kind === 'get';
  return {
    operationId: route.operationId,
    kind: route.kind,
    method: route.method,
    path: route.path,
    url: route.prefixedPath,
    since: route.since,
    access: route.access,
    permission: route.permission,
    rateLimited: route.rateLimited,
    resource: route.resource,
    group: read ? route.resource! : GROUP_OF_KIND[route.kind as keyof typeof GROUP_OF_KIND],
    name: read ? route.kind : route.operationId,
    params: read ? 'request, tools' : 'request, reply, tools',
    sinceLiteral: quote(route.since),
    permissionLiteral: quote(route.permission),
  };
}

export function routeModules(spec: Spec, routes: readonly RouteContract[], keep = true): RouteModule[] {
  if (canonicalRows.size > 2 * routes.length + 1000) canonicalRows = new Map();
  const byArea = new Map<string, RouteRow[]>();
  const resources = firstByName(spec);
  for (const route of routes) {
    const area = areaOf(resources, route);
    const rows = byArea.get(area);
    if (rows) rows.push(row(route, keep));
    else byArea.set(area, [row(route, keep)]);
  }
  return [...byArea].map(([area, rows]) => {
    const file = kebab(area);
    const functionName = `${area[0]!.toLowerCase()}${area.slice(1)}Routes`;
    const title =
      area === 'SignIn'
        ? 'Sign-in steps and the session'
        : area === 'Commands'
          ? 'Commands'
          : `${area}: ${[...new Set(rows.map((r) => r.resource))].join(', ')}`;
    return { file, functionName, title, routes: rows };
  });
}

/** A flat object type from a request payload schema: `{ MfaToken: string; Code: number }`. */
function payloadType(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const tsType = (p: JsonSchema) => {
    const types = ([] as unknown[]).concat(p.type ?? 'unknown');
    return types
      .map((t) => (t === 'integer' ? 'number' : t === 'null' ? 'null' : typeof t === 'string' ? t : 'unknown'))
      .join(' | ');
  };
  const members = Object.entries(properties).map(
    ([name, p]) => `${name}${required.has(name) ? '' : '?'}: ${tsType(p)}`,
  );
  if (schema.additionalProperties !== false) members.push('[property: string]: unknown');
  return members.length === 0 ? 'Record<string, never>' : `{ ${members.join('; ')} }`;
}

/** Names `@service-api/types` exports for the spec's structures (LoginRequest, ...). */
function structureTypes(spec: Spec): Set<string> {
  return new Set(spec.structures.map((s) => naming.structureType(s.name)));
}

export function bodyType(
  spec: Spec,
  route: RouteContract,
  payloads: Record<string, JsonSchema>,
): { type: string; imports: string[] } {
  if (!route.body) return { type: 'undefined', imports: [] };
  const payload = route.body.payload ? payloads[route.body.payload] : undefined;
  if (payload) return { type: payloadType(payload), imports: [] };
  if (structureTypes(spec).has(route.body.schema))
    return {
      type: route.body.required ? route.body.schema : `${route.body.schema} | undefined`,
      imports: [route.body.schema],
    };
  return { type: 'unknown', imports: [] };
}

export function queryType(route: RouteContract): string {
  if (route.query.length === 0) return 'Record<string, never>';
  return `{ ${route.query.map((q) => `${q.name}?: string`).join('; ')} }`;
}

/** The record type of a resource as served at `version`: `ProductRecord`, or `ProductRecordAt<'22.6'>` below the newest. */
export function recordType(spec: Spec, resource: string, version: string | null): string {
  return version === null || version === spec.newestVersion
    ? naming.recordType(resource)
    : `${naming.versionView(resource)}<'${version}'>`;
}
