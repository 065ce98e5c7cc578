import { describe, expect, it } from 'vitest';
import { buildDocument, toJson, toYaml } from '../src/index.ts';
import { parse as parseYaml } from 'yaml';
import { componentValidator, redoclyErrors } from './validate.ts';
import { fixtureSpec } from './fixture.ts';

type Doc = Record<string, any>;
const doc = (version: string | null): Doc => buildDocument(fixtureSpec(), { serviceVersion: version }) as Doc;
const PR = '/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords';

describe('openapi document from a hand-built IR', () => {
  it.each(['2.18', '24.0', '24.1', '26.7', null])(
    'passes @redocly/openapi-core (recommended) at %s',
    async (version) => {
      expect(await redoclyErrors(toJson(doc(version)))).toEqual([]);
    },
  );

  it('JSON and YAML hold the same document, and output is byte-identical across runs', () => {
    const d = doc(null);
    expect(parseYaml(toYaml(d, '# header\n'))).toEqual(JSON.parse(toJson(d)));
    expect(toJson(doc(null))).toBe(toJson(d));
    expect(Object.keys(JSON.parse(toJson(d)))).toEqual(['openapi', 'info', 'servers', 'tags', 'paths', 'components']);
    const schemas = Object.keys(JSON.parse(toJson(d)).components.schemas);
    expect(schemas).toEqual([...schemas].sort());
  });

  it('gates fields, resources, endpoints and deprecation by service version', () => {
    const old = doc('24.0');
    const props = old.components.schemas.ProductRecord.properties;
    expect(props.PartRevisionId).toBeUndefined();
    expect(props.CustomerOrderPartRevisionId.deprecated).toBeUndefined();
    expect(old.paths['/{languageCode}/{companyNumber}/login/oidc']).toBeUndefined();
    expect(old.paths['/{languageCode}/{companyNumber}/api/v1/TimeRecording/Schedules']).toBeDefined();
    expect(old.info['x-service-version']).toBe('24.0');

    const v241 = doc('24.1').components.schemas.ProductRecord.properties;
    expect(v241.CustomerOrderPartRevisionId).toMatchObject({
      deprecated: true,
      'x-replaced-by': 'PartRevisionId',
      'x-obsolete-since': '24.1',
    });
    expect(v241.PartRevisionId['x-since']).toBe('24.1');

    const first = doc('2.18');
    expect(Object.keys(first.components.schemas.ProductRecord.properties)).toEqual([
      'Id',
      'SerialNumber',
      'CommentId',
      'Comment',
      'ExtraFields',
    ]);
    expect(first.paths['/{languageCode}/{companyNumber}/api/v1/TimeRecording/Schedules']).toBeUndefined();
    expect(first.components.schemas.Schedule).toBeUndefined();

    const newest = doc(null);
    expect(newest.info.version).toBe('26.7');
    expect(newest.paths['/{languageCode}/{companyNumber}/login/oidc'].post.operationId).toBe('oidcInitiate');
    expect(newest.paths['/{languageCode}/{companyNumber}/login/oidc/callback'].get.operationId).toBe('oidcCallback');
  });

  it('refuses a malformed --service-version', () => {
    expect(() => doc('latest')).toThrow(/not a version/);
  });

  it('writes enums, bitmasks, Int64, maxLength and expandable references', () => {
    const s = doc(null).components.schemas;
    expect(s.ProductRecordStatus).toMatchObject({
      enum: [0, 1, 9],
      'x-enum-varnames': ['NotInitialized', 'Registrered', 'Historical'],
    });
    expect(s.ProductRecordBlockContext).toMatchObject({
      'x-bitmask': true,
      minimum: 0,
      maximum: 5,
      'x-flag-values': [0, 1, 4],
    });
    expect(s.ProductRecordBlockContext.enum).toBeUndefined();
    const p = s.ProductRecord.properties;
    // The scalar kinds are stated once, as components; a field refers to its kind (null beside it when nullable).
    expect(s.Int64).toMatchObject({ type: ['string', 'integer'], format: 'int64', 'x-maximum': '9223372036854775807' });
    expect(s.Int64.pattern).toMatch(/^\^/);
    expect(p.Id).toEqual({ $ref: '#/components/schemas/Int64', description: 'Business key.' });
    // A nullable one refers to the kind's nullable component (the same facts, null in `type`): no anyOf.
    expect(p.CommentId).toMatchObject({ $ref: '#/components/schemas/NullableInt64' });
    expect(s.NullableInt64).toEqual({ ...s.Int64, type: ['string', 'integer', 'null'] });
    expect(p.OperationTime.$ref).toBe('#/components/schemas/NullableTimeSpan');
    expect(p.ManufacturerPartNumber).toMatchObject({ type: 'string', maxLength: 50, 'x-since': '26.7' });
    expect(p.Comment).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/Comment' }, { type: 'null' }],
      'x-expandable': true,
    });
    expect(p.ExtraFields).toMatchObject({
      type: ['array', 'null'],
      items: { $ref: '#/components/schemas/ExtraField' },
    });
    expect(s.Comment).toMatchObject({ required: ['Id'], additionalProperties: true });
    expect(s.Comment['x-decision'].decision).toMatch(/open objects/);
    expect(s.ProductRecord.required).toContain('ManufacturerPartNumber');
  });

  it('validates records with ajv: Int64 as string or number, TimeSpan, offsets, nulls', () => {
    const ajv = componentValidator(doc(null));
    const check = (name: string, value: unknown) => ajv.validate(`doc#/components/schemas/${name}`, value);
    const record = {
      Id: '380497447683684471',
      SerialNumber: 'S1',
      CommentId: null,
      Comment: null,
      CertificateId: 12,
      Status: 9,
      BlockContext: 5,
      WarrantyStartDate: '2024-01-31T10:00:00+01:00',
      OperationTime: '-3.04:05:06.1234567',
      MeasurementSetting: 1.5,
      CustomerOrderPartRevisionId: null,
      PartRevisionId: '1',
      ExtraFields: null,
      ManufacturerPartNumber: 'M',
    };
    expect(check('ProductRecord', record)).toBe(true);
    expect(check('ProductRecord', { ...record, Status: 8 })).toBe(false);
    expect(check('ProductRecord', { ...record, BlockContext: 8 })).toBe(false);
    expect(check('ProductRecord', { ...record, Id: '12a' })).toBe(false);
    expect(check('ProductRecord', { ...record, OperationTime: '25:00:00' })).toBe(false);
    expect(check('ProductRecord', { ...record, WarrantyStartDate: '2024-01-31T10:00:00' })).toBe(false);
    expect(check('ProductRecord', { ...record, ManufacturerPartNumber: 'x'.repeat(51) })).toBe(false);
    expect(check('ProductRecord', { ...record, Comment: { Id: '5', Text: 'more' } })).toBe(true);
    const { Id: _omitted, ...withoutId } = record;
    expect(check('ProductRecord', withoutId)).toBe(false);
    // Through the `$ref` to Int64 and its null beside it: null, both forms and the 64-bit range.
    expect(check('ProductRecord', { ...record, CommentId: '-9223372036854775808' })).toBe(true);
    expect(check('ProductRecord', { ...record, CommentId: 7 })).toBe(true);
    expect(check('ProductRecord', { ...record, CommentId: '9223372036854775808' })).toBe(false);
    expect(check('ProductRecord', { ...record, CommentId: true })).toBe(false);
    expect(check('ProductRecord', { ...record, Id: null })).toBe(false);
    expect(check('ProductRecord', { ...record, OperationTime: null })).toBe(true);
  });

  it('documents sign-in, commands, security schemes and errors from the error tables', () => {
    const d = doc(null);
    const base = '/{languageCode}/{companyNumber}';
    const totp = d.paths[`${base}/login/totp`].post;
    // The spec's 401 and 410, plus what the server answers on the way in: 400 (body), 413, 415, 429 (rate limit).
    expect(Object.keys(totp.responses)).toEqual(['200', '400', '401', '410', '413', '415', '429']);
    expect(totp.responses['410'].content['application/json'].example).toBe('Login failed');
    expect(totp.responses['200'].headers['X-Service-SessionId']).toBeDefined();
    const set = d.paths[`${base}/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice`].post;
    expect(set.responses['400'].description).toMatch(/invalid or expired MfaToken/);
    expect(set.responses['410']).toBeUndefined();
    const login = d.paths[`${base}/login`].post;
    expect(login['x-decision'].unknown).toBe('signin.credentialLogin');
    expect(login.responses['403'].content['application/json'].example).toBe('User login failed');
    expect(d.components.securitySchemes).toMatchObject({
      sessionHeader: { type: 'apiKey', in: 'header', name: 'X-Service-SessionId' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'ServiceSessionId' },
    });
    const list = d.paths[PR].get;
    expect(list.security).toEqual([{ sessionHeader: [] }, { sessionCookie: [] }]);
    expect(list.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ProductRecordPartial' },
    });
    expect(d.components.schemas.ProductRecordPartial.required).toBeUndefined();
    expect(d.components.schemas.ProductRecordPartial.properties.Id).toEqual({
      $ref: '#/components/schemas/ProductRecord/properties/Id',
    });
    expect(d.components.schemas.ProductRecord.required).toContain('Id');
    const resolve = (p: Doc) => (p.$ref ? d.components.parameters[p.$ref.split('/').pop()] : p);
    expect(list.parameters.map((p: Doc) => resolve(p).name)).toEqual([
      'languageCode',
      'companyNumber',
      '$filter',
      '$select',
      '$expand',
      '$orderby',
      '$top',
      '$skip',
    ]);
    expect(d.components.parameters.filter['x-decision'].unknown).toBe('read.queryOptions');
    const select = list.parameters.find((p: Doc) => p.name === '$select');
    expect(select.schema.items).toEqual({ $ref: '#/components/schemas/ProductRecordField' });
    expect(d.components.schemas.ProductRecordField.enum).toContain('ManufacturerPartNumber');
    expect(d.components.schemas.ProductRecordExpandable.enum).toEqual(['Comment', 'ExtraFields']);
    expect(d.components.schemas.ProductRecordOrderBy.pattern).toMatch(/^\^\(Id\|SerialNumber\|/);
    expect(d.paths[`${PR}/{Id}`].get.responses['404'].content['application/json'].example).toBe(
      'ProductRecords 123 was not found',
    );
  });
});
