/**
 * The page model of one service version: the sign-in flows and commands (the contract's routes
 * at that version, with every status they answer), the sign-in structures, the errors, the
 * limits and the read resources that exist then.
 */
import { routes, type RouteContract } from '@specgen/contract';
import { availableAt, type ErrorTable, type Limit, type Resource, type Spec } from '@specgen/ir';
import { fieldRows, type FieldRow } from './fields.ts';
import { areaOf } from './paths.ts';

export interface EndpointRow {
  operationId: string;
  kind: RouteContract['kind'];
  method: string;
  path: string;
  since: string | null;
  access: RouteContract['access'];
  permission: string | null;
  /** Every status the route answers, ascending, with what it means. */
  statuses: Array<{ status: string; description: string }>;
  resource: string | null;
}

export interface StructureSection {
  name: string;
  label: string;
  description: string;
  remarks: string[];
  fields: FieldRow[];
}

export interface ResourceSummary {
  name: string;
  area: string;
  description: string;
  introduced: string | null;
  permission: string | null;
  /** Fields that exist at the version. */
  fieldCount: number;
}

export interface VersionPage {
  version: string;
  title: string;
  endpoints: EndpointRow[];
  structures: StructureSection[];
  errors: ErrorTable[];
  limits: Limit[];
  resources: ResourceSummary[];
}

export function endpointRows(spec: Spec, version: string): EndpointRow[] {
  return routes(spec, version).map((r) => ({
    operationId: r.operationId,
    kind: r.kind,
    method: r.method,
    path: r.path,
    since: r.since,
    access: r.access,
    permission: r.permission,
    statuses: Object.entries(r.responses).map(([status, response]) => ({ status, description: response.description })),
    resource: r.resource,
  }));
}

/** Error tables of the routes that exist at the version (a table of OIDC only from 25.8). */
function errorTablesAt(spec: Spec, version: string): ErrorTable[] {
  const present = new Set(
    routes(spec, version).flatMap((r) => [r.endpoint, r.command].filter((x): x is string => x !== null)),
  );
  return spec.errorTables.filter((t) => t.appliesTo.length === 0 || t.appliesTo.some((id) => present.has(id)));
}

function resourceSummary(resource: Resource, version: string): ResourceSummary {
  return {
    name: resource.name,
    area: areaOf(resource),
    description: resource.description,
    introduced: resource.introduced,
    permission: resource.permission,
    fieldCount: resource.fields.filter((f) => availableAt(f.since, version)).length,
  };
}

export function versionPage(spec: Spec, version: string): VersionPage {
  const endpoints = endpointRows(spec, version).filter((e) => e.kind === 'sign-in' || e.kind === 'command');
  return {
    version,
    title: spec.title,
    endpoints,
    structures: spec.structures.map((s) => ({
      name: s.name,
      label: s.label,
      description: s.description,
      remarks: s.remarks,
      fields: fieldRows(s.fields, version),
    })),
    errors: errorTablesAt(spec, version),
    limits: spec.limits,
    resources: spec.resources.filter((r) => availableAt(r.introduced, version)).map((r) => resourceSummary(r, version)),
  };
}
