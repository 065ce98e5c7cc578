/**
 * Bodies of the OIDC error responses: decided once in @specgen/contract (messages.ts), which the
 * OpenAPI document shows as examples (see docs/decisions/oidc.md).
 */
export { OIDC_MESSAGES, type OidcMessage } from '@specgen/contract';
