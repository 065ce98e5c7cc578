/**
 * A hand-built IR (no parser) covering what the generators must handle: versions, an
 * enumeration, a bitmask, an obsolete field with its replacement, expandable properties,
 * Int64/Int32/TimeSpan/DateTimeOffset/Decimal, sign-in structures, endpoints gated by
 * version, commands, error tables and "not shown" unknowns.
 */
import { NO_SOURCE, field, resource, spec, structure, type Endpoint, type Enumeration, type Spec } from '@specgen/ir';

function enumeration(bitmask: boolean, values: Array<[number, string]>): Enumeration {
  return {
    kind: 'enumeration',
    bitmask,
    origin: 'notes',
    values: values.map(([value, name]) => ({ kind: 'enumValue', value, name, source: NO_SOURCE })),
    source: NO_SOURCE,
  };
}

function endpoint(init: Partial<Endpoint> & Pick<Endpoint, 'id' | 'method' | 'path'>): Endpoint {
  return {
    kind: 'endpoint',
    pathParams: ['languageCode', 'companyNumber'],
    query: [],
    body: null,
    headers: [],
    request: '',
    success: { status: 200, contentType: 'application/json', body: 'LoginResponse', text: 'LoginResponse' },
    since: null,
    source: NO_SOURCE,
    ...init,
  };
}

const comments = { type: 'Comments', expandable: true };

