/**
 * The route table of the generated server, from the IR: the sign-in endpoints the spec names
 * (with their `since` version), the credential login and session routes (REFERENCE.md), the MFA
 * commands, and the read resources with their permission. Request and response schemas are the
 * runtime's `signInSchemas`, so the files on disk and the running server cannot disagree.
 */
import { availableAt, resourcesAt, type Spec } from '@specgen/ir';
import { camel, naming } from '@specgen/naming';
import { signInSchemas, type JsonSchema } from '@specgen/runtime-server/schemas';

export interface RouteEntry {
  method: 'GET' | 'POST';
  url: string;
  operation: string;
  since: string | null;
  anonymous: boolean;
  permission?: string;
  body?: string;
  responses: Record<string, string>;
}

const PREFIX = '/{languageCode}/{companyNumber}';
const COMMANDS = `${PREFIX}/api/v1/Common/Commands`;

export function routeTable(spec: Spec, version: string | null): RouteEntry[] {
  const endpoint = (id: string) => spec.endpoints.find((e) => e.id === id);
  const at = (since: string | null) => version === null || availableAt(since, version);
  const routes: RouteEntry[] = [
    { method: 'POST', url: `${PREFIX}/login`, operation: 'login', since: null, anonymous: true, body: 'loginRequest', responses: { 200: 'loginResponse', 403: 'message', 429: 'message' } },
    { method: 'POST', url: endpoint('totpLogin')?.path ?? `${PREFIX}/login/totp`, operation: 'totpLogin', since: endpoint('totpLogin')?.since ?? null, anonymous: true, body: 'totpLoginRequest', responses: { 200: 'loginResponse', 401: 'message', 410: 'message', 429: 'message' } },
    { method: 'POST', url: `${COMMANDS}/GetMultiFactorDeviceSecret`, operation: naming.commandMethod('GetMultiFactorDeviceSecret'), since: null, anonymous: true, body: 'getDeviceSecretRequest', responses: { 200: 'deviceSecretResponse', 400: 'message', 401: 'message' } },
    { method: 'POST', url: `${COMMANDS}/SetMultiFactorAuthenticationDevice`, operation: naming.commandMethod('SetMultiFactorAuthenticationDevice'), since: null, anonymous: true, body: 'setDeviceRequest', responses: { 200: 'deviceRegisteredResponse', 400: 'message', 429: 'message' } },
    { method: 'GET', url: `${PREFIX}/session`, operation: 'currentSession', since: null, anonymous: false, responses: { 200: 'sessionResponse', 401: 'message', 403: 'message' } },
    { method: 'POST', url: `${PREFIX}/logout`, operation: 'logout', since: null, anonymous: false, responses: { 204: 'empty', 401: 'message' } },
  ];
  for (const id of ['oidcInitiate', 'oidcCallback']) {
    const e = endpoint(id);
    if (e && at(e.since)) {
      routes.push({ method: e.method === 'GET' ? 'GET' : 'POST', url: e.path, operation: naming.endpointMethod(e.id), since: e.since, anonymous: true, ...(e.body ? { body: camel(e.body) } : {}), responses: { [e.success.status]: e.success.contentType === 'text/plain' ? 'text' : 'loginResponse', 400: 'message', 401: 'message' } });
    }
  }
  for (const r of resourcesAt(spec, version)) {
    if (!r.path) continue;
    const base = `${spec.readPathPrefix.replace(/\{path\}$/, '').replace(/\/$/, '')}/${r.path}`;
    const extra = { since: r.introduced, anonymous: false, ...(r.permission ? { permission: r.permission } : {}) };
    routes.push({ method: 'GET', url: base, operation: naming.listOperation(r.name), ...extra, responses: { 200: `${naming.recordType(r.name)}[]`, 401: 'message', 403: 'message' } });
    routes.push({ method: 'GET', url: `${base}/{Id}`, operation: naming.getOperation(r.name), ...extra, responses: { 200: naming.recordType(r.name), 404: 'message' } });
  }
  return routes.filter((r) => at(r.since));
}

/** The schemas named by the route table. */
export function schemaSet(spec: Spec): Record<string, JsonSchema> {
  return {
    ...signInSchemas(spec),
    message: { type: 'string', description: 'Error message (JSON string).' },
    deviceRegisteredResponse: {
      type: 'object',
      properties: { $id: { type: 'string' }, DeviceRegistered: { const: true }, SessionId: { type: ['string', 'null'] }, MfaToken: { type: 'null' } },
      required: ['DeviceRegistered', 'SessionId'],
    },
    sessionResponse: {
      type: 'object',
      properties: { $id: { type: 'string' }, SessionId: { type: 'string' }, Username: { type: 'string' }, Permissions: { type: 'array', items: { type: 'string' } } },
      required: ['SessionId', 'Username', 'Permissions'],
    },
  };
}
