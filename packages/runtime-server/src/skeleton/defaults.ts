/**
 * The default handlers: today's sandbox behaviour behind the generated `Handlers` interface.
 * Sign-in steps and commands are the runtime's own route handlers (routes/*, oidc/*: store,
 * sessions, TOTP, OIDC); a read resource is served from the SQL store by the reader, which
 * answers the page as the stored JSON text (the fast path: no parsing, no serialising).
 */
import type { ResourceView } from '@specgen/runtime-resources';
import { getRecord, listRecords } from '@specgen/runtime-resources';
import type { AuthRouteContext } from '../auth-context.ts';
import type { ServerContext } from '../contract.ts';
import { initiateHandler } from '../oidc/initiate.ts';
import { callbackHandler } from '../oidc/callback.ts';
import { oidcRuntimeSettings } from '../oidc/settings.ts';
import { loginHandler } from '../routes/credential-login.ts';
import { getDeviceSecretHandler, setDeviceHandler } from '../routes/device-commands.ts';
import { currentSessionHandler, logoutHandler } from '../routes/session-routes.ts';
import { totpLoginHandler } from '../routes/totp-login.ts';
import { jsonText, type ResourceHandlers, type SignInHandler } from './types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- defaults serve any record type: they answer serialised JSON */
export interface DefaultHandlers {
  /** `list` and `get` of a read resource, from the SQL store. */
  resource(name: string): ResourceHandlers<any>;
  /** The handler of a sign-in step or command, by operation id; throws for an operation the runtime does not implement. */
  operation(operationId: string): SignInHandler<any, any>;
  /** Operation ids the runtime implements. */
  readonly operations: readonly string[];
}

export function createDefaultHandlers(auth: AuthRouteContext, server: ServerContext, views: ReadonlyMap<string, ResourceView>): DefaultHandlers {
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
  const { db, dialect } = server.store;
  return {
    operations: Object.keys(operations),
    operation(operationId) {
      const handler = operations[operationId];
      if (!handler) throw new Error(`no default handler for operation "${operationId}" (the runtime implements ${Object.keys(operations).join(', ')}); pass one in handlers`);
      return handler;
    },
    resource(name) {
      let handlers = resources.get(name);
      if (handlers) return handlers;
      const view = views.get(name);
      if (!view) throw new Error(`no default handlers for resource "${name}": the spec has no queryable resource of that name`);
      handlers = {
        list: async (request) => jsonText(await listRecords(db, dialect, view, request.plan)),
        get: async (request) => {
          const body = await getRecord(db, view, request.id, request.plan);
          return body === null ? null : jsonText(body);
        },
      };
      resources.set(name, handlers);
      return handlers;
    },
  };
}
