/**
 * The default handlers: today's sandbox behaviour behind the generated `Handlers` interface.
 * Sign-in steps and commands are the runtime's own route handlers (routes/*, oidc/*: store,
 * sessions, TOTP, OIDC); a read resource is served from the SQL store by its read path
 * (runtime-resources' `ResourceReads`): the page as one Buffer of the stored JSON, from the page
 * cache while the resource's data is unchanged (the fast path: no parsing, no serialising).
 */
import type { ResourceReads } from '@specgen/runtime-resources';
import type { AuthRouteContext } from '../auth-context.ts';
import type { ServerContext } from '../server-context.ts';
import { initiateHandler } from '../oidc/initiate.ts';
import { callbackHandler } from '../oidc/callback.ts';
import { oidcRuntimeSettings } from '../oidc/settings.ts';
import { loginHandler } from '../routes/credential-login.ts';
import { getDeviceSecretHandler, setDeviceHandler } from '../routes/device-commands.ts';
import { currentSessionHandler, logoutHandler } from '../routes/session-routes.ts';
import { totpLoginHandler } from '../routes/totp-login.ts';
import { jsonText, type ResourceHandlers, type SignInHandler } from './types.ts';

// `any` record types: the defaults serve every resource and answer serialised JSON.
export interface DefaultHandlers {
  /** `list` and `get` of a read resource, from the SQL store. */
  resource(name: string): ResourceHandlers<any>;
  /** The handler of a sign-in step or command, by operation id; throws for an operation the runtime does not implement. */
  operation(operationId: string): SignInHandler<any, any>;
  /** Operation ids the runtime implements. */
  readonly operations: readonly string[];
}

export function createDefaultHandlers(
  auth: AuthRouteContext,
  server: ServerContext,
  reads: ReadonlyMap<string, ResourceReads>,
): DefaultHandlers {
  const oidc = oidcRuntimeSettings(server.config);
  const operations: Record<string, SignInHandler<any, any>> = {
    login: loginHandler(auth),
    totpLogin: totpLoginHandler(auth),
    getMultiFactorDeviceSecret: getDeviceSecretHandler(auth),
    setMultiFactorAuthenticationDevice: setDeviceHandler(auth),
    getSession: currentSessionHandler(auth),
    logout: logoutHandler(auth),
    oidcInitiate: initiateHandler(server, oidc, () => ({})),
    oidcCallback: callbackHandler(server, oidc),
  };
  const resources = new Map<string, ResourceHandlers<any>>();
  return {
    operations: Object.keys(operations),
    operation(operationId) {
      const handler = operations[operationId];
      if (!handler)
        throw new Error(
          `no default handler for operation "${operationId}" (the runtime implements ${Object.keys(operations).join(', ')}); pass one in handlers`,
        );
      return handler;
    },
    resource(name) {
      let handlers = resources.get(name);
      if (handlers) return handlers;
      const read = reads.get(name);
      if (!read)
        throw new Error(`no default handlers for resource "${name}": the spec has no queryable resource of that name`);
      handlers = {
        // The page of `request.plan` (the cached Buffer while the data is unchanged); a plan the
        // handler's caller built gets its own entry.
        list: async (request) => jsonText(await read.page(request.plan)),
        get: async (request) => {
          const body = await read.record(request.id, request.plan);
          return body === null ? null : jsonText(body);
        },
      };
      resources.set(name, handlers);
      return handlers;
    },
  };
}
