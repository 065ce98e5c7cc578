/**
 * The generated validators of the real spec at run time: exact Int64 (numbers beyond 2^53 and
 * numeric strings), Int32 bounds, DateTimeOffset offsets, negative and multi-day TimeSpans,
 * nulls, the ManufacturerPartNumber limit, enumerations, bitmasks, version-gated schemas, and
 * errors that name the path and the rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Validators, loadValidators } from './load-generated.ts';
import { BIG, productRecordJson } from './product-record-json.ts';

let v: Validators;
beforeAll(async () => {
  v = await loadValidators();
}, 60_000);

function issuesOf(json: string, schema = 'ProductRecordSchema') {
  const result = v.validate(v[schema], v.parseJson(json));
  return result.success ? [] : (result.issues as { path: string; rule: string; message: string }[]);
}

describe('Int64', () => {
  it('decodes a JSON number above 2^53 exactly to bigint (via parseJson)', () => {
    const data = v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson()));
    expect(data.Id).toBe(380497447683684471n);
    expect(data.Part.Id).toBe(9007199254740993n);
  });

  it('decodes a numeric string above 2^53 exactly to bigint', () => {
    const data = v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson({ Id: `"${BIG}"` })));
    expect(data.Id).toBe(380497447683684471n);
    expect(data.PartId).toBe(9007199254740993n);
  });

  it('decodes numeric strings of every length exactly (short ones through a number, long ones through BigInt)', () => {
    for (const digits of [
      '0',
      '-0',
      '7',
      '-42',
      '000123',
      '999999999999999',
      '-999999999999999',
      '9007199254740993',
      '-9223372036854775808',
    ]) {
      const data = v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson({ Id: JSON.stringify(digits) })));
      expect(data.Id).toBe(BigInt(digits));
    }
  });

  it('round-trips through stringifyJson (Int64 as a JSON string, as the service writes it) without losing a digit', () => {
    const data = v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson()));
    expect(v.stringifyJson({ Id: data.Id })).toBe(`{"Id":"${BIG}"}`);
  });

  it('refuses a number that JSON.parse already rounded, naming the rule', () => {
    const lossy = JSON.parse(productRecordJson());
    const result = v.validate(v.ProductRecordSchema, lossy);
    expect(result.success).toBe(false);
    expect(result.issues[0]).toMatchObject({ path: 'Id', rule: 'int64.precision' });
  });

  const cases: [string, string | null][] = [
    ['"9223372036854775807"', null],
    ['-9223372036854775808', null],
    ['"9223372036854775808"', 'int64.range'],
    ['"12a"', 'int64.format'],
    ['"1.5"', 'int64.format'],
    ['1.5', 'int64.integer'],
    ['true', 'int64'],
    ['null', 'int64'],
  ];
  for (const [input, rule] of cases) {
    it(`Id ${input} -> ${rule ?? 'ok'}`, () => {
      const issues = issuesOf(productRecordJson({ Id: input }));
      expect(issues.map((i) => i.rule)).toEqual(rule ? [rule] : []);
      if (rule) expect(issues[0]!.path).toBe('Id');
    });
  }
});

describe('Int32 bounds', () => {
  const cases: [string, string | null][] = [
    ['2147483647', null],
    ['-2147483648', null],
    ['2147483648', 'int32.range'],
    ['-2147483649', 'int32.range'],
    ['1.5', 'int32.integer'],
    ['1e300', 'int32.range'],
    ['"24"', 'int32'],
  ];
  for (const [input, rule] of cases) {
    it(`WarrantyMonths ${input} -> ${rule ?? 'ok'}`, () => {
      expect(issuesOf(productRecordJson({ WarrantyMonths: input })).map((i) => `${i.path} ${i.rule}`)).toEqual(
        rule ? [`WarrantyMonths ${rule}`] : [],
      );
    });
  }
});

describe('Decimal', () => {
  it('takes a JSON number, and an integer beyond 2^53 from parseJson as the nearest number', () => {
    expect(
      v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson({ MeasurementSetting: '-0.5' })))
        .MeasurementSetting,
    ).toBe(-0.5);
    expect(
      v.parseAs(v.ProductRecordSchema, v.parseJson(productRecordJson({ MeasurementSetting: '12345678901234567891' })))
        .MeasurementSetting,
    ).toBe(Number('12345678901234567891'));
  });

  it('refuses a string and a bigint beyond the range of a number, naming the rule', () => {
    expect(issuesOf(productRecordJson({ MeasurementSetting: '"12.5"' })).map((i) => i.rule)).toEqual(['decimal']);
    expect(issuesOf(productRecordJson({ MeasurementSetting: `1${'0'.repeat(400)}` })).map((i) => i.rule)).toEqual([
      'decimal.finite',
    ]);
  });
});

describe('DateTimeOffset', () => {
  const cases: [string, string | null][] = [
    ['2026-01-31T00:00:00+01:00', null],
    ['2026-01-31T23:59:59.1234567Z', null],
    ['2026-06-30T10:00-05:30', null],
    ['2024-02-29T00:00:00+00:00', null],
    ['2000-02-29T00:00Z', null],
    ['2026-01-01T00:00:00+14:00', null],
    ['1900-02-29T00:00:00Z', 'dateTimeOffset.range'],
    ['2026-04-31T00:00:00Z', 'dateTimeOffset.range'],
    ['2026-01-31T00:00:00.12345678Z', 'dateTimeOffset.format'],
    ['2026-01-31T00:00:00+0100', 'dateTimeOffset.format'],
    ['2026-01-31T00:00:00', 'dateTimeOffset.format'],
    ['2026-01-31', 'dateTimeOffset.format'],
    ['31.01.2026 00:00', 'dateTimeOffset.format'],
    ['2026-02-29T00:00:00Z', 'dateTimeOffset.range'],
    ['2026-13-01T00:00:00Z', 'dateTimeOffset.range'],
    ['2026-01-01T24:00:00Z', 'dateTimeOffset.range'],
    ['2026-01-01T00:00:00+15:00', 'dateTimeOffset.range'],
    // what .NET's DateTimeOffset holds, as the server checks it: years 1-9999 and the instant in UTC
    ['0000-06-01T00:00:00Z', 'dateTimeOffset.range'],
    ['0001-01-01T00:00:00Z', null],
    ['0001-01-01T00:00:00-01:00', null],
    ['0001-01-01T01:00:00+01:00', null],
    ['0001-01-01T00:59:59.9999999+01:00', 'dateTimeOffset.range'],
    ['0001-01-01T00:00:00+01:00', 'dateTimeOffset.range'],
    ['0001-01-02T00:00:00+14:00', null],
    ['9999-12-31T23:59:59.9999999Z', null],
    ['9999-12-31T22:59:59.9999999-01:00', null],
    ['9999-12-31T23:00:00-01:00', 'dateTimeOffset.range'],
    ['9999-12-31T23:59:00+01:00', null],
    ['9999-12-30T23:00:00-14:00', null],
  ];
  for (const [input, rule] of cases) {
    it(`${input} -> ${rule ?? 'ok'}`, () => {
      expect(issuesOf(productRecordJson({ WarrantyStartDate: JSON.stringify(input) })).map((i) => i.rule)).toEqual(
        rule ? [rule] : [],
      );
    });
  }
});

describe('TimeSpan', () => {
  const cases: [string, string | null][] = [
    ['00:00:00', null],
    ['-00:30:00', null],
    ['1.02:03:04', null],
    ['-400.23:59:59.9999999', null],
    ['12:30:00.5', null],
    ['24:00:00', 'timeSpan.range'],
    ['00:60:00', 'timeSpan.range'],
    ['1:02:03', 'timeSpan.format'],
    ['1.02:03', 'timeSpan.format'],
    ['00:00:00.12345678', 'timeSpan.format'],
    ['PT1H', 'timeSpan.format'],
  ];
  for (const [input, rule] of cases) {
    it(`${input} -> ${rule ?? 'ok'}`, () => {
      expect(issuesOf(productRecordJson({ OperationTime: JSON.stringify(input) })).map((i) => i.rule)).toEqual(
        rule ? [rule] : [],
      );
    });
  }
});

describe('nulls, lengths, enumerations, bitmasks, relations', () => {
  it('accepts null where the spec says T? and in relations', () => {
    const data = v.parseAs(
      v.ProductRecordSchema,
      v.parseJson(productRecordJson({ Part: 'null', OperationTime: 'null' })),
    );
    expect(data.Part).toBeNull();
  });

  it('refuses null in a non-nullable field, naming the path', () => {
    expect(issuesOf(productRecordJson({ SerialNumber: 'null' }))).toEqual([
      expect.objectContaining({ path: 'SerialNumber', rule: 'string' }),
    ]);
  });

  it('refuses a missing field as required', () => {
    const json = productRecordJson().replace('"HasWarranty": true, ', '');
    expect(issuesOf(json)).toEqual([expect.objectContaining({ path: 'HasWarranty', rule: 'required' })]);
  });

  it('ManufacturerPartNumber: 50 characters pass, 51 fail with string.maxLength', () => {
    expect(issuesOf(productRecordJson({ ManufacturerPartNumber: JSON.stringify('x'.repeat(50)) }))).toEqual([]);
    expect(issuesOf(productRecordJson({ ManufacturerPartNumber: JSON.stringify('x'.repeat(51)) }))).toEqual([
      expect.objectContaining({ path: 'ManufacturerPartNumber', rule: 'string.maxLength' }),
    ]);
  });

  it('enumerations accept the listed values only (8 is not a ProductRecords.Status)', () => {
    expect(issuesOf(productRecordJson({ Status: '9' }))).toEqual([]);
    const [issue] = issuesOf(productRecordJson({ Status: '8' }));
    expect(issue).toMatchObject({ path: 'Status', rule: 'enum' });
    expect(issue!.message).toContain('1 (Registrered)');
  });

  it('bitmasks accept combinations of known flags only', () => {
    expect(issuesOf(productRecordJson({ BlockContext: '31' }))).toEqual([]);
    expect(issuesOf(productRecordJson({ BlockContext: '32' }))).toEqual([
      expect.objectContaining({ path: 'BlockContext', rule: 'bitmask' }),
    ]);
  });

  it('an expanded undescribed reference needs an Id and keeps its other properties', () => {
    expect(issuesOf(productRecordJson({ Comment: '{"Id": "5", "Text": "hi"}' }))).toEqual([]);
    expect(issuesOf(productRecordJson({ Comment: '{"Text": "hi"}' }))).toEqual([
      expect.objectContaining({ path: 'Comment.Id', rule: 'required' }),
    ]);
    expect(issuesOf(productRecordJson({ ExtraFields: '[{"Id": 1}, {"Id": "x"}]' }))).toEqual([
      expect.objectContaining({ path: 'ExtraFields[1].Id', rule: 'int64.format' }),
    ]);
  });

  it('a ValidationError lists every path and rule', () => {
    const bad = v.parseJson(productRecordJson({ Id: '"x"', WarrantyMonths: '1e10' }));
    expect(() => v.parseAs(v.ProductRecordSchema, bad, 'ProductRecord')).toThrow(
      /Id: int64\.format[\s\S]*WarrantyMonths: int32\.range/,
    );
  });
});

describe('sign-in structures', () => {
  it('LoginResponse with MFA pending: SessionId null, unknown fields kept (open-ended)', () => {
    const data = v.parseAs(
      v.LoginResponseSchema,
      v.parseJson('{"$id": "1", "SessionId": null, "MfaToken": "abc", "Extra": 1}'),
    );
    expect(data).toEqual({ $id: '1', SessionId: null, MfaToken: 'abc', Extra: 1 });
  });

  it('TOTP login request: Code is an Int32', () => {
    expect(v.validate(v.TotpLoginRequestSchema, { MfaToken: 't', Code: 123456 }).success).toBe(true);
    expect(v.validate(v.TotpLoginRequestSchema, { MfaToken: 't', Code: '123456' }).issues[0]).toMatchObject({
      path: 'Code',
      rule: 'int32',
    });
  });

  it('LoginRequest for OIDC may omit Username and Password', () => {
    expect(v.validate(v.LoginRequestSchema, { ForceRelogin: true }).success).toBe(true);
  });
});

describe('schemaAt (version-gated)', () => {
  it('as of 24.1 the 26.7 fields are not required and are dropped', () => {
    const json = productRecordJson().replace(
      /, "(RemainingExposureTime|IsExposureTimeActive|ExposureTimeNumberOfCycles|ManufacturerPartNumber)": [^,}]+/g,
      '',
    );
    expect(issuesOf(json).map((i) => i.path)).toEqual([
      'RemainingExposureTime',
      'IsExposureTimeActive',
      'ExposureTimeNumberOfCycles',
      'ManufacturerPartNumber',
    ]);
    const result = v.validate(v.schemaAt('ProductRecords', '24.1'), v.parseJson(json));
    expect(result.success).toBe(true);
    expect(Object.keys(result.data)).toContain('CustomerOrderPartRevisionId');
    expect(Object.keys(result.data)).toContain('PartRevisionId');
  });

  it('orders versions numerically: at 2.9 ProductRecords (2.18) did not exist', () => {
    expect(() => v.schemaAt('ProductRecords', '2.9')).toThrow(/introduced in service version 2\.18/);
    expect(Object.keys(v.schemaAt('ProductRecords', '2.18').shape)).not.toContain('CertificateId');
    expect(Object.keys(v.schemaAt('ProductRecords', '2.24').shape)).toContain('CertificateId');
  });

  it('refuses a malformed version', () => {
    expect(() => v.schemaAt('ProductRecords', 'latest')).toThrow(/malformed service version/);
  });
});

describe('parseJson', () => {
  it('keeps safe numbers as numbers and throws SyntaxError on bad JSON', () => {
    expect(v.parseJson('[1, 2.5, -3e2, 9007199254740991]')).toEqual([1, 2.5, -300, 9007199254740991]);
    expect(() => v.parseJson('{"a": }')).toThrow(SyntaxError);
  });
});
