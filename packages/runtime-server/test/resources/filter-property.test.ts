/**
 * Property: for random valid filters, both stores return exactly the records that the in-memory
 * reference evaluation (runtime-query `evaluate`) of the same checked filter selects.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Store } from '@specgen/runtime-store';
import { evaluate, parseQueryOptions, sortRecords, type QueryField, type ScalarValue } from '@specgen/runtime-query';
import { postgresAvailable } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resourceModels,
  resourceView,
  seedEncoded,
  writeRecords,
  type EncodedRecord,
  type ResourceView,
} from '@specgen/runtime-resources';
import { buildApp, get, loadSpec, openTestStore, stopPostgres, type StoreKind } from './harness.ts';

const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
const FIELDS = [
  'Id',
  'CommentId',
  'Status',
  'BlockContext',
  'WarrantyMonths',
  'HasWarranty',
  'SerialNumber',
  'ChargeNumber',
  'WarrantyStartDate',
  'OperationTime',
  'MeasurementSetting',
  'ExposureTimeNumberOfCycles',
];

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function timeSpanText(ticks: bigint): string {
  const neg = ticks < 0n;
  let s = (neg ? -ticks : ticks) / 10_000_000n;
  const days = s / 86_400n;
  s %= 86_400n;
  const p = (n: bigint) => String(n).padStart(2, '0');
  const text = `${p(s / 3600n)}:${p((s / 60n) % 60n)}:${p(s % 60n)}`;
  return `${neg ? '-' : ''}${days > 0n ? `${days}.` : ''}${text}`;
}

function literal(f: QueryField, v: ScalarValue, style: number): string {
  switch (f.type) {
    case 'Int64':
      return style % 2 === 0 ? String(v) : quote(String(v));
    case 'Int32': {
      const name = f.enumValues && !f.bitmask ? [...f.enumValues].find(([, n]) => n === v)?.[0] : undefined;
      return name && style % 2 === 0 ? quote(name) : String(v);
    }
    case 'Decimal':
      return String(v);
    case 'Boolean':
      return String(v);
    case 'String':
      return quote(v as string);
    case 'DateTimeOffset':
      return new Date(Number((v as bigint) / 1000n)).toISOString().replace('.000Z', 'Z');
    case 'TimeSpan':
      return quote(timeSpanText(v as bigint));
  }
}

/** A value of the field: mostly one from the data (so matches happen), else a nearby one. */
function valueArb(f: QueryField, pool: ScalarValue[]): fc.Arbitrary<ScalarValue> {
  const fromData = fc.constantFrom(...pool);
  const other: fc.Arbitrary<ScalarValue> = {
    Int64: fc.bigInt({ min: -5n, max: 9_007_199_254_741_200n }),
    Int32: fc.integer({ min: -1, max: 1000 }),
    Decimal: fc.integer({ min: -100, max: 100_000 }).map((n) => n / 100),
    Boolean: fc.boolean(),
    String: fc.string({ unit: fc.constantFrom('S', 'N', '-', '0', '1', 'a', "'", ' '), maxLength: 6 }),
    DateTimeOffset: fc.integer({ min: 1_672_531_200, max: 1_767_225_600 }).map((s) => BigInt(s) * 1_000_000n),
    TimeSpan: fc.integer({ min: 0, max: 3 * 86_400 }).map((s) => BigInt(s) * 10_000_000n),
  }[f.type];
  return fc.oneof({ weight: 3, arbitrary: fromData }, { weight: 1, arbitrary: other });
}

function filterArb(view: ResourceView, records: EncodedRecord[]): fc.Arbitrary<string> {
  const fields = FIELDS.map((n) => view.schema.fields.get(n)!);
  const pools = new Map(
    fields.map((f) => [
      f.name,
      [...new Set(records.map((r) => r.values[f.name]).filter((v): v is ScalarValue => v !== null))],
    ]),
  );
  const atom = fc.constantFrom(...fields).chain((f): fc.Arbitrary<string> => {
    const value = valueArb(f, pools.get(f.name)!);
    const options: fc.Arbitrary<string>[] = [
      fc
        .tuple(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'Neq', 'EQ'), value, fc.nat())
        .map(([op, v, s]) => `${f.name} ${op} ${literal(f, v, s)}`),
      fc
        .array(value, { minLength: 1, maxLength: 4 })
        .map((vs) => `contains(${f.name}, ${vs.map((v, i) => literal(f, v, i)).join(', ')})`),
    ];
    if (f.nullable)
      options.push(
        fc.constantFrom(`isnull(${f.name})`, `isnotnull(${f.name})`, `${f.name} eq null`, `${f.name} ne null`),
      );
    if (f.bitmask)
      options.push(fc.constantFrom(...f.enumValues!.keys()).map((flag) => `has(${f.name}, ${quote(flag)})`));
    if (f.type === 'String') {
      options.push(
        fc
          .tuple(
            fc.constantFrom(...(pools.get(f.name) as string[])),
            fc.nat(6),
            fc.nat(6),
            fc.constantFrom('%', '_', ''),
          )
          .map(
            ([s, a, b, w]) =>
              `like(${f.name}, ${quote(`${w}${s.slice(Math.min(a, b), Math.max(a, b)).toLowerCase()}%`)})`,
          ),
      );
    }
    if (f.type === 'Boolean') options.push(fc.constant(f.name));
    return fc.oneof(...options);
  });
  const tree = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc
        .tuple(tie('node'), fc.constantFrom('and', 'or', 'AND', 'Or'), tie('node'))
        .map(([a, op, b]) => `(${a}) ${op} (${b})`),
      tie('node').map((a) => `not (${a})`),
    ),
  }));
  return tree.node;
}

