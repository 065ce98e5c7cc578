/**
 * `@specgen/runtime-server/skeleton`: what the generated `@service-api/server` is written against.
 * See docs/server.md ("The typed skeleton").
 */
export * from './types.ts';
export { HttpError, isHttpError } from './http-error.ts';
export { mergeHandlers, type Overrides } from './merge.ts';
export type { DefaultHandlers } from './defaults.ts';
export type { RouteFactory } from './setup.ts';
export { contractRoutes, type OperationOverrides } from './contract-routes.ts';
export type { ServerContext, SessionInfo } from '../server-context.ts';
