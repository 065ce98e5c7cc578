/**
 * JSON Schemas of the sign-in requests and responses, derived from the IR structures
 * (LoginRequest, TotpLoginRequest, LoginResponse, DeviceSecretResponse). The generated server
 * writes the same schemas to disk (generate-server); the runtime builds them from the IR it is given.
 * The two MFA command payloads are not in the spec; they are defined here (docs/decisions/server.md).
 */
import type { Field, Spec, Structure } from '@specgen/ir';

export type JsonSchema = Record<string, unknown>;

const SCALAR: Record<string, JsonSchema> = {
  Int64: { type: 'integer' },
  Int32: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  Decimal: { type: 'number' },
  Boolean: { type: 'boolean' },
  String: { type: 'string' },
  DateTimeOffset: { type: 'string', format: 'date-time' },
  TimeSpan: { type: 'string', pattern: '^-?(\\d+\\.)?\\d{1,2}:\\d{2}:\\d{2}(\\.\\d+)?$' },
};

export function fieldSchema(field: Field): JsonSchema {
  const base = field.type.base;
  let schema: JsonSchema = base.kind === 'scalar' ? { ...SCALAR[base.scalar] } : base.target === 'Integer' ? { type: 'integer' } : { type: 'object' };
  if (field.type.array) schema = { type: 'array', items: schema };
  if (field.maxLength !== null) schema.maxLength = field.maxLength;
  if (field.type.nullable) schema.type = [schema.type, 'null'];
  if (field.notes) schema.description = field.notes;
  return schema;
}

/** The structure as an object schema. Request schemas skip `$id`; open-ended structures allow further properties. */
export function structureSchema(structure: Structure, options: { request: boolean; required?: string[]; limits?: Record<string, JsonSchema> }): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of structure.fields) {
    if (options.request && f.name.startsWith('$')) continue;
    properties[f.name] = { ...fieldSchema(f), ...(options.limits?.[f.name] ?? {}) };
  }
  return {
    title: structure.name,
    type: 'object',
    properties,
    required: options.required ?? [],
    additionalProperties: structure.openEnded,
  };
}

function fallback(name: string, fields: Array<[string, string]>, openEnded: boolean): Structure {
  return {
    kind: 'structure', name, label: name, description: '', remarks: [], openEnded,
    fields: fields.map(([n, t]) => ({
      kind: 'field', name: n, notes: '', since: null, expandable: false, references: null, enumeration: null, obsolete: null, maxLength: null,
      type: { text: t, base: { kind: 'scalar', scalar: t.replace('?', '') as 'String' }, nullable: t.endsWith('?'), array: false },
      source: { file: '<runtime>', line: 1, column: 1 },
    })),
    source: { file: '<runtime>', line: 1, column: 1 },
  };
}

function structureOf(spec: Spec, name: string, backup: Structure): Structure {
  return spec.structures.find((s) => s.name === name) ?? backup;
}

const TOKEN = { minLength: 1, maxLength: 256 };
const CODE = { minimum: 0, maximum: 99_999_999 };

export interface SignInSchemas {
  loginRequest: JsonSchema;
  totpLoginRequest: JsonSchema;
  getDeviceSecretRequest: JsonSchema;
  setDeviceRequest: JsonSchema;
  loginResponse: JsonSchema;
  deviceSecretResponse: JsonSchema;
}

export function signInSchemas(spec: Spec): SignInSchemas {
  const login = structureOf(spec, 'LoginRequest', fallback('LoginRequest', [['ForceRelogin', 'Boolean'], ['Username', 'String'], ['Password', 'String']], true));
  const totp = structureOf(spec, 'TotpLoginRequest', fallback('TotpLoginRequest', [['MfaToken', 'String'], ['Code', 'Int32']], false));
  const loginResponse = structureOf(spec, 'LoginResponse', fallback('LoginResponse', [['SessionId', 'String?'], ['MfaToken', 'String?'], ['$id', 'String']], true));
  const secret = structureOf(spec, 'DeviceSecretResponse', fallback('DeviceSecretResponse', [['MfaToken', 'String'], ['Secret', 'String'], ['QrCode', 'String'], ['ExpiryDate', 'DateTimeOffset'], ['$id', 'String']], false));
  const codeRequest = structureSchema(totp, { request: true, required: ['MfaToken', 'Code'], limits: { MfaToken: TOKEN, Code: CODE } });
  return {
    loginRequest: structureSchema(login, {
      request: true,
      required: ['Username', 'Password'],
      limits: { Username: { minLength: 1, maxLength: 256 }, Password: { maxLength: 1024 } },
    }),
    totpLoginRequest: codeRequest,
    getDeviceSecretRequest: {
      title: 'GetMultiFactorDeviceSecretRequest',
      type: 'object',
      properties: { MfaToken: { type: 'string', ...TOKEN, description: 'Enrolment MfaToken from a password login; omit when a session is presented.' } },
      required: [],
      additionalProperties: false,
    },
    setDeviceRequest: { ...codeRequest, title: 'SetMultiFactorAuthenticationDeviceRequest' },
    loginResponse: structureSchema(loginResponse, { request: false }),
    deviceSecretResponse: structureSchema(secret, { request: false }),
  };
}
