/**
 * IR -> the view model the client templates render: one entry per sign-in endpoint, command
 * and read resource at the chosen service version, with every identifier from @specgen/naming
 * and every path from the route table of @specgen/contract, which the OpenAPI document and the
 * server use too.
 */
import { fieldsAt, type Endpoint, type Resource, type Spec, stableIdentity } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { addDecoder } from './decoders.ts';
import {
  SESSION_HEADER,
  effectiveVersion,
  endpointsAt,
  isRelation,
  readResourcesAt,
  routes,
  withinPrefix,
  type RouteContract,
} from '@specgen/contract';

export interface QueryParamView {
  name: string;
  required: boolean;
}

export interface EndpointView {
  method: string;
  httpMethod: string;
  /** Path after `/{languageCode}/{companyNumber}`. */
  path: string;
  docLines: string[];
  query: QueryParamView[];
  bodyType: string | null;
  /** `string` for a text/plain answer, else the structure type. */
  resultType: string;
  text: boolean;
  startsSession: boolean;
}

export interface CommandView {
  method: string;
  name: string;
  path: string;
  summary: string;
  resultType: string | null;
  /** True for the command that needs a code (SetMultiFactorAuthenticationDevice). */
  takesCode: boolean;
}

export interface DecoderView {
  typeName: string;
  int64: string[];
  objects: { name: string; decoder: string }[];
}

export interface ResourceView {
  name: string;
  accessor: string;
  typeName: string;
  fieldUnion: string;
  expandableUnion: string;
  schemaName: string;
  path: string;
  since: string | null;
  fields: string[];
  expandable: string[];
  listOperation: string;
  getOperation: string;
}

export interface ClientModel {
  title: string;
  serviceVersion: string | null;
  sessionHeader: string;
  /** Paths (after `/{languageCode}/{companyNumber}`) of credential login, logout and the current session. */
  signIn: { login: string; logout: string; session: string };
  endpoints: EndpointView[];
  commands: CommandView[];
  resources: ResourceView[];
  decoders: DecoderView[];
  structureTypes: string[];
  recordTypes: string[];
}

/** The path of the route after `/{languageCode}/{companyNumber}`. */
function routePath(table: readonly RouteContract[], pick: (r: RouteContract) => boolean, what: string): string {
  const route = table.find(pick);
  if (!route) throw new Error(`the route table has no route for ${what}`);
  return withinPrefix(route.path);
}

/** The list route of each resource, by resource name (the first one, as `table.find` would give). */
const listRoutes = new WeakMap<readonly RouteContract[], Map<string, RouteContract>>();

function listRoutePath(table: readonly RouteContract[], resource: string): string {
  let byResource = listRoutes.get(table);
  if (!byResource) {
    byResource = new Map();
    for (const r of table)
      if (r.kind === 'list' && r.resource !== undefined && r.resource !== null && !byResource.has(r.resource))
        byResource.set(r.resource, r);
    listRoutes.set(table, byResource);
  }
  const route = byResource.get(resource);
  if (!route) throw new Error(`the route table has no route for resource ${resource}`);
  return withinPrefix(route.path);
}

function endpointView(spec: Spec, e: Endpoint, table: readonly RouteContract[]): EndpointView {
  const structure = (name: string | null) => spec.structures.find((s) => s.name === name);
  const body = structure(e.body);
  const result = structure(e.success.body);
  const text = e.success.contentType === 'text/plain';
  return {
    method: naming.endpointMethod(e.id),
    httpMethod: e.method,
    path: routePath(table, (r) => r.endpoint === e.id, `endpoint ${e.id}`),
    docLines: [e.request, `Success: ${e.success.text}`].filter(Boolean),
    query: e.query.map((q) => ({ name: q.name, required: q.required })),
    bodyType: body ? naming.structureType(body.name) : null,
    resultType: text ? 'string' : result ? naming.structureType(result.name) : 'unknown',
    text,
    startsSession: !text && result?.name === 'LoginResponse',
  };
}

/** Views kept per resource object, with the version and path they were made for. */
const resourceViews = new WeakMap<Resource, { version: string | null; path: string; view: ResourceView }>();

function resourceView(r: Resource, version: string | null, table: readonly RouteContract[]): ResourceView {
  const path = listRoutePath(table, r.name);
  // by position-free identity: a resource that only moved keeps its view (no positions in it)
  const hit = resourceViews.get(stableIdentity(r));
  if (hit && hit.version === version && hit.path === path) return hit.view;
  const typeName = naming.recordType(r.name);
  const fields = fieldsAt(r, version);
  const view: ResourceView = {
    name: r.name,
    accessor: naming.clientAccessor(r.name),
    typeName,
    fieldUnion: naming.fieldUnion(r.name),
    expandableUnion: `${typeName}Expandable`,
    schemaName: naming.schema(typeName),
    path,
    since: r.introduced,
    fields: fields.map((f) => f.name),
    expandable: fields.filter(isRelation).map((f) => f.name),
    listOperation: naming.listOperation(r.name),
    getOperation: naming.getOperation(r.name),
  };
  resourceViews.set(stableIdentity(r), { version, path, view });
  return view;
}

export function buildClientModel(spec: Spec, requestedVersion: string | null): ClientModel {
  const version = effectiveVersion(spec, requestedVersion);
  const resources = readResourcesAt(spec, version);
  const table = routes(spec, version);
  const decoders = new Map<string, DecoderView>();
  const byName = new Map<string, Resource>();
  for (const r of spec.resources) if (!byName.has(r.name)) byName.set(r.name, r);
  for (const r of resources) addDecoder(r, () => fieldsAt(r, version), version ?? '*', byName, decoders);
  return {
    title: spec.title,
    serviceVersion: version,
    sessionHeader: SESSION_HEADER,
    signIn: {
      login: routePath(table, (r) => r.operationId === 'login', 'login'),
      logout: routePath(table, (r) => r.operationId === 'logout', 'logout'),
      session: routePath(table, (r) => r.operationId === 'getSession', 'getSession'),
    },
    endpoints: endpointsAt(spec, version).map((e) => endpointView(spec, e, table)),
    commands: spec.commands.map((c) => ({
      method: naming.commandMethod(c.name),
      name: c.name,
      path: routePath(table, (r) => r.command === c.name, `command ${c.name}`),
      summary: c.returns,
      resultType: c.response ? naming.structureType(c.response) : null,
      takesCode: /^Set/.test(c.name),
    })),
    resources: resources.map((r) => resourceView(r, version, table)),
    decoders: [...decoders.values()].sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0)),
    structureTypes: spec.structures.map((s) => naming.structureType(s.name)),
    recordTypes: resources.map((r) => naming.recordType(r.name)),
  };
}
