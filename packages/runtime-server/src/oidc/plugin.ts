/**
 * The OIDC sign-in endpoints as a ServicePlugin, registered by the server core inside the
 * `/:languageCode/:companyNumber` prefix. Routes come from the IR endpoints `oidcInitiate`
 * and `oidcCallback`; below their `since` version (25.8) they are not registered, so they
 * answer 404 like any unknown path.
 */
import type { ServicePlugin } from '../contract.ts';
import { callbackHandler } from './callback.ts';
import { migrateOidcTables } from './migrations.ts';
import { initiateHandler, type AuthorizationOverrides } from './initiate.ts';
import { OIDC_ENDPOINT_IDS, oidcRuntimeSettings, routeAt } from './settings.ts';

export interface OidcPluginOptions {
  /** Tests: fixed values for the authorization request (state, nonce, PKCE verifier). */
  authorizationOverrides?: AuthorizationOverrides;
}

export function createOidcPlugin(options: OidcPluginOptions = {}): ServicePlugin {
  return async (app, ctx) => {
    const settings = oidcRuntimeSettings(ctx.config);
    const version = ctx.config.serviceVersion;
    const initiate = routeAt(ctx.spec, OIDC_ENDPOINT_IDS.initiate, version);
    const callback = routeAt(ctx.spec, OIDC_ENDPOINT_IDS.callback, version);
    if (initiate || callback) await migrateOidcTables(ctx.store);
    if (initiate) app.post(initiate, initiateHandler(ctx, settings, options.authorizationOverrides ?? (() => ({}))));
    if (callback) app.get(callback, callbackHandler(ctx, settings));
  };
}

export const oidcPlugin: ServicePlugin = createOidcPlugin();
