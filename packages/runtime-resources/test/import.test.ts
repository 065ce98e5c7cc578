/** `data import`: every field rule from the IR, problems by line and field, all or nothing. */
import type { Store } from '@specgen/runtime-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRecords,
  importRecords,
  resourceModels,
  seedRecord,
  type GeneratedValidators,
  type ResourceModel,
} from '../src/index.ts';
import { loadSpec, openTestStore } from './harness.ts';

let store: Store;
let products: ResourceModel;
let schedules: ResourceModel;

beforeAll(async () => {
  const spec = await loadSpec();
  const models = resourceModels({ spec });
  products = models.find((m) => m.name === 'ProductRecords')!;
  schedules = models.find((m) => m.name === 'Schedules')!;
  store = await openTestStore('sqlite');
  const { ensureResourceTables } = await import('../src/index.ts');
  await ensureResourceTables(store, models);
});

afterAll(() => store.close());

const valid = (i: number, patch: Record<string, unknown> = {}) => ({ ...seedRecord(products, i, false), ...patch });

async function count(table: string): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const FIELD_CASES: Array<[string, Record<string, unknown>, string, string]> = [
  ['Int64 out of range', { PartId: '9223372036854775808' }, 'PartId', 'outside the 64-bit integer range'],
  ['Int64 fraction', { PartId: 1.5 }, 'PartId', 'expected a 64-bit integer'],
  ['Int64 boolean', { PartId: true }, 'PartId', 'expected a 64-bit integer'],
  ['Int32 range', { WarrantyMonths: 2147483648 }, 'WarrantyMonths', 'outside the 32-bit integer range'],
  ['Int32 as string', { WarrantyMonths: '12' }, 'WarrantyMonths', 'expected a 32-bit integer'],
  ['enum value', { Status: 8 }, 'Status', '8 is not a value of Status'],
  ['bitmask flags', { BlockContext: 32 }, 'BlockContext', 'not a combination of the flags'],
  ['date-time without offset', { WarrantyStartDate: '2024-01-01T10:00:00' }, 'WarrantyStartDate', 'with an offset'],
  [
    'impossible date',
    { WarrantyStartDate: '2024-02-30T10:00:00+01:00' },
    'WarrantyStartDate',
    'day 30 is out of range',
  ],
  ['time span', { OperationTime: '1:00' }, 'OperationTime', 'expected a time span'],
  [
    'time span out of range',
    { OperationTime: '99999999.23:59:59.9999999' },
    'OperationTime',
    'outside the TimeSpan range',
  ],
  ['decimal out of range', { MeasurementSetting: 1e29 }, 'MeasurementSetting', 'outside the Decimal range'],
  [
    'date before year 1',
    { WarrantyStartDate: '0001-01-01T00:00:00+01:00' },
    'WarrantyStartDate',
    'outside the DateTimeOffset range',
  ],
  ['NUL in a string', { SerialNumber: 'A\u0000B' }, 'SerialNumber', 'NUL character'],
  ['decimal', { MeasurementSetting: 'abc' }, 'MeasurementSetting', 'expected a decimal number'],
  ['null in non-nullable', { SerialNumber: null }, 'SerialNumber', 'must not be null'],
  ['boolean', { HasWarranty: 'yes' }, 'HasWarranty', 'expected true or false'],
  ['maxLength', { ManufacturerPartNumber: 'x'.repeat(51) }, 'ManufacturerPartNumber', 'at most 50 allowed'],
  ['unknown field', { Colour: 'red' }, 'Colour', 'unknown field of ProductRecords'],
  ['expandable shape', { ExtraFields: { Id: 1 } }, 'ExtraFields', 'expected an array of objects'],
  ['referenced key mismatch', { PartId: '5', Part: { Id: '6' } }, 'Part.Id', 'must equal PartId (5)'],
];

