/** A small spec built with the IR factory: one of every kind of subject the diff compares. */
import {
  field,
  resource,
  spec,
  structure,
  type Endpoint,
  type Enumeration,
  type Limit,
  type Spec,
  type Transition,
  type ErrorTable,
  type Command,
} from '@specgen/ir';

const src = (line: number) => ({ file: 'spec.md', line, column: 1 });

export function enumeration(values: Array<[number, string]>, bitmask = false): Enumeration {
  return {
    kind: 'enumeration',
    bitmask,
    origin: 'notes',
    values: values.map(([value, name]) => ({ kind: 'enumValue', value, name, source: src(90) })),
    source: src(90),
  };
}

export function endpoint(id: string, method: Endpoint['method'], path: string, init: Partial<Endpoint> = {}): Endpoint {
  return {
    kind: 'endpoint',
    id,
    method,
    path,
    pathParams: ['languageCode', 'companyNumber'],
    query: [],
    body: null,
    headers: [],
    request: '',
    success: { status: 200, contentType: 'application/json', body: 'LoginResponse', text: '200' },
    since: null,
    source: src(200),
    ...init,
  };
}

const limit = (id: string, name: string, valueText: string, value: Limit['value']): Limit => ({
  kind: 'limit',
  id,
  name,
  valueText,
  value,
  appliesTo: 'TOTP login.',
  source: src(300),
});

export const transition = (
  from: string,
  trigger: string,
  condition: string | null,
  to: string,
  status: number | null,
  effects: string | null = null,
): Transition => ({
  kind: 'transition',
  from,
  trigger,
  condition,
  to,
  effects,
  status,
  source: src(400),
});

const errorTable = (title: string, appliesTo: string[], cases: Array<[number, string | null, string]>): ErrorTable => ({
  kind: 'errorTable',
  title,
  appliesTo,
  remarks: [],
  source: src(500),
  cases: cases.map(([status, body, condition]) => ({ kind: 'error', status, body, condition, source: src(501) })),
});

const command = (name: string, response: string | null, responseHeaders: string[]): Command => ({
  kind: 'command',
  name,
  returns: '',
  response,
  responseHeaders,
  source: src(600),
});

export function baseSpec(): Spec {
  return spec({
    file: 'spec.md',
    versions: ['2.18', '2.24', '22.2', '25.8', '26.7'],
    newestVersion: '26.7',
    resources: [
      resource(
        'ProductRecords',
        [
          field('Id', 'Int64', { source: src(10) }),
          field('ProductRecordType', 'Int32', {
            enumeration: enumeration([
              [0, 'ProductRecord'],
              [1, 'Batch'],
            ]),
            source: src(11),
          }),
          field('CommentId', 'Int64?', { references: 'Comments', source: src(12) }),
          field('Comment', 'Comments', { expandable: true, source: src(13) }),
          field('Part', 'Parts', { source: src(14) }),
          field('CertificateId', 'Int64?', { references: 'Comments', since: '2.24', source: src(15) }),
          field('BlockContext', 'Int32', {
            enumeration: enumeration(
              [
                [0, 'None'],
                [1, 'Withdrawal'],
                [2, 'Clearance'],
              ],
              true,
            ),
            since: '2.24',
            source: src(16),
          }),
          field('CustomerOrderPartRevisionId', 'Int64?', { since: '2.24', source: src(17) }),
          field('PartRevisionId', 'Int64?', { since: '24.1', source: src(18) }),
          field('ManufacturerPartNumber', 'String', { since: '26.7', maxLength: 50, source: src(19) }),
          field('ExtraFields', 'ExtraFields[]', { expandable: true, source: src(20) }),
          field('WarrantyEndDate', 'DateTimeOffset?', { source: src(21) }),
          field('Dock', 'String', { since: '2.24', source: src(22) }),
        ],
        {
          area: 'Inventory',
          path: 'Inventory/ProductRecords',
          introduced: '2.18',
          typeGuid: '3e3bfb7c-bb0c-495b-b88d-e1efa1f50368',
          permission: 'Show serial number',
          source: src(5),
        },
      ),
      resource('Schedules', [field('Id', 'Int64', { source: src(31) }), field('Code', 'String', { source: src(32) })], {
        area: 'TimeRecording',
        path: 'TimeRecording/Schedules',
        introduced: '22.2',
        typeGuid: '7a50172f-fe1f-40f7-9bda-6c8566c34991',
        permission: 'Show basic data for attendance',
        source: src(30),
      }),
    ],
    structures: [
      structure('LoginRequest', [field('ForceRelogin', 'Boolean'), field('Username', 'String')]),
      structure('LoginResponse', [field('SessionId', 'String?'), field('MfaToken', 'String?')]),
    ],
    endpoints: [
      endpoint('oidcInitiate', 'POST', '/{languageCode}/{companyNumber}/login/oidc', {
        query: [{ name: 'redirectUrl', required: true }],
        body: 'LoginRequest',
        success: { status: 200, contentType: 'text/plain', body: null, text: '200, plain text' },
        since: '25.8',
      }),
      endpoint('oidcCallback', 'GET', '/{languageCode}/{companyNumber}/login/oidc/callback', {
        query: [
          { name: 'code', required: true },
          { name: 'state', required: true },
        ],
        since: '25.8',
      }),
      endpoint('totpLogin', 'POST', '/{languageCode}/{companyNumber}/login/totp', { body: 'TotpLoginRequest' }),
    ],
    commands: [
      command('GetMultiFactorDeviceSecret', 'DeviceSecretResponse', ['X-Service-SessionId']),
      command('SetMultiFactorAuthenticationDevice', null, []),
    ],
    errorTables: [
      errorTable(
        'OIDC callback',
        ['oidcCallback'],
        [
          [400, null, 'code or state missing.'],
          [400, null, 'state invalid.'],
          [401, null, 'Downstream authentication failed.'],
          [429, null, 'Too many attempts.'],
        ],
      ),
      errorTable(
        'TOTP login and device registration',
        ['totpLogin'],
        [
          [410, 'Login failed', 'MfaToken wrong or expired.'],
          [401, 'Login failed', 'Code wrong.'],
        ],
      ),
    ],
    limits: [
      limit('mfaTokenValidity', 'MfaToken validity', '1.5 minutes', { kind: 'duration', milliseconds: 90_000 }),
      limit('manufacturerPartNumberLength', 'ManufacturerPartNumber length', 'at most 50', {
        kind: 'maxLength',
        value: 50,
      }),
      limit('note', 'Note', 'see docs', { kind: 'text', text: 'see docs' }),
    ],
    transitions: [
      transition(
        'Waiting for TOTP',
        'POST login/totp',
        'MfaToken valid and Code correct',
        'Session created',
        null,
        'Same as a normal authentication success.',
      ),
      transition('Waiting for TOTP', 'POST login/totp', 'MfaToken wrong or expired', 'Waiting for TOTP ends', 410),
      transition('Waiting for TOTP', 'POST login/totp', 'Code wrong', 'Unchanged', 401),
    ],
  });
}
