export * from './server-context.ts';
export { createServer, serverRoutes, type CreateServerOptions, type RegisteredRoute, LIVENESS_PATH } from './server.ts';
export { contractRoutes, type OperationOverrides } from './skeleton/contract-routes.ts';
export { loadConfig, ConfigError, type ServiceConfig, type LoadConfigOptions } from './config.ts';
export { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './settings.ts';
export {
  signInSchemas,
  structureSchema,
  inlineFieldSchema as fieldSchema,
  type JsonSchema,
  type SignInSchemas,
} from '@specgen/contract';
export { SESSION_HEADER, SESSION_COOKIE, sessionCookieName } from './sessions.ts';
export { COMMAND_PREFIX } from './routes/device-commands.ts';
export { redactQuery, REDACT_PATHS } from './logging.ts';
export {
  openStore,
  createUser,
  findUserById,
  findUserByUsername,
  findUserByOidcEmail,
  linkOidcEmail,
  listUsers,
  updateUser,
  deleteUser,
  findDevice,
  saveDevice,
  removeDevice,
  StoreConflictError,
  type Store,
  type UserRecord,
  type NewUser,
  type UserPatch,
  type AuthMode,
} from '@specgen/runtime-store';
export { runService, stopOnSignals, type RunServiceOptions, type RunningService } from './run-service.ts';
export { loadSpecSnapshot, permissionNames } from './spec-source.ts';
export { PASSWORD_DEMO_USERS, DEMO_TOTP_SECRET, ensurePasswordDemoUsers } from './demo-users.ts';
export { usersCommand, USERS_HELP, type UsersCommandOptions } from './users-cli.ts';
export { serviceCommand, SERVICE_HELP, type ServiceCommandOptions } from './service-command.ts';
