/**
 * `@specgen/contract`: the wire contract of the service, once. Generators (OpenAPI, client,
 * server) and the runtime read routes, names, payloads, statuses, error bodies and schemas from
 * here; nothing else restates them. Depends only on the IR and the naming resolver.
 */
export * from './wire.ts';
export * from './availability.ts';
export * from './read-path.ts';
export * from './messages.ts';
export * from './route-types.ts';
export { routes, findRoute, SCHEMA_NAMES } from './routes.ts';
export {
  message,
  json,
  responses,
  PREFIX_ERRORS,
  BODY_ERRORS,
  RATE_LIMIT,
  SESSION_ERRORS,
  type Responses,
} from './responses.ts';
export * from './json-schema.ts';
export * from './wire-facts/index.ts';
export * from './payloads.ts';
export { routeSchemas, referencedComponents, type RouteSchemaSet } from './route-schemas.ts';
export * from './query-options.ts';
export * from './openapi/index.ts';
export * from './seed-values.ts';
