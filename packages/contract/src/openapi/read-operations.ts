/**
 * The read resources: GET .../<Area>/<Resource> answers a bare JSON array, GET .../{Id} one
 * record. Query options are parameters whose field names are the resource's own fields at the
 * document's version. Both answer records as `$select` cut them: `<Record>Partial` (schemas.ts).
 */
import type { Resource, Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { ref, type JsonSchema } from '../json-schema.ts';
import { filterDescription } from '../query-options.ts';
import type { RouteContract } from '../route-types.ts';
import { ID_PATH_PARAMETER, PATH_PARAMS, QUERY_PARAMETER_REFS, SESSION_SECURITY } from './common.ts';
import { decision } from './decisions.ts';
import { isRelation, type SchemaRegistry } from './schemas.ts';

const REGEX_SYNTAX = /[.*+?^${}()|[\]\\]/;

function escapeRegex(text: string): string {
  // a field name seldom holds one: testing first spares a replace per name (30,000 on a large spec)
  return REGEX_SYNTAX.test(text) ? text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : text;
}

/** `$filter`, `$top`, `$skip`: the same for every resource, so shared under components.parameters. */
export function sharedQueryParameters(spec: Spec): Record<string, JsonSchema> {
  return {
    filter: {
      name: '$filter',
      in: 'query',
      required: false,
      description: filterDescription(),
      schema: { type: 'string' },
      'x-decision': decision(spec, 'queryOptions'),
    },
    top: {
      name: '$top',
      in: 'query',
      required: false,
      description: 'At most this many records.',
      schema: { type: 'integer', minimum: 0 },
      'x-decision': decision(spec, 'pageSize'),
    },
    skip: {
      name: '$skip',
      in: 'query',
      required: false,
      description: 'Skip this many records first.',
      schema: { type: 'integer', minimum: 0 },
    },
  };
}

/**
 * `$select`, `$expand` and `$orderby` of one resource. Their items are component schemas named
 * like the TypeScript unions (`ProductRecordField`, `ProductRecordExpandable`,
 * `ProductRecordOrderBy`), so the field names are listed once per resource.
 */
function listParameters(
  registry: SchemaRegistry,
  resourceName: string,
  names: string[],
  expandable: string[],
): { select: JsonSchema; expand: JsonSchema | null; orderby: JsonSchema } {
  const list = (name: string, description: string, items: JsonSchema): JsonSchema => ({
    name,
    in: 'query',
    required: false,
    description,
    style: 'form',
    explode: false,
    schema: { type: 'array', items, uniqueItems: true },
  });
  const typeName = naming.recordType(resourceName);
  const field = registry.add(naming.fieldUnion(resourceName), {
    type: 'string',
    description: `A field name of ${typeName}.`,
    enum: names,
  });
  const order = registry.add(`${typeName}OrderBy`, {
    type: 'string',
    description: `A sort key of ${typeName}: a field name, optionally followed by asc or desc.`,
    pattern: `^(${names.map(escapeRegex).join('|')})( (asc|desc))?$`,
  });
  const expand =
    expandable.length > 0
      ? registry.add(`${typeName}Expandable`, {
          type: 'string',
          description: `An expandable property of ${typeName}.`,
          enum: expandable,
        })
      : null;
  return {
    select: list(
      '$select',
      'Comma-separated fields to return; the records then carry only these fields (and the expanded ones).',
      ref(field),
    ),
    expand: expand
      ? list('$expand', 'Comma-separated expandable properties to fill (null otherwise).', ref(expand))
      : null,
    orderby: list('$orderby', 'Comma-separated sort keys, each `Field` or `Field asc|desc`.', ref(order)),
  };
}

type QueryParameters = ReturnType<typeof listParameters>;

/**
 * The query parameters of each resource of a registry (one document build): its list and get
 * operations have the same `$select` and `$expand` (the same objects), and the field names,
 * union components and sort-key pattern are made once, not once per route.
 */
const queryParameters = new WeakMap<SchemaRegistry, Map<Resource, QueryParameters>>();

function queryParametersOf(registry: SchemaRegistry, resource: Resource): QueryParameters {
  let byResource = queryParameters.get(registry);
  if (byResource === undefined) {
    byResource = new Map();
    queryParameters.set(registry, byResource);
  }
  let q = byResource.get(resource);
  if (q === undefined) {
    registry.resourceRecord(resource);
    registry.partialRecord(resource);
    const fields = registry.fields(resource);
    q = listParameters(
      registry,
      resource.name,
      fields.map((f) => f.name),
      fields.filter(isRelation).map((f) => f.name),
    );
    byResource.set(resource, q);
  }
  return q;
}

/** The operation (without responses) of a list or get route of a read resource. */
export function readOperation(registry: SchemaRegistry, route: RouteContract): JsonSchema {
  const resource: Resource | undefined = route.resource === null ? undefined : registry.resource(route.resource);
  if (!resource) throw new Error(`no resource behind route ${route.operationId}`);
  const q = queryParametersOf(registry, resource);
  const expand = q.expand ? [q.expand] : [];
  const common = {
    operationId: route.operationId,
    tags: [resource.area ?? 'Resources'],
    'x-decision': decision(registry.spec, 'responseShape'),
    ...(resource.introduced ? { 'x-since': resource.introduced } : {}),
    ...(resource.permission ? { 'x-permission': resource.permission } : {}),
    security: SESSION_SECURITY,
  };
  if (route.kind === 'list') {
    return {
      ...common,
      summary: `List ${resource.name}`,
      description: `${resource.description} Answers a bare JSON array.`.trim(),
      parameters: [
        ...PATH_PARAMS,
        QUERY_PARAMETER_REFS.filter,
        q.select,
        ...expand,
        q.orderby,
        QUERY_PARAMETER_REFS.top,
        QUERY_PARAMETER_REFS.skip,
      ],
    };
  }
  return {
    ...common,
    summary: `Get one of ${resource.name}`,
    description: 'One record by its business key Id.',
    parameters: [...PATH_PARAMS, ID_PATH_PARAMETER, q.select, ...expand],
  };
}