const KINDS: StoreKind[] = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(KINDS)('random filters on %s agree with the in-memory evaluation', (kind) => {
  let store: Store;
  let app: FastifyInstance;
  let view: ResourceView;
  let records: EncodedRecord[];

  beforeAll(async () => {
    const spec = await loadSpec();
    store = await openTestStore(kind);
    app = await buildApp(store, spec, '26.8');
    const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
    view = resourceView(model, '26.8');
    records = Array.from({ length: 240 }, (_, i) => seedEncoded(model, i, false));
    await store.db.transaction().execute((trx) => writeRecords(trx, store.dialect, model, records));
  });

  afterAll(async () => {
    await app.close();
    await store.close();
    if (kind === 'postgres') await stopPostgres();
  });

  it('returns exactly the records the reference evaluation selects', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb(view, records), async (filter) => {
        const plan = parseQueryOptions({ $filter: filter }, view.schema);
        const expected = records
          .filter((r) => evaluate(plan.filter!, r.values))
          .map((r) => String(r.id))
          .sort();
        const res = await get(app, `${PR}?$top=1000&$select=Id&$filter=${encodeURIComponent(filter)}`);
        expect(res.status, res.body).toBe(200);
        const actual = (JSON.parse(res.body) as Array<{ Id: string }>).map((r) => r.Id).sort();
        expect(actual).toEqual(expected);
      }),
      { numRuns: kind === 'sqlite' ? 300 : 150, seed: 20261122 },
    );
  });

  it('orders and pages exactly like the reference sort', async () => {
    const sortable = [...FIELDS, 'PlannedDeliveryDate', 'ManufacturerPartNumber'];
    const orderArb = fc.uniqueArray(fc.tuple(fc.constantFrom(...sortable), fc.boolean()), {
      minLength: 1,
      maxLength: 3,
      selector: ([name]) => name,
    });
    await fc.assert(
      fc.asyncProperty(
        filterArb(view, records),
        orderArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        async (filter, order, top, skip) => {
          const orderby = order.map(([name, desc]) => `${name}${desc ? ' desc' : ''}`).join(',');
          const plan = parseQueryOptions({ $filter: filter, $orderby: orderby }, view.schema);
          const matching = records.filter((r) => evaluate(plan.filter!, r.values)).map((r) => ({ ...r.values }));
          const expected = sortRecords(matching, plan.orderBy)
            .slice(skip, skip + top)
            .map((r) => String(r.Id));
          const query = `$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent(orderby)}&$top=${top}&$skip=${skip}&$select=Id`;
          const res = await get(app, `${PR}?${query}`);
          expect(res.status, res.body).toBe(200);
          expect((JSON.parse(res.body) as Array<{ Id: string }>).map((r) => r.Id)).toEqual(expected);
        },
      ),
      { numRuns: kind === 'sqlite' ? 200 : 100, seed: 20261123 },
    );
  });
});

describe('a page whose matches lie beyond the ordered prefix (SQLite falls back to the plain query)', () => {
  it('still answers exactly', async () => {
    const spec = await loadSpec();
    const store = await openTestStore('sqlite');
    const app = await buildApp(store, spec, '26.8');
    const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
    const records = Array.from({ length: 3000 }, (_, i) => seedEncoded(model, i, false));
    await store.db.transaction().execute((trx) => writeRecords(trx, store.dialect, model, records));
    // SerialNumber SN-000000 ... SN-002999; descending order puts the first 1000 records last.
    const filter = "SerialNumber lt 'SN-001000' and Status ne 4";
    const plan = parseQueryOptions(
      { $filter: filter, $orderby: 'SerialNumber desc' },
      resourceView(model, '26.8').schema,
    );
    const expected = sortRecords(
      records.filter((r) => evaluate(plan.filter!, r.values)).map((r) => ({ ...r.values })),
      plan.orderBy,
    )
      .slice(0, 100)
      .map((r) => String(r.Id));
    const res = await get(
      app,
      `${PR}?$filter=${encodeURIComponent(filter)}&$orderby=${encodeURIComponent('SerialNumber desc')}&$select=Id`,
    );
    expect((JSON.parse(res.body) as Array<{ Id: string }>).map((r) => r.Id)).toEqual(expected);
    expect(expected).toHaveLength(100);
    await app.close();
    await store.close();
  });
});
