/**
 * The OpenAPI 3.1 document of the service as of one service version: one operation per route
 * of the route table (routes.ts), with its parameters, request body and every status the route
 * can answer; security schemes and component schemas.
 */
import { isVersion, type Spec } from '@specgen/ir';
import type { JsonSchema } from '../json-schema.ts';
import type { RouteContract } from '../route-types.ts';
import { routes } from '../routes.ts';
import { commandOperation } from './command-operations.ts';
import { commonParameters, securitySchemes } from './common.ts';
import { decision } from './decisions.ts';
import { ERROR_MESSAGE, errorMessageSchema } from './errors.ts';
import { operationResponses, responseObject } from './operation-responses.ts';
import { readOperation, sharedQueryParameters } from './read-operations.ts';
import { forgetBuild, type ReadGroup, recordBuild } from './build-record.ts';
import { patchedMaps } from './document-patch.ts';
import { finishBuild, lastPart, type ResourcePart, resourceOperations } from './resource-memo.ts';
import { SchemaRegistry } from './schemas.ts';
import { sharedResponses } from './shared-responses.ts';
import { signInOperation } from './signin-operations.ts';

export interface DocumentOptions {
  /** The version to describe; null = the newest version in the spec. */
  serviceVersion: string | null;
  /** Written into `info.x-generated`. */
  generatedBy?: string;
  /**
   * Keep each read resource's part for the next build of the same spec objects (resource-memo.ts;
   * default true). A one-shot run passes false: nothing is kept or deep-frozen, and the document is
   * garbage once its last reader is done.
   */
  memo?: boolean;
}

export type PathItems = Record<string, Record<string, JsonSchema>>;

/** The version a document describes: the requested one, else the newest the spec names. */
export function effectiveVersion(spec: Spec, requested: string | null): string | null {
  if (requested !== null && !isVersion(requested))
    throw new Error(`--service-version: "${requested}" is not a version like 24.1`);
  return requested ?? spec.newestVersion;
}

function tagDescription(tag: string): string {
  if (tag === 'Sign-in')
    return 'Credential, TOTP and OIDC sign-in, the current session and logout. Anonymous except logout and session.';
  if (tag === 'Commands') return 'Device registration commands of the multi-factor authentication.';
  return `Read resources of the ${tag} module; each needs a session with the permission the operation names (x-permission).`;
}

function operation(registry: SchemaRegistry, route: RouteContract): JsonSchema {
  const base =
    route.kind === 'sign-in'
      ? signInOperation(registry, route)
      : route.kind === 'command'
        ? commandOperation(registry, route)
        : readOperation(registry, route);
  return { ...base, responses: operationResponses(registry, route) };
}

const isRead = (route: RouteContract) => route.kind === 'list' || route.kind === 'get';

/** The read routes from `start` as groups of one resource each (list and get); null if another route follows. */
function readGroups(all: readonly RouteContract[], start: number): ReadGroup[] | null {
  const groups: ReadGroup[] = [];
  for (let i = start; i < all.length; ) {
    const route = all[i] as RouteContract;
    if (!isRead(route) || typeof route.resource !== 'string') return null;
    let end = i + 1;
    while (end < all.length && isRead(all[end] as RouteContract) && all[end]?.resource === route.resource) end++;
    groups.push({ name: route.resource, all, start: i, end });
    i = end;
  }
  return groups;
}

export function buildDocument(spec: Spec, options: DocumentOptions): JsonSchema {
  return build(spec, options, true);
}

