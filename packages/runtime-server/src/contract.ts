/** The server core's contract with its feature plugins; defined in runtime-resources (see there). */
export type { ServerConfig, ServerContext, ServicePlugin, SessionInfo } from '@specgen/runtime-resources';
