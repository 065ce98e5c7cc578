/**
 * The device registration commands. The spec names them without method, path or payload;
 * the document follows the production pattern POST .../api/v1/Common/Commands/<Command>.
 */
import type { Command } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { PATH_PARAMS, SESSION_HEADER, SESSION_SECURITY, jsonBody, sessionStartHeaders } from './common.ts';
import { decision } from './decisions.ts';
import { errorResponses, jsonStringResponse } from './errors.ts';
import { ref, type JsonSchema } from './schema-types.ts';
import type { SchemaRegistry } from './schemas.ts';
import type { PathItems } from './signin-paths.ts';

export const COMMAND_PATH_PREFIX = '/{languageCode}/{companyNumber}/api/v1/Common/Commands';

/** Request body schemas of the commands (not shown in the spec: decided). */
function requestSchema(registry: SchemaRegistry, command: Command): { name: string; schema: JsonSchema; required: boolean } {
  const name = `${command.name}Request`;
  if (/^Set/.test(command.name)) {
    return {
      name,
      required: true,
      schema: {
        type: 'object',
        description: 'The MfaToken of the device secret response and a TOTP code generated from its Secret before ExpiryDate.',
        properties: { MfaToken: { type: 'string', minLength: 1 }, Code: { type: 'integer', minimum: 0, maximum: 99999999 } },
        required: ['MfaToken', 'Code'],
        additionalProperties: false,
      },
    };
  }
  return {
    name,
    required: false,
    schema: {
      type: 'object',
      description: 'Empty when called with a session. A user who must use multi-factor authentication and has no device yet passes the MfaToken returned by the password login instead.',
      properties: { MfaToken: { type: 'string', minLength: 1 } },
      additionalProperties: false,
    },
  };
}

/** Success body of a command whose response the spec does not show (SetMultiFactorAuthenticationDevice). */
function decidedResponse(registry: SchemaRegistry, command: Command): JsonSchema {
  const name = registry.add(`${command.name}Response`, {
    type: 'object',
    description: 'The device is registered. After an enrolment (MfaToken from a password login) the user is signed in: SessionId is the new session.',
    properties: {
      DeviceRegistered: { type: 'boolean', const: true },
      SessionId: { type: ['string', 'null'], format: 'uuid' },
      MfaToken: { type: 'null' },
      $id: { type: 'string', description: 'Serialization reference marker.' },
    },
    required: ['DeviceRegistered', 'SessionId'],
    'x-decision': decision(registry.spec, 'commands'),
  });
  return {
    description: command.returns || 'Done.',
    headers: sessionStartHeaders(),
    content: { 'application/json': { schema: ref(name) } },
  };
}

function successResponse(registry: SchemaRegistry, command: Command): JsonSchema {
  const structure = command.response ? registry.spec.structures.find((s) => s.name === command.response) : undefined;
  const headers = Object.fromEntries(
    command.responseHeaders.map((h) => [h, { description: h === SESSION_HEADER ? 'The session id.' : h, schema: { type: 'string' } }]),
  );
  if (!structure) return decidedResponse(registry, command);
  return {
    description: command.returns,
    ...(command.responseHeaders.length > 0 ? { headers } : {}),
    content: { 'application/json': { schema: ref(registry.structure(structure)) } },
  };
}

function commandOperation(registry: SchemaRegistry, command: Command): JsonSchema {
  const request = requestSchema(registry, command);
  registry.add(request.name, request.schema);
  const success = successResponse(registry, command);
  const status = '200';
  const production = jsonStringResponse(`Validation failed for command ${command.name}.`, [
    `Validation failed for command ${command.name}: Invalid or expired MfaToken.`,
    `Validation failed for command ${command.name}: Invalid code.`,
  ]);
  const fromTables = errorResponses(registry.spec, command.name);
  // The spec describes the 400 body in words; the example is the production text.
  if (fromTables['400']) fromTables['400'] = { ...production, description: fromTables['400']['description'] };
  return {
    operationId: naming.commandMethod(command.name),
    tags: ['Commands'],
    summary: `Command ${command.name}`,
    description: command.returns,
    'x-decision': decision(registry.spec, 'commands'),
    security: /^Get/.test(command.name) ? [...SESSION_SECURITY, {}] : [],
    parameters: [...PATH_PARAMS],
    requestBody: jsonBody(ref(request.name), undefined, request.required),
    responses: {
      [status]: success,
      '400': jsonStringResponse(`Validation failed for command ${command.name}: the body is malformed.`),
      '401': jsonStringResponse('No valid session (when no MfaToken is passed).'),
      '404': jsonStringResponse('Unknown command (any other command name under the same prefix).'),
      '429': { ...jsonStringResponse('Too many wrong codes for this MfaToken.', ['Too many attempts']), 'x-decision': decision(registry.spec, 'throttling') },
      ...fromTables,
    },
  };
}

export function commandPaths(registry: SchemaRegistry): PathItems {
  const paths: PathItems = {};
  for (const c of registry.spec.commands) paths[`${COMMAND_PATH_PREFIX}/${c.name}`] = { post: commandOperation(registry, c) };
  return paths;
}