function build(spec: Spec, options: DocumentOptions, patch: boolean): JsonSchema {
  const version = effectiveVersion(spec, options.serviceVersion);
  const memo = options.memo !== false;
  const registry = new SchemaRegistry(spec, version);
  for (const s of spec.structures) registry.structure(s);
  let paths: PathItems = {};
  // Path items are never changed once placed: those of the memo are shared between documents.
  const place = (route: RouteContract, op: JsonSchema, item?: Record<string, JsonSchema>) => {
    const existing = paths[route.path];
    paths[route.path] = existing
      ? { ...existing, [route.method.toLowerCase()]: op }
      : (item ?? { [route.method.toLowerCase()]: op });
  };
  const all = routes(spec, version);
  // The routes before the read routes (sign-in, commands): built every time.
  let start = 0;
  for (; start < all.length && !isRead(all[start] as RouteContract); start++)
    place(all[start] as RouteContract, operation(registry, all[start] as RouteContract));
  const prefixComponents = registry.components.size;
  const prefixPaths = Object.keys(paths).length;
  const groups = memo ? readGroups(all, start) : null;
  const error = { name: ERROR_MESSAGE, schema: { ...errorMessageSchema, 'x-decision': decision(spec, 'readErrors') } };
  const op = (r: RouteContract) => operation(registry, r);
  // A watch edit: the last build's maps with the edited resources' keys set (document-patch.ts).
  const patched = patch && groups ? patchedMaps(registry, paths, groups, op, error) : undefined;
  // A patch given up after building parts into this registry: the whole build, from a new one.
  if (patched === undefined && lastPart(registry) !== undefined) return build(spec, options, false);
  let schemas: Record<string, JsonSchema> = {};
  const areas = new Set<string>();
  if (patched) {
    ({ paths, schemas } = patched);
    for (const tag of patched.areas) areas.add(tag);
  } else {
    const parts: ResourcePart[] = [];
    for (let i = start; i < all.length; ) {
      const route = all[i] as RouteContract;
      if (!isRead(route)) {
        place(route, operation(registry, route));
        i++;
        continue;
      }
      // The read routes of one resource (list and get) as one memoized part (resource-memo.ts).
      let end = i + 1;
      while (end < all.length && isRead(all[end] as RouteContract) && all[end]?.resource === route.resource) end++;
      const group = all.slice(i, end);
      const operations = resourceOperations(registry, route.resource as string, group, op, { memo });
      for (let j = 0; j < operations.length; j++) {
        const o = operations[j] as (typeof operations)[number];
        place(group[j] as RouteContract, o.operation, o.item);
      }
      const part = memo ? lastPart(registry) : undefined;
      if (part) parts.push(part);
      i = end;
    }
    for (const path in paths) {
      const item = paths[path] as Record<string, JsonSchema>;
      for (const method in item) {
        const tags = (item[method]?.tags as string[] | undefined) ?? [];
        for (let t = 0; t < tags.length; t++) areas.add(tags[t] as string);
      }
    }
    // One object filled from the map: a spread of `Object.fromEntries` copied the 10,000 names of a large spec twice
    // (and `forEach`: no entry arrays made).
    registry.components.forEach((schema, name) => {
      schemas[name] = schema;
    });
    schemas[error.name] = error.schema;
    if (groups) recordBuild(registry, groups, parts, prefixComponents, prefixPaths, paths, schemas);
    else if (memo) forgetBuild();
  }
  finishBuild(registry);
  return {
    openapi: '3.1.0',
    info: {
      title: spec.title,
      version: version ?? '0',
      description: `The HTTP/JSON interface of the service as of service version ${version ?? '(none given)'}. Int64 values may be JSON strings or integers; see x-decision. Every operation lists each status it can answer; a path that is no operation answers 404 with a JSON string (e.g. "No route GET /x", or "Unknown command X" under the commands path).`,
      'x-service-version': version,
      'x-int64': decision(spec, 'int64'),
      'x-versioning': decision(spec, 'versioningPolicy'),
      ...(options.generatedBy ? { 'x-generated': options.generatedBy } : {}),
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The service address.',
        variables: { base_url: { default: 'http://localhost:8001' } },
      },
    ],
    tags: [...areas].sort().map((name) => ({ name, description: tagDescription(name) })),
    paths,
    components: {
      parameters: { ...commonParameters(), ...sharedQueryParameters(spec) },
      ...(all.some(isRead) ? { responses: sharedResponses((c) => responseObject(registry, c, undefined)) } : {}),
      securitySchemes: securitySchemes(spec),
      schemas,
    },
  };
}
