export { oidcHandlers, type OidcHandlerOptions } from './handlers.ts';
export { OIDC_MESSAGES } from './messages.ts';
export { OIDC_DEFAULTS, OIDC_ENDPOINT_IDS, oidcRuntimeSettings, routeAt } from './settings.ts';
export { bindingCookieName } from './binding-cookie.ts';
export { parseLoginRequest } from './initiate.ts';
