/**
 * The device registration commands. The spec names them without method, path or payload;
 * the document follows the production pattern POST .../api/v1/Common/Commands/<Command>, and
 * the request bodies are the payload schemas the server validates with (payloads.ts).
 */
import type { Command } from '@specgen/ir';
import { ref, type JsonSchema } from '../json-schema.ts';
import { signInSchemas } from '../payloads.ts';
import type { RouteContract } from '../route-types.ts';
import { SCHEMA_NAMES } from '../routes.ts';
import { PATH_PARAMS, SESSION_SECURITY, jsonBody } from './common.ts';
import { decision } from './decisions.ts';
import type { SchemaRegistry } from './schemas.ts';

/** Request body schema of a command: the server's payload schema with the document's description. */
function requestSchema(registry: SchemaRegistry, route: RouteContract): JsonSchema {
  const payloads = signInSchemas(registry.spec);
  const payload = route.body?.payload ? payloads[route.body.payload] : { type: 'object' };
  const set = route.body?.payload === 'setDeviceRequest';
  return {
    ...payload,
    description: set
      ? 'The MfaToken of the device secret response and a TOTP code generated from its Secret before ExpiryDate.'
      : 'Empty when called with a session. A user who must use multi-factor authentication and has no device yet passes the MfaToken returned by the password login instead.',
  };
}

/** Success body of a command whose response the spec does not show (SetMultiFactorAuthenticationDevice). */
function registerDecidedResponse(registry: SchemaRegistry, command: Command): void {
  if (command.response) return;
  registry.add(SCHEMA_NAMES.commandResponse(command.name), {
    type: 'object',
    description:
      'The device is registered. After an enrolment (MfaToken from a password login) the user is signed in: SessionId is the new session.',
    properties: {
      DeviceRegistered: { type: 'boolean', const: true },
      SessionId: { type: ['string', 'null'], format: 'uuid' },
      MfaToken: { type: 'null' },
      $id: { type: 'string', description: 'Serialization reference marker.' },
    },
    required: ['DeviceRegistered', 'SessionId'],
    'x-decision': decision(registry.spec, 'commands'),
  });
}

/** The operation (without responses) of a command route. */
export function commandOperation(registry: SchemaRegistry, route: RouteContract): JsonSchema {
  const command = registry.spec.commands.find((c) => c.name === route.command);
  if (!command || !route.body) throw new Error(`no command behind route ${route.operationId}`);
  const name = registry.add(route.body.schema, requestSchema(registry, route));
  registerDecidedResponse(registry, command);
  return {
    operationId: route.operationId,
    tags: ['Commands'],
    summary: `Command ${command.name}`,
    description: command.returns,
    'x-decision': decision(registry.spec, 'commands'),
    security: route.access === 'optional-session' ? [...SESSION_SECURITY, {}] : [],
    parameters: [...PATH_PARAMS],
    requestBody: jsonBody(ref(name), undefined, route.body.required),
  };
}
