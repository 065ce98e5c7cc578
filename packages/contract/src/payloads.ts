/**
 * Request payloads, once: the limits the server enforces on sign-in and command bodies, and the
 * self-contained schemas the runtime validates them with (built from the IR structures with
 * json-schema.ts). The OpenAPI document shows the same limits and required fields
 * (openapi/signin-paths.ts, openapi/command-paths.ts). The two MFA command payloads are not in
 * the spec; they are decided here (docs/decisions/server.md).
 */
import type { Spec, Structure } from '@specgen/ir';
import { inlineFieldSchema, type JsonSchema } from './json-schema.ts';
import type { PayloadName } from './route-types.ts';

/** Length and range limits of request fields (the spec shows none; decided for hostile input). */
export const PAYLOAD_LIMITS = {
  Username: { minLength: 1, maxLength: 256 },
  Password: { maxLength: 1024 },
  MfaToken: { minLength: 1, maxLength: 256 },
  Code: { minimum: 0, maximum: 99_999_999 },
} as const satisfies Record<string, JsonSchema>;

/** Required fields of each request body. */
export const PAYLOAD_REQUIRED = {
  loginRequest: ['Username', 'Password'],
  totpLoginRequest: ['MfaToken', 'Code'],
  getDeviceSecretRequest: [],
  setDeviceRequest: ['MfaToken', 'Code'],
} as const satisfies Record<PayloadName, readonly string[]>;

const limitOf = (name: string): JsonSchema => (PAYLOAD_LIMITS as Record<string, JsonSchema>)[name] ?? {};

/** The structure as an object schema. Request schemas skip `$id`; open-ended structures allow further properties. */
export function structureSchema(
  structure: Structure,
  options: { request: boolean; required?: readonly string[] },
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of structure.fields) {
    if (options.request && f.name.startsWith('$')) continue;
    properties[f.name] = { ...inlineFieldSchema(f), ...(options.request ? limitOf(f.name) : {}) };
  }
  return {
    title: structure.name,
    type: 'object',
    properties,
    required: [...(options.required ?? [])],
    additionalProperties: structure.openEnded,
  };
}

function fallback(name: string, fields: Array<[string, string]>, openEnded: boolean): Structure {
  const source = { file: '<contract>', line: 1, column: 1 };
  return {
    kind: 'structure',
    name,
    label: name,
    description: '',
    remarks: [],
    openEnded,
    source,
    fields: fields.map(([n, t]) => ({
      kind: 'field',
      name: n,
      notes: '',
      since: null,
      expandable: false,
      references: null,
      enumeration: null,
      obsolete: null,
      maxLength: null,
      source,
      type: {
        text: t,
        base: { kind: 'scalar', scalar: t.replace('?', '') as 'String' },
        nullable: t.endsWith('?'),
        array: false,
      },
    })),
  };
}

/** The spec's structure of that name, or the shape production uses when the spec lacks it. */
export function structureOf(spec: Spec, name: string): Structure {
  const found = spec.structures.find((s) => s.name === name);
  if (found) return found;
  const backups: Record<string, Structure> = {
    LoginRequest: fallback(
      'LoginRequest',
      [
        ['ForceRelogin', 'Boolean'],
        ['Username', 'String'],
        ['Password', 'String'],
      ],
      true,
    ),
    TotpLoginRequest: fallback(
      'TotpLoginRequest',
      [
        ['MfaToken', 'String'],
        ['Code', 'Int32'],
      ],
      false,
    ),
    LoginResponse: fallback(
      'LoginResponse',
      [
        ['SessionId', 'String?'],
        ['MfaToken', 'String?'],
        ['$id', 'String'],
      ],
      true,
    ),
    DeviceSecretResponse: fallback(
      'DeviceSecretResponse',
      [
        ['MfaToken', 'String'],
        ['Secret', 'String'],
        ['QrCode', 'String'],
        ['ExpiryDate', 'DateTimeOffset'],
        ['$id', 'String'],
      ],
      false,
    ),
  };
  return backups[name] ?? fallback(name, [], true);
}

export type SignInSchemas = Record<PayloadName, JsonSchema> & {
  loginResponse: JsonSchema;
  deviceSecretResponse: JsonSchema;
};

/** Validation schemas of the request bodies (and the two sign-in response shapes), self-contained. */
export function signInSchemas(spec: Spec): SignInSchemas {
  const totp = structureSchema(structureOf(spec, 'TotpLoginRequest'), {
    request: true,
    required: PAYLOAD_REQUIRED.totpLoginRequest,
  });
  return {
    loginRequest: structureSchema(structureOf(spec, 'LoginRequest'), {
      request: true,
      required: PAYLOAD_REQUIRED.loginRequest,
    }),
    totpLoginRequest: totp,
    getDeviceSecretRequest: {
      title: 'GetMultiFactorDeviceSecretRequest',
      type: 'object',
      properties: {
        MfaToken: {
          type: 'string',
          ...PAYLOAD_LIMITS.MfaToken,
          description: 'Enrolment MfaToken from a password login; omit when a session is presented.',
        },
      },
      required: [...PAYLOAD_REQUIRED.getDeviceSecretRequest],
      additionalProperties: false,
    },
    setDeviceRequest: {
      ...totp,
      title: 'SetMultiFactorAuthenticationDeviceRequest',
      required: [...PAYLOAD_REQUIRED.setDeviceRequest],
    },
    loginResponse: structureSchema(structureOf(spec, 'LoginResponse'), { request: false }),
    deviceSecretResponse: structureSchema(structureOf(spec, 'DeviceSecretResponse'), { request: false }),
  };
}