describe('field checks', () => {
  it.each(FIELD_CASES)('%s', (_name, patch, field, message) => {
    const { problems } = checkRecords(products, JSON.stringify([valid(0), valid(1, patch)]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 1, field });
    expect(problems[0]!.message).toContain(message);
  });

  it('reports a missing required field', () => {
    const record = valid(0);
    delete record.SerialNumber;
    expect(checkRecords(products, JSON.stringify(record)).problems).toEqual([
      { line: 1, field: 'SerialNumber', message: 'is required' },
    ]);
  });

  it('accepts Int64 as numbers and strings without losing digits above 2^53', () => {
    const text = `{"Id": 9007199254740993, "PartId": "380497447683684471", ${JSON.stringify(valid(0))
      .slice(1)
      .replace(/"Id":"[^"]*",/, '')
      .replace(/"PartId":"[^"]*",/, '')}`;
    const { records, problems } = checkRecords(products, text);
    expect(problems).toEqual([]);
    expect(records[0]!.id).toBe(9007199254740993n);
    expect(records[0]!.json).toContain('"Id":"9007199254740993"');
    expect(records[0]!.json).toContain('"PartId":"380497447683684471"');
  });

  it('keeps decimals as written', () => {
    const { records } = checkRecords(
      products,
      `[${JSON.stringify(valid(0)).replace(/"MeasurementSetting":[^,]*/, '"MeasurementSetting":12345678.123456789')}]`,
    );
    expect(records[0]!.json).toContain('"MeasurementSetting":12345678.123456789');
  });
});

describe('files', () => {
  it('names the line of each bad record in a JSON array and in NDJSON', () => {
    const array = `[\n${JSON.stringify(valid(0))},\n${JSON.stringify(valid(1, { Status: 99 }))},\n${JSON.stringify(valid(2, { WarrantyMonths: 'x', HasWarranty: 3 }))}\n]`;
    const problems = checkRecords(products, array).problems.map((p) => [p.line, p.field]);
    expect(problems).toEqual([
      [3, 'Status'],
      [4, 'HasWarranty'],
      [4, 'WarrantyMonths'],
    ]);
    const ndjson = `${[valid(0), valid(1, { Status: 99 }), valid(2)].map((r) => JSON.stringify(r)).join('\n')}\n{not json}\n`;
    expect(checkRecords(products, ndjson).problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'Status'],
      [4, null],
    ]);
  });

  it('reports duplicate Ids', () => {
    const problems = checkRecords(products, [valid(0), valid(0)].map((r) => JSON.stringify(r)).join('\n')).problems;
    expect(problems).toEqual([{ line: 2, field: 'Id', message: 'duplicate Id 9007199254740993 (first on line 1)' }]);
  });

  it('writes nothing when any record is bad, everything otherwise', async () => {
    const good = [0, 1, 2, 3].map((i) => valid(i));
    const bad = await importRecords(store, products, JSON.stringify([...good, valid(4, { Status: -1 })]));
    expect(bad.ok).toBe(false);
    expect(await count('product_records')).toBe(0);
    const ok = await importRecords(store, products, JSON.stringify(good));
    expect(ok).toEqual({ ok: true, imported: 4 });
    expect(await count('product_records')).toBe(4);
    const again = await importRecords(store, products, JSON.stringify([valid(0, { SerialNumber: 'changed' })]));
    expect(again.ok).toBe(true);
    expect(await count('product_records')).toBe(4);
  });

  it('also checks every record with the generated validators', async () => {
    const records = JSON.stringify([valid(10), valid(11, { ExtraFields: [{ Name: 'no id' }] })]);
    // without them, the IR checks alone (nested records are not theirs to check)
    expect(await importRecords(store, products, records)).toEqual({ ok: true, imported: 2 });
    const validators = (await import('@service-api/validators')) as unknown as GeneratedValidators;
    const result = await importRecords(store, products, records, validators);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ line: 1, field: 'ExtraFields[0].Id' });
    expect(problems[0]!.message).toContain('generated validator');
  });

  it('imports bitmask and Int64 fields of other resources', async () => {
    const ok = await importRecords(
      store,
      schedules,
      JSON.stringify([seedRecord(schedules, 0), { ...seedRecord(schedules, 1), Type: 3 }]),
    );
    expect(ok).toEqual({ ok: true, imported: 2 });
    const bad = await importRecords(store, schedules, JSON.stringify([{ ...seedRecord(schedules, 2), Type: 4 }]));
    expect(bad.ok).toBe(false);
  });
});
