/**
 * IR -> the view model the client templates render: one entry per sign-in endpoint, command
 * and read resource at the chosen service version, with every identifier from @specgen/naming
 * and every path from the route table of @specgen/contract, which the OpenAPI document and the
 * server use too.
 */
import { fieldsAt, type Endpoint, type Field, type Resource, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { SESSION_HEADER, effectiveVersion, endpointsAt, isRelation, readResourcesAt, routes, withinPrefix, type RouteContract } from '@specgen/contract';

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

/** Decoders make Int64 fields bigint (and recurse into expanded relations) without validating. */
function decoderOf(spec: Spec, typeName: string, fields: Field[], out: Map<string, DecoderView>): string {
  if (out.has(typeName)) return typeName;
  const view: DecoderView = { typeName, int64: [], objects: [] };
  out.set(typeName, view);
  for (const f of fields) {
    const base = f.type.base;
    if (base.kind === 'scalar') {
      if (base.scalar === 'Int64') view.int64.push(f.name);
    } else if (isRelation(f)) {
      const own = spec.resources.find((r) => r.name === base.target);
      const target = naming.recordType(base.target);
      const targetFields = own ? own.fields : [{ ...f, name: 'Id', type: { text: 'Int64', base: { kind: 'scalar' as const, scalar: 'Int64' as const }, nullable: false, array: false } }];
      view.objects.push({ name: f.name, decoder: decoderOf(spec, target, targetFields, out) });
    }
  }
  return typeName;
}

function resourceView(r: Resource, version: string | null, table: readonly RouteContract[]): ResourceView {
  const typeName = naming.recordType(r.name);
  const fields = fieldsAt(r, version);
  return {
    name: r.name,
    accessor: naming.clientAccessor(r.name),
    typeName,
    fieldUnion: naming.fieldUnion(r.name),
    expandableUnion: `${typeName}Expandable`,
    schemaName: naming.schema(typeName),
    path: routePath(table, (x) => x.resource === r.name && x.kind === 'list', `resource ${r.name}`),
    since: r.introduced,
    fields: fields.map((f) => f.name),
    expandable: fields.filter(isRelation).map((f) => f.name),
    listOperation: naming.listOperation(r.name),
    getOperation: naming.getOperation(r.name),
  };
}

export function buildClientModel(spec: Spec, requestedVersion: string | null): ClientModel {
  const version = effectiveVersion(spec, requestedVersion);
  const resources = readResourcesAt(spec, version);
  const table = routes(spec, version);
  const decoders = new Map<string, DecoderView>();
  for (const r of resources) decoderOf(spec, naming.recordType(r.name), fieldsAt(r, version), decoders);
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
