/**
 * The OIDC sign-in handlers with test values, as overrides of the route table:
 *
 *   createServer({ spec, config, routes: contractRoutes(spec, version, oidcHandlers({ authorizationOverrides })) })
 *
 * The route table (the generated modules, or the contract's table) registers `oidcInitiate` and
 * `oidcCallback` from 25.8 on, with the default handlers (skeleton/defaults.ts); these are the same
 * handlers built on the server context the route hands them, with fixed authorization values
 * (state, nonce, PKCE verifier) and, for tests that watch sign-ins, a different server context.
 */
import type { ServerContext } from '../server-context.ts';
import type { SignInHandler } from '../skeleton/types.ts';
import { callbackHandler } from './callback.ts';
import { initiateHandler, type AuthorizationOverrides } from './initiate.ts';
import { oidcRuntimeSettings } from './settings.ts';

export interface OidcHandlerOptions {
  /** Tests: fixed values for the authorization request (state, nonce, PKCE verifier). */
  authorizationOverrides?: AuthorizationOverrides;
  /** Tests: the server context the handlers use, from the server's (e.g. one that records `startSession`). */
  context?: (server: ServerContext) => ServerContext;
}

type Handler = (request: Parameters<SignInHandler>[0], reply: Parameters<SignInHandler>[1]) => Promise<unknown>;

/** A handler built once, on the server context of its first request. */
function onFirstRequest(build: (server: ServerContext) => Handler): SignInHandler {
  let handler: Handler | undefined;
  return (request, reply, tools) => {
    handler ??= build(tools);
    return handler(request, reply);
  };
}

export function oidcHandlers(options: OidcHandlerOptions = {}): Record<'oidcInitiate' | 'oidcCallback', SignInHandler> {
  const context = options.context ?? ((server: ServerContext) => server);
  const overrides = options.authorizationOverrides ?? (() => ({}));
  return {
    oidcInitiate: onFirstRequest((tools) => {
      const server = context(tools);
      return initiateHandler(server, oidcRuntimeSettings(server.config), overrides);
    }),
    oidcCallback: onFirstRequest((tools) => {
      const server = context(tools);
      return callbackHandler(server, oidcRuntimeSettings(server.config));
    }),
  };
}
