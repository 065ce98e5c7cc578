/**
 * SQL-injection attempts in every query option and in the Id, and malformed options: each is
 * answered with 400 (or, where the text is just a string value, with a harmless 200), and the
 * data is unchanged afterwards, on SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@specgen/runtime-store';
import { postgresAvailable } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, get, loadSpec, openTestStore, stopPostgres, type StoreKind } from './harness.ts';
import { loadKnownData } from './known-data.ts';

const PR = '/en/001.1/api/v1/Inventory/ProductRecords';

const ATTACKS: Array<[string, string]> = [
  ['$filter', 'Id eq 1; DROP TABLE product_records'],
  ['$filter', 'Id eq 1 OR 1=1'],
  ['$filter', 'Id eq 1) OR (1=1'],
  ['$filter', "SerialNumber eq 'x' UNION SELECT _json FROM product_records --"],
  ['$filter', 'Id eq 1 -- comment'],
  ['$filter', '"Id" = 1'],
  ['$filter', 'Id eq 0x10'],
  ['$filter', "like(SerialNumber, '%') OR 1=1"],
  ['$filter', 'contains(Id, (SELECT 1))'],
  ['$filter', 'has(BlockContext, 1 | 2)'],
  ['$filter', 'Status eq 1/*'],
  ['$filter', 'Status eq 1e309'],
  ['$filter', 'isnull(Id); DELETE FROM product_records'],
  ['$filter', "_json eq 'x'"],
  ['$select', 'Id,_json'],
  ['$select', 'Id; DROP TABLE product_records'],
  ['$select', '*'],
  ['$select', 'Id FROM product_records --'],
  ['$expand', 'Comment; DROP TABLE resource_references'],
  ['$expand', 'Comment)--'],
  ['$orderby', 'Id; DROP TABLE product_records'],
  ['$orderby', 'Id desc, (SELECT 1)'],
  ['$orderby', '1'],
  ['$orderby', 'Id desc nulls first'],
  ['$orderby', 'random()'],
  ['$top', '1; DROP TABLE product_records'],
  ['$top', '1 OR 1=1'],
  ['$top', '-1'],
  ['$top', '1e3'],
  ['$top', '99999999999999999999'],
  ['$skip', '0 UNION SELECT 1'],
  ['$skip', 'abc'],
  ['$skip', ''],
  ['$filter', ''],
  ['$filter', '((('],
  ['$filter', "SerialNumber eq 'unterminated"],
  ['$filter', 'Status eq eq 4'],
  ['$filter', 'and'],
  ['$filter', 'Status eq 4 and'],
  ['$filter', 'not'],
  ['$filter', 'contains()'],
  ['$filter', "Status eq '4' '5'"],
  ['$filter', 'Status eq 4,'],
  ['$unknown', 'x'],
  ['$filter', `${'('.repeat(100)}Id eq 1${')'.repeat(100)}`],
  ['$filter', `${'not '.repeat(100)}HasWarranty`],
];

/** String literals reach SQL as parameters: these are valid filters that simply match nothing. */
const HARMLESS = [
  "SerialNumber eq 'x'' OR ''1''=''1'",
  "SerialNumber eq '; DROP TABLE product_records; --'",
  "like(SerialNumber, '%'' OR 1=1 --')",
  "contains(SerialNumber, 'a'');DELETE FROM product_records;--', 'b')",
];

const KINDS: StoreKind[] = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(KINDS)('injection and malformed options on %s', (kind) => {
  let store: Store;
  let app: FastifyInstance;
  let snapshot: string;

  beforeAll(async () => {
    const spec = await loadSpec();
    store = await openTestStore(kind);
    app = await buildApp(store, spec, '26.8');
    await loadKnownData(store, spec);
    snapshot = (await get(app, `${PR}?$expand=Comment`)).body;
  });

  afterAll(async () => {
    await app.close();
    await store.close();
    if (kind === 'postgres') await stopPostgres();
  });

  it.each(ATTACKS)('%s=%s is refused with 400 and a message', async (option, value) => {
    const res = await get(app, `${PR}?${option}=${encodeURIComponent(value)}`);
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toMatch(new RegExp(`^\\${option}: `));
  });

  it.each(HARMLESS)('$filter=%s matches nothing and changes nothing', async (filter) => {
    const res = await get(app, `${PR}?$filter=${encodeURIComponent(filter)}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe('[]');
  });

  it('refuses injection in the Id', async () => {
    for (const id of ['1 OR 1=1', '1;DROP TABLE product_records', "1'--", '0x1']) {
      expect((await get(app, `${PR}/${encodeURIComponent(id)}`)).status).toBe(400);
    }
  });

  it('leaves the data unchanged', async () => {
    expect((await get(app, `${PR}?$expand=Comment`)).body).toBe(snapshot);
    expect(JSON.parse(snapshot)).toHaveLength(6);
  });
});