export function fixtureSpec(): Spec {
  return spec({
    title: 'Fixture service',
    versions: ['2.18', '2.24', '2.45', '22.2', '24.1', '25.8', '26.7'],
    newestVersion: '26.7',
    resources: [
      resource(
        'ProductRecords',
        [
          field('Id', 'Int64', { notes: 'Business key.' }),
          field('SerialNumber', 'String', { notes: 'Serial number.' }),
          field('CommentId', 'Int64?', { references: 'Comments' }),
          field('Comment', comments.type, { expandable: true, notes: 'Expandable.' }),
          field('CertificateId', 'Int64?', { since: '2.24' }),
          field('Status', 'Int32', {
            since: '2.24',
            enumeration: enumeration(false, [
              [0, 'NotInitialized'],
              [1, 'Registrered'],
              [9, 'Historical'],
            ]),
          }),
          field('BlockContext', 'Int32', {
            since: '2.45',
            enumeration: enumeration(true, [
              [0, 'None'],
              [1, 'Withdrawal'],
              [4, 'Delivery'],
            ]),
          }),
          field('WarrantyStartDate', 'DateTimeOffset?', { since: '2.45' }),
          field('OperationTime', 'TimeSpan?', { since: '2.45' }),
          field('MeasurementSetting', 'Decimal?', { since: '2.45' }),
          field('CustomerOrderPartRevisionId', 'Int64?', {
            since: '2.45',
            obsolete: { since: '24.1', replacedBy: 'PartRevisionId', source: NO_SOURCE },
          }),
          field('PartRevisionId', 'Int64?', { since: '24.1' }),
          field('ExtraFields', 'ExtraFields[]', { expandable: true }),
          field('ManufacturerPartNumber', 'String', { since: '26.7', maxLength: 50 }),
        ],
        {
          area: 'Inventory',
          path: 'Inventory/ProductRecords',
          introduced: '2.18',
          permission: 'Show serial number',
          description: 'Represents a product record.',
        },
      ),
      resource(
        'Schedules',
        [
          field('Id', 'Int64'),
          field('Code', 'String'),
          field('OvertimeScheduleId', 'Int64?', { references: 'Schedules' }),
        ],
        {
          area: 'TimeRecording',
          path: 'TimeRecording/Schedules',
          introduced: '22.2',
          permission: 'Show basic data for attendance',
        },
      ),
    ],
    structures: [
      structure(
        'LoginRequest',
        [
          field('ForceRelogin', 'Boolean', { notes: 'Sent in the OIDC initiate body.' }),
          field('Username', 'String', { notes: 'Omitted for OIDC.' }),
          field('Password', 'String', { notes: 'Omitted for OIDC.' }),
        ],
        { openEnded: true },
      ),
      structure(
        'LoginResponse',
        [
          field('SessionId', 'String?'),
          field('MfaToken', 'String?'),
          field('$id', 'String', { notes: 'Serialization reference marker that may appear in the body.' }),
        ],
        { openEnded: true },
      ),
      structure(
        'DeviceSecretResponse',
        [
          field('MfaToken', 'String'),
          field('Secret', 'String'),
          field('QrCode', 'String'),
          field('ExpiryDate', 'DateTimeOffset'),
          field('$id', 'String', { notes: 'Serialization reference marker.' }),
        ],
        { label: 'Device secret response' },
      ),
      structure('TotpLoginRequest', [field('MfaToken', 'String'), field('Code', 'Integer')], {
        label: 'TOTP login request',
      }),
    ],
    endpoints: [
      endpoint({
        id: 'oidcInitiate',
        method: 'POST',
        path: '/{languageCode}/{companyNumber}/login/oidc',
        query: [{ name: 'redirectUrl', required: true }],
        body: 'LoginRequest',
        since: '25.8',
        success: { status: 200, contentType: 'text/plain', body: null, text: 'The full authorization URL.' },
      }),
      endpoint({
        id: 'oidcCallback',
        method: 'GET',
        path: '/{languageCode}/{companyNumber}/login/oidc/callback',
        query: [
          { name: 'code', required: true },
          { name: 'state', required: true },
        ],
        since: '25.8',
      }),
      endpoint({
        id: 'totpLogin',
        method: 'POST',
        path: '/{languageCode}/{companyNumber}/login/totp',
        body: 'TotpLoginRequest',
      }),
    ],
    commands: [
      {
        kind: 'command',
        name: 'GetMultiFactorDeviceSecret',
        returns: '200 JSON device secret response, plus header X-Service-SessionId.',
        response: 'DeviceSecretResponse',
        responseHeaders: ['X-Service-SessionId'],
        source: NO_SOURCE,
      },
      {
        kind: 'command',
        name: 'SetMultiFactorAuthenticationDevice',
        returns: 'Completes registration.',
        response: null,
        responseHeaders: [],
        source: NO_SOURCE,
      },
    ],
    errorTables: [
      {
        kind: 'errorTable',
        title: 'TOTP login and device registration',
        appliesTo: ['totpLogin', 'SetMultiFactorAuthenticationDevice'],
        cases: [
          {
            kind: 'error',
            status: 410,
            body: 'Login failed',
            condition: 'MfaToken wrong or expired.',
            source: NO_SOURCE,
          },
          { kind: 'error', status: 401, body: 'Login failed', condition: 'Code wrong.', source: NO_SOURCE },
          {
            kind: 'error',
            status: 400,
            body: 'JSON string stating that validation of the command SetMultiFactorAuthenticationDevice failed',
            condition: 'Device registration with an invalid or expired MfaToken.',
            source: NO_SOURCE,
          },
        ],
        remarks: [],
        source: NO_SOURCE,
      },
      {
        kind: 'errorTable',
        title: 'OIDC callback',
        appliesTo: ['oidcCallback'],
        cases: [{ kind: 'error', status: 400, body: null, condition: 'code or state missing.', source: NO_SOURCE }],
        remarks: [],
        source: NO_SOURCE,
      },
    ],
    versioning: [
      {
        kind: 'versioning',
        rule: 'endpointsFrom',
        version: '25.8',
        pathContains: '/login/oidc',
        text: 'OIDC from 25.8',
        source: NO_SOURCE,
      },
    ],
    unknowns: [
      {
        kind: 'unknown',
        id: 'read.queryOptions',
        section: 'Endpoints',
        text: 'Query options (filtering, sorting, paging, expansion of expandable properties) of the queryable resources: not shown.',
        source: NO_SOURCE,
      },
      {
        kind: 'unknown',
        id: 'signin.credentialLogin',
        section: 'Endpoints',
        text: 'Path, request and response of the credential (username and password) login: not shown.',
        source: NO_SOURCE,
      },
    ],
  });
}
