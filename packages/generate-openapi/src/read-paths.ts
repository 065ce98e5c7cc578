/**
 * The read resources: GET .../<Area>/<Resource> answers a bare JSON array, GET .../{Id} one
 * record. Query options are parameters whose field names are the resource's own fields at
 * the document's version.
 */
import { fieldsAt, resourcesAt, type Resource, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { PATH_PARAMS, SESSION_SECURITY, jsonResponse, paramRef } from './common.ts';
import { decision } from './decisions.ts';
import { jsonStringResponse } from './errors.ts';
import { ref, type JsonSchema } from './schema-types.ts';
import { isRelation, type SchemaRegistry } from './schemas.ts';
import type { PathItems } from './signin-paths.ts';

/** `/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords`. */
export function collectionPath(spec: Spec, resource: Resource): string {
  const tail = resource.path ?? (resource.area ? `${resource.area}/${resource.name}` : resource.name);
  const prefix = spec.readPathPrefix;
  return prefix.includes('{path}') ? prefix.replace('{path}', tail) : `${prefix.replace(/\/$/, '')}/${tail}`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `$filter`, `$top`, `$skip`: the same for every resource, so shared under components.parameters. */
export function sharedQueryParameters(spec: Spec): Record<string, JsonSchema> {
  return {
    filter: {
      name: '$filter',
      in: 'query',
      required: false,
      description: "OData-style filter, e.g. `SerialNumber eq 'A1' and has(BlockContext, 4)`. Comparison eq, ne (Neq), lt, gt, le, ge; and, or, not; isnull, isnotnull, contains(field, a, b, ...), has(bitmask, flag), like(field, pattern); add, sub, mul, div, mod.",
      schema: { type: 'string' },
      'x-decision': decision(spec, 'queryOptions'),
    },
    top: { name: '$top', in: 'query', required: false, description: 'At most this many records.', schema: { type: 'integer', minimum: 0 }, 'x-decision': decision(spec, 'pageSize') },
    skip: { name: '$skip', in: 'query', required: false, description: 'Skip this many records first.', schema: { type: 'integer', minimum: 0 } },
  };
}

/**
 * `$select`, `$expand` and `$orderby` of one resource. Their items are component schemas named
 * like the TypeScript unions (`ProductRecordField`, `ProductRecordExpandable`,
 * `ProductRecordOrderBy`), so the field names are listed once per resource.
 */
function listParameters(registry: SchemaRegistry, resourceName: string, names: string[], expandable: string[]): { select: JsonSchema; expand: JsonSchema | null; orderby: JsonSchema } {
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
  const field = registry.add(naming.fieldUnion(resourceName), { type: 'string', description: `A field name of ${typeName}.`, enum: names });
  const order = registry.add(`${typeName}OrderBy`, { type: 'string', description: `A sort key of ${typeName}: a field name, optionally followed by asc or desc.`, pattern: `^(${names.map(escapeRegex).join('|')})( (asc|desc))?$` });
  const expand = expandable.length > 0 ? registry.add(`${typeName}Expandable`, { type: 'string', description: `An expandable property of ${typeName}.`, enum: expandable }) : null;
  return {
    select: list('$select', 'Comma-separated fields to return; the records then carry only these fields.', ref(field)),
    expand: expand ? list('$expand', 'Comma-separated expandable properties to fill (null otherwise).', ref(expand)) : null,
    orderby: list('$orderby', 'Comma-separated sort keys, each `Field` or `Field asc|desc`.', ref(order)),
  };
}

function resourceOperations(registry: SchemaRegistry, resource: Resource): PathItems {
  const spec = registry.spec;
  const record = registry.resourceRecord(resource);
  const fields = fieldsAt(resource, registry.version);
  const names = fields.map((f) => f.name);
  const expandable = fields.filter(isRelation).map((f) => f.name);
  const common = {
    tags: [resource.area ?? 'Resources'],
    ...(resource.introduced ? { 'x-since': resource.introduced } : {}),
    ...(resource.permission ? { 'x-permission': resource.permission } : {}),
    security: SESSION_SECURITY,
  };
  const denied = {
    '401': jsonStringResponse('No valid session.'),
    '403': jsonStringResponse(`The session lacks the permission "${resource.permission ?? 'required'}", or the session was suspended.`, ['Session suspended']),
  };
  const path = collectionPath(spec, resource);
  const q = listParameters(registry, resource.name, names, expandable);
  const expand = q.expand ? [q.expand] : [];
  const listParams = [paramRef('filter'), q.select, ...expand, q.orderby, paramRef('top'), paramRef('skip')];
  const recordParams = [q.select, ...expand];
  return {
    [path]: {
      get: {
        operationId: naming.listOperation(resource.name),
        summary: `List ${resource.name}`,
        description: `${resource.description} Answers a bare JSON array.`.trim(),
        'x-decision': decision(spec, 'responseShape'),
        ...common,
        parameters: [...PATH_PARAMS, ...listParams],
        responses: {
          '200': jsonResponse(`The records, a bare JSON array.`, { type: 'array', items: ref(record) }),
          '400': jsonStringResponse('A malformed query option, or an unknown field, with the position in the option.'),
          ...denied,
        },
      },
    },
    [`${path}/{Id}`]: {
      get: {
        operationId: naming.getOperation(resource.name),
        summary: `Get one of ${resource.name}`,
        description: `One record by its business key Id.`,
        'x-decision': decision(spec, 'responseShape'),
        ...common,
        parameters: [
          ...PATH_PARAMS,
          { name: 'Id', in: 'path', required: true, description: 'Business key (Int64).', schema: { type: 'string', pattern: '^-?[0-9]+$', format: 'int64' } },
          ...recordParams,
        ],
        responses: {
          '200': jsonResponse('The record.', ref(record)),
          '400': jsonStringResponse('A malformed Id or query option.'),
          ...denied,
          '404': jsonStringResponse('No record with this Id.', [`${resource.name} 123 was not found`]),
        },
      },
    },
  };
}

export function readPaths(registry: SchemaRegistry): PathItems {
  const paths: PathItems = {};
  for (const resource of resourcesAt(registry.spec, registry.version)) {
    if (!resource.queryable) continue;
    Object.assign(paths, resourceOperations(registry, resource));
  }
  return paths;
}
