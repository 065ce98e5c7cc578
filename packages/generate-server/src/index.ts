export { generator, generateServer, TARGET, PACKAGE_NAME } from './generator.ts';
export { routeTable, schemaSet, type RouteEntry } from './routes.ts';
