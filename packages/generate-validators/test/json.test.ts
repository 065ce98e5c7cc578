/**
 * The generated `parseJson` and `stringifyJson` at run time. `parseJson` has two paths:
 * `JSON.parse` when no number reaches 2^53, `lossless-json` otherwise. A fast-check property holds
 * it to the lossless parser alone on generated JSON: big integers, long digit runs inside strings,
 * escapes, exponents, fractions, negative numbers, nesting. `stringifyJson` writes bigint as the
 * service writes Int64 (JSON strings), and records round-trip through it without losing a digit.
 */
import fc from 'fast-check';
import { parse } from 'lossless-json';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Validators, loadValidators } from './load-generated.ts';

let v: Validators;
beforeAll(async () => {
  v = await loadValidators();
}, 60_000);

/** The reference: the lossless parser on every text, with the package's own number rule. */
const lossless = (text: string): unknown => parse(text, null, v.parseNumber);

const digits = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 9 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min - 1, maxLength: max - 1 }),
    )
    .map(([d, ds]) => `${d}${ds.join('')}`);

/** A JSON number literal: sign, 1-25 integer digits, maybe a fraction, maybe an exponent. */
const numberLiteral = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.oneof(fc.constant('0'), digits(1, 15), digits(16, 25)),
    fc.option(
      digits(1, 6).map((d) => `.${d}`),
      { nil: '' },
    ),
    fc.option(
      fc
        .tuple(fc.constantFrom('e', 'E', 'e+', 'e-', 'E-'), fc.integer({ min: 0, max: 400 }))
        .map(([e, n]) => `${e}${n}`),
      { nil: '' },
    ),
  )
  .map((parts) => parts.join(''));

/** An integer literal of 16-25 digits: beyond 2^53 most of the time. */
const longInteger = fc.tuple(fc.constantFrom('', '-'), digits(16, 25)).map(([sign, d]) => `${sign}${d}`);

/** Strings that look like numbers, hold quotes and backslashes, or any unicode. */
const stringText = fc
  .oneof(
    fc.string({ unit: 'binary' }),
    fc
      .array(fc.oneof(fc.constantFrom('"', '\\', '\\"', '\u2028', '\n', ': ', ','), digits(16, 22), fc.string()), {
        maxLength: 6,
      })
      .map((xs) => xs.join('')),
  )
  .map((s) => JSON.stringify(s));

const space = fc.constantFrom('', ' ', '\n  ', '\t');

/** JSON text (unique keys per object: lossless-json refuses a repeated key with another value). */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberLiteral,
    longInteger,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.tuple(space, fc.array(tie('value'), { maxLength: 5 })).map(([s, xs]) => `[${s}${xs.join(`,${s}`)}${s}]`),
    fc
      .tuple(space, fc.uniqueArray(fc.tuple(fc.string(), tie('value')), { selector: ([k]) => k, maxLength: 5 }))
      .map(([s, entries]) => `{${s}${entries.map(([k, x]) => `${JSON.stringify(k)}${s}:${s}${x}`).join(`,${s}`)}${s}}`),
  ),
})).value;

const holdsBigint = (value: unknown): boolean =>
  typeof value === 'bigint' || (typeof value === 'object' && value !== null && Object.values(value).some(holdsBigint));

describe('parseJson: JSON.parse fast path and lossless path agree', () => {
  it('gives what the lossless parser gives, on generated JSON', () => {
    let withBigint = 0;
    let without = 0;
    fc.assert(
      fc.property(jsonText, (text) => {
        const expected = lossless(text);
        if (holdsBigint(expected)) withBigint++;
        else without++;
        expect(v.parseJson(text)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    // both paths were exercised
    expect(withBigint).toBeGreaterThan(100);
    expect(without).toBeGreaterThan(100);
  });

  it('refuses bad JSON with a SyntaxError on either path', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), fc.constantFrom('', '}', ']', ',', '"', ':', 'x'), (text, at, cut) => {
        const bad = `${text.slice(0, at % (text.length + 1))}${cut}`;
        let reference: unknown = null;
        try {
          lossless(bad);
        } catch (error) {
          reference = error;
        }
        if (reference === null) expect(v.parseJson(bad)).toEqual(lossless(bad));
        else expect(() => v.parseJson(bad)).toThrow(SyntaxError);
      }),
      { numRuns: 1000 },
    );
  });

  const cases: [string, unknown][] = [
    ['380497447683684471', 380497447683684471n],
    ['-9223372036854775808', -9223372036854775808n],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', 9007199254740993n],
    ['{"Id": "380497447683684471", "n": 1234567890123456}', { Id: '380497447683684471', n: 1234567890123456 }],
    ['["\\"380497447683684471", 1e300]', ['"380497447683684471', 1e300]],
    ['[12345678901234567.5, 1E+21, -0]', [Number('12345678901234567.5'), 1e21, -0]],
    ['{"a\\\\": [380497447683684471]}', { 'a\\': [380497447683684471n] }],
    ['[{"Id": "1"}, [1, 2, {"n": [3, -9007199254740993]}]]', [{ Id: '1' }, [1, 2, { n: [3, -9007199254740993n] }]]],
    // strings (passed over by the walk) beside and before a big integer, in objects and arrays
    [
      '{"Id": "9007199254740993", "a": ["9007199254740993", "x"], "b": {"s": "1", "n": 9007199254740993}}',
      { Id: '9007199254740993', a: ['9007199254740993', 'x'], b: { s: '1', n: 9007199254740993n } },
    ],
    ['["1", "", null, true, -9007199254740993]', ['1', '', null, true, -9007199254740993n]],
  ];
  for (const [text, expected] of cases) {
    it(`${text}`, () => {
      expect(v.parseJson(text)).toEqual(expected);
    });
  }

  it('walks deeply nested values without recursion', () => {
    const deep = `${'['.repeat(20000)}1${']'.repeat(20000)}`;
    expect(v.holdsLargeNumber(JSON.parse(deep))).toBe(false);
    expect(v.holdsLargeNumber(JSON.parse(deep.replace('1', '9007199254740993')))).toBe(true);
  });
});

