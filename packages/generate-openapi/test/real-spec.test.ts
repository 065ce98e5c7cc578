import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import { fileURLToPath } from 'node:url';
import { buildDocument, toJson, toYaml } from '../src/index.ts';
import { parse as parseYaml } from 'yaml';
import { componentValidator, redoclyErrors } from './validate.ts';

const SPEC = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));
const { spec, diagnostics } = parseSpecFile(SPEC);
type Doc = Record<string, any>;
const doc = (v: string | null): Doc => buildDocument(spec, { serviceVersion: v }) as Doc;
const base = '/{languageCode}/{companyNumber}';

describe('openapi document of spec/service-api.md', () => {
  it('parses without errors', () => {
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it.each(['2.18', '22.2', '24.1', '25.7', '25.8', '26.8'])(
    'passes @redocly/openapi-core at service version %s',
    async (v) => {
      expect(await redoclyErrors(toJson(doc(v)))).toEqual([]);
    },
  );

  it('writes YAML that a YAML parser reads as the same document as the JSON', () => {
    for (const v of ['24.1', null]) expect(parseYaml(toYaml(doc(v), '# x\n'))).toEqual(JSON.parse(toJson(doc(v))));
  });

  it('has every endpoint of the newest version', () => {
    const d = doc(null);
    const ops = Object.entries(d.paths).flatMap(([path, item]: [string, any]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        `POST ${base}/login`,
        `POST ${base}/login/oidc`,
        `GET ${base}/login/oidc/callback`,
        `POST ${base}/login/totp`,
        `POST ${base}/api/v1/Common/Commands/GetMultiFactorDeviceSecret`,
        `POST ${base}/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice`,
      ]),
    );
    for (const tail of [
      'Inventory/ProductRecords',
      'Manufacturing/ManufacturingOrderOperations',
      'Purchase/SupplierPartLinks',
      'TimeRecording/Schedules',
      'Inventory/CaseEntryActivities',
      'Sales/CustomerOrderRowInflows',
    ]) {
      expect(ops).toContain(`GET ${base}/api/v1/${tail}`);
      expect(ops).toContain(`GET ${base}/api/v1/${tail}/{Id}`);
    }
    expect(d.info.version).toBe('26.8');
  });

  it('gates OIDC (25.8), resources and fields by version', () => {
    expect(doc('25.7').paths[`${base}/login/oidc`]).toBeUndefined();
    expect(doc('25.8').paths[`${base}/login/oidc`]).toBeDefined();
    expect(doc('23.2').paths[`${base}/api/v1/Sales/CustomerOrderRowInflows`]).toBeUndefined();
    expect(doc('23.3').paths[`${base}/api/v1/Sales/CustomerOrderRowInflows`]).toBeDefined();
    const at241 = doc('24.1').components.schemas.ProductRecord.properties;
    expect(at241.RemainingExposureTime).toBeUndefined();
    expect(at241.CustomerOrderPartRevisionId).toMatchObject({ deprecated: true, 'x-replaced-by': 'PartRevisionId' });
    expect(
      doc('23.3').components.schemas.ProductRecord.properties.CustomerOrderPartRevisionId.deprecated,
    ).toBeUndefined();
    // 2.9 < 2.18 numerically: nothing exists at 2.9.
    expect(Object.keys(doc('2.9').paths).some((p) => p.includes('/api/v1/Inventory'))).toBe(false);
  });

  it('states a decision, with the IR unknown id, wherever the spec says "not shown"', () => {
    const text = toJson(doc(null));
    const ids = new Set([...text.matchAll(/"unknown": "([^"]+)"/g)].map((m) => m[1]));
    for (const id of [
      'endpoints.credentialLogin',
      'commands.methodPath',
      'read.responseShape',
      'read.queryOptions',
      'session.lifetime',
      'fields.referencedResources',
      'limits.pageSize',
      'errors.oidcBody',
      'fields.allowedValues',
      'fields.meaningAndUnit',
      'structures.LoginRequest.fields',
      'limits.throttling',
      'versioning.policy',
    ]) {
      expect(ids, id).toContain(id);
    }
    for (const id of ids) expect(spec.unknowns.map((u) => u.id)).toContain(id);
  });

  it('marks enums, bitmasks, the spelling Registrered and the 50-character limit', () => {
    const s = doc(null).components.schemas;
    expect(s.ProductRecordStatus['x-enum-varnames']).toContain('Registrered');
    expect(s.ProductRecordBlockContext).toMatchObject({ 'x-bitmask': true, maximum: 31 });
    expect(s.ScheduleType['x-bitmask']).toBe(true);
    expect(s.ProductRecord.properties.ManufacturerPartNumber.maxLength).toBe(50);
    expect(s.SupplierPartLink.properties.PurchaseCommentShowInForms['x-decision'].unknown).toBe('fields.allowedValues');
  });

  it('component schemas accept a record with a 64-bit id above 2^53 as string and as number text', () => {
    const ajv = componentValidator(doc(null));
    const schedule = {
      Id: '380497447683684471',
      Code: 'S',
      Description: 'd',
      ScheduleLength: 1,
      Start: 2,
      End: 3,
      OvertimeScheduleId: null,
      FlexInStart: null,
      FlexInEnd: null,
      FlexOutStart: null,
      FlexOutEnd: null,
      IsNightSchedule: false,
      Type: 3,
      AmountSwh: null,
      ScheduleNumberForExport: 'x',
      BlockedContextType: 0,
      BlockedById: null,
      BlockedFromDate: null,
      BlockedToDate: null,
      BlockedStatus: 2,
      BlockMessageId: null,
      BlockMessage: null,
    };
    const check = (v: unknown) => ajv.validate('doc#/components/schemas/Schedule', v);
    expect(check(schedule)).toBe(true);
    expect(check({ ...schedule, Id: 42 })).toBe(true);
    expect(check({ ...schedule, BlockedStatus: 3 })).toBe(false);
    expect(check({ ...schedule, Type: 4 })).toBe(false);
  });
});
