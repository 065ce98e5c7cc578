/**
 * A table of query cases per operator and function against known data, run on SQLite and
 * PostgreSQL: both must answer the expected records, with byte-identical bodies.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@specgen/runtime-store';
import { postgresAvailable } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, get, loadSpec, openTestStore, stopPostgres, type StoreKind } from './harness.ts';
import { IDS, loadKnownData } from './known-data.ts';

const FILTERS: Array<[string, number[]]> = [
  ['Status eq 4', [1, 2]],
  ["Status eq 'Inventory'", [1, 2]],
  ['Status eq Inventory', [1, 2]],
  ['CommentId ne 10', [2, 3, 5, 6]],
  ['Status Neq 4', [3, 4, 5, 6]],
  ['WarrantyMonths gt 12', [2, 4]],
  ['WarrantyMonths ge 12', [1, 2, 4, 5]],
  ['MeasurementSetting lt 1.5', [4, 5]],
  ['MeasurementSetting le 1.5', [1, 4, 5]],
  ['12 lt WarrantyMonths', [2, 4]],
  ['Id eq 9007199254740993', [3]],
  ["Id eq '9007199254740994'", [4]],
  ['CommentId eq 9007199254740995', [3]],
  ['(Status eq 4 or Status eq 1) and HasWarranty eq true', [1, 3]],
  ['Status eq 4 or Status eq 1 and HasWarranty eq true', [1, 2, 3]],
  ['not (CommentId eq 10)', [2, 3, 5, 6]],
  ['not(MeasurementSetting gt 1)', [2, 4, 5]],
  ['not HasWarranty', [2, 4, 6]],
  ['CommentId eq null', [2, 6]],
  ['CommentId ne null', [1, 3, 4, 5]],
  ['isnull(WarrantyStartDate)', [3, 6]],
  ['isnotnull(OperationTime)', [1, 3, 4, 5]],
  ['contains(Status, 0, 1, 9)', [3, 4, 5]],
  ["contains(Id, '1', 9007199254740994)", [1, 4]],
  ["contains(SerialNumber, 'Zeta', 'zeta', 'A-100')", [1, 6]],
  ['has(BlockContext, 4)', [3, 4, 5]],
  ["has(BlockContext, 'ManufacturingOrderWithdrawal')", [2, 3, 5]],
  ['has(BlockContext, CustomerOrderDelivery)', [3, 4, 5]],
  ['has(BlockContext, 5)', [3, 5]],
  ["like(SerialNumber, 'a-%')", [1, 2]],
  ["like(SerialNumber, 'C\\_100\\%')", [5]],
  ["like(SerialNumber, '%''%')", [4]],
  ["like(SerialNumber, '_-_00')", [1, 2, 3]],
  ['WarrantyStartDate gt 2024-01-01T00:00:00Z', [4, 5]],
  ['WarrantyStartDate lt 2024-01-01T00:00:00Z', [2]],
  ["WarrantyStartDate eq '2024-01-01T01:00:00+01:00'", [1]],
  ['WarrantyStartDate ge 2024-01-01', [1, 4, 5]],
  ["OperationTime gt '01:00:00'", [3]],
  ["OperationTime eq '01:00:00'", [1, 5]],
  ['HasWarranty eq false', [2, 4, 6]],
  ["SerialNumber gt 'B'", [2, 3, 4, 5, 6]],
  ['Status EQ 4 AND HasWarranty Eq true', [1]],
];

const ORDERS: Array<[string, number[]]> = [
  ['$orderby=SerialNumber', [1, 3, 5, 4, 6, 2]],
  ['$orderby=MeasurementSetting desc', [6, 3, 1, 5, 4, 2]],
  ['$orderby=CommentId,Id desc', [6, 2, 4, 1, 5, 3]],
  ['$orderby=WarrantyStartDate', [6, 3, 2, 1, 5, 4]],
  ['$orderby=OperationTime desc', [3, 5, 1, 4, 6, 2]],
  ['$orderby=Id&$top=2&$skip=1', [2, 5]],
  ['$top=0', []],
  ['$orderby=Id&$expand=Comment,ExtraFields,Part&$select=Id,CommentId', [1, 2, 5, 6, 3, 4]],
  ['$filter=Status eq 4&$select=SerialNumber,Id&$orderby=SerialNumber desc', [2, 1]],
  ['$filter=Status eq 4&$orderby=SerialNumber desc', [2, 1]],
];

const KINDS: StoreKind[] = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];
const apps = new Map<StoreKind, FastifyInstance>();
const stores: Store[] = [];
const BASE = '/en/001.1/api/v1/Inventory/ProductRecords';

beforeAll(async () => {
  const spec = await loadSpec();
  for (const kind of KINDS) {
    const store = await openTestStore(kind);
    stores.push(store);
    const app = await buildApp(store, spec, '26.8');
    await loadKnownData(store, spec);
    apps.set(kind, app);
  }
});

afterAll(async () => {
  for (const app of apps.values()) await app.close();
  for (const store of stores) await store.close();
  await stopPostgres();
});

async function idsOn(query: string): Promise<string[]> {
  const bodies: string[] = [];
  for (const [kind, app] of apps) {
    const res = await get(app, `${BASE}?${query}`);
    expect(res.status, `${kind}: ${res.body}`).toBe(200);
    bodies.push(res.body);
  }
  for (const body of bodies.slice(1)) expect(body).toBe(bodies[0]);
  return (JSON.parse(bodies[0]!) as Array<{ Id: string }>).map((r) => r.Id);
}

describe(`query cases on ${KINDS.join(' and ')}`, () => {
  it('runs on both stores when PostgreSQL is installed', () => {
    expect(KINDS).toContain('sqlite');
  });

  it.each(FILTERS)('$filter=%s', async (filter, expected) => {
    const ids = await idsOn(`$filter=${encodeURIComponent(filter)}&$orderby=Id`);
    expect(new Set(ids)).toEqual(new Set(expected.map((n) => IDS[n])));
  });

  it.each(ORDERS)('%s', async (query, expected) => {
    const q = query.replace(/=([^&]*)/g, (_, v: string) => `=${encodeURIComponent(v)}`);
    expect(await idsOn(q)).toEqual(expected.map((n) => IDS[n]));
  });
});