describe('stringifyJson', () => {
  it('writes bigint as a JSON string of every digit, as the service writes Int64', () => {
    expect(v.stringifyJson({ Id: 380497447683684471n, Ids: [-9223372036854775808n, 1n], n: 1.5 })).toBe(
      '{"Id":"380497447683684471","Ids":["-9223372036854775808","1"],"n":1.5}',
    );
    expect(v.stringifyJson({ a: 1n }, 2)).toBe('{\n  "a": "1"\n}');
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => v.stringifyJson(undefined)).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => v.stringifyJson(cyclic)).toThrow(TypeError);
  });

  it('any bigint survives stringifyJson -> parseJson -> the Int64 schema', () => {
    const schema = v.reference();
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (id) => {
        const decoded = v.parseAs(schema, v.parseJson(v.stringifyJson({ Id: id })));
        expect(decoded.Id).toBe(id);
      }),
    );
  });

  it('a decoded ProductRecord round-trips to the same record', () => {
    const text =
      '{"Id": 380497447683684471, "ProductRecordType": 1, "SerialNumberWithPartNumber": "SN-1 P-1", "CommentId": "9007199254740993", ' +
      '"Comment": {"Id": "5", "Text": "hi"}, "CertificateId": null, "Certificate": null, "WarrantyCommitmentId": null, ' +
      '"WarrantyCommitment": null, "InstallationCommentId": null, "InstallationComment": null, "SerialNumber": "SN-1", "ChargeNumber": "", ' +
      '"PartId": "-9223372036854775808", "Part": null, "ManufacturingOrderId": null, "ManufacturingOrder": null, ' +
      '"ExtraFields": [{"Id": 1}], "HasWarranty": true, "WarrantyStartDate": "2026-01-31T00:00:00+01:00", "WarrantyEndDate": null, ' +
      '"WarrantyMonths": 24, "OwnerId": null, "CustomerOrderId": null, "CustomerOrder": null, "CustomerOrderDeliveryRowId": null, ' +
      '"CustomerOrderDeliveryRow": null, "DeliveryAddressId": null, "DeliveryAddress": null, "BlockMessageId": null, "BlockMessage": null, ' +
      '"BlockedById": null, "LifeCycleState": 0, "BlockContext": 5, "BlockedFromDate": null, "BlockedToDate": null, ' +
      '"MeasurementSetting": 12.5, "OperationTime": "-1.02:03:04.1234567", "NumberOfCycles": null, "OperationReportings": null, ' +
      '"CustomerOrderOurReferenceId": null, "BusinessContactReferenceId": null, "CustomerOrderPartRevisionId": null, "PartRevisionId": null, ' +
      '"PlannedDeliveryDate": null, "ActualDeliveryDate": null, "MeasurementSettingWarranty": null, "OperationTimeWarranty": "400.00:00:00", ' +
      '"NumberOfCyclesWarranty": null, "PurchaseOrderId": null, "ActualArrivalDate": null, "ManufactureDate": null, "InstallationOrderId": null, ' +
      '"InstalledBy": null, "InstallationDate": null, "InstallationCode": "", "WarrantyCode": "", "RegistrationNo": "", "TypeDescription": "", ' +
      '"Status": 1, "BestBeforeDate": null, "ProductRecordBatchId": null, "RemainingExposureTime": null, "IsExposureTimeActive": false, ' +
      '"ExposureTimeNumberOfCycles": null, "ManufacturerPartNumber": "MPN-1"}';
    const schema = v.ProductRecordSchema;
    const decoded = v.parseAs(schema, v.parseJson(text));
    const written = v.stringifyJson(decoded);
    expect(written).toContain('"Id":"380497447683684471"');
    expect(written).toContain('"PartId":"-9223372036854775808"');
    expect(v.parseAs(schema, v.parseJson(written))).toEqual(decoded);
  });
});
