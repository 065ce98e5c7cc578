/**
 * A literal outside its type's .NET range answers 400 with its position, never 500, for every
 * field of every resource, on SQLite and PostgreSQL; the extremes of each range answer 200 on
 * both (they bind as the column types hold them). Before the range checks, a TimeSpan literal of
 * 99999999 days overflowed the 64-bit ticks in the SQLite binding (RangeError, 500).
 */
import type { FastifyInstance } from 'fastify';
import { availableAt } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';
import { postgresAvailable } from '@specgen/test-support/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceModels, resourceView, type ResourceView } from '@specgen/runtime-resources';
import { buildApp, get, loadSpec, openTestStore, stopPostgres, type StoreKind } from './harness.ts';

const VERSION = '26.8';

/** Per type: a literal just outside its range, and the extreme inside it. */
const LITERALS = {
  Int32: { outside: '2147483648', limit: '-2147483648' },
  Int64: { outside: '-9223372036854775809', limit: '9223372036854775807' },
  Decimal: { outside: '79228162514264337593543950336', limit: '-79228162514264337593543950335' },
  DateTimeOffset: { outside: '0001-01-01T00:00:00+00:01', limit: '9999-12-31T23:59:59.9999999Z' },
  TimeSpan: { outside: "'99999999.23:59:59.9999999'", limit: "'-10675199.02:48:05.4775808'" },
} as const;

type RangedType = keyof typeof LITERALS;

const KINDS: StoreKind[] = postgresAvailable() ? ['sqlite', 'postgres'] : ['sqlite'];
const apps = new Map<StoreKind, FastifyInstance>();
const stores: Store[] = [];
let cases: Array<{ url: string; field: string; type: RangedType }> = [];

beforeAll(async () => {
  const spec = await loadSpec();
  for (const kind of KINDS) {
    const store = await openTestStore(kind);
    stores.push(store);
    apps.set(kind, await buildApp(store, spec, VERSION));
  }
  const views: ResourceView[] = resourceModels({ spec })
    .filter((m) => availableAt(m.resource.introduced, VERSION))
    .map((m) => resourceView(m, VERSION));
  cases = views.flatMap((v) =>
    [...v.schema.fields.values()]
      .filter((f) => f.type in LITERALS)
      .map((f) => ({ url: `/en/001.1/api/v1/${v.model.path}`, field: f.name, type: f.type as RangedType })),
  );
});

afterAll(async () => {
  for (const app of apps.values()) await app.close();
  for (const store of stores) await store.close();
  await stopPostgres();
});

async function statusOn(
  url: string,
  filter: string,
): Promise<Array<{ kind: StoreKind; status: number; body: string }>> {
  const out = [];
  for (const [kind, app] of apps) {
    const res = await get(app, `${url}?$filter=${encodeURIComponent(filter)}`);
    out.push({ kind, status: res.status, body: res.body });
  }
  return out;
}

describe(`literal ranges on ${KINDS.join(' and ')}`, () => {
  it('covers every ranged type on some resource', () => {
    expect(new Set(cases.map((c) => c.type))).toEqual(new Set(Object.keys(LITERALS)));
    expect(cases.filter((c) => c.type === 'TimeSpan').length).toBeGreaterThan(0);
  });

  it('answers 400 with the position for an out-of-range literal, compared or in contains()', async () => {
    for (const { url, field, type } of cases) {
      const { outside, limit } = LITERALS[type];
      const compared = `${field} gt ${outside}`;
      const listed = `contains(${field}, ${limit}, ${outside})`;
      for (const [filter, position] of [
        [compared, field.length + 5],
        [listed, listed.length - outside.length],
      ] as const) {
        for (const res of await statusOn(url, filter)) {
          expect(res.status, `${res.kind} ${url} ${filter}: ${res.body}`).toBe(400);
          expect(JSON.parse(res.body)).toMatch(new RegExp(`is outside the .+ range \\(.+\\) at position ${position}$`));
        }
      }
    }
  });

  it('answers 400 for a string literal with a NUL character (found by the endpoint fuzzer: PostgreSQL failed with 500)', async () => {
    for (const filter of [
      "not (SerialNumber eq '\u0000,%')",
      "contains(SerialNumber, 'a', 'b\u0000')",
      "like(SerialNumber, '%\u0000%')",
    ]) {
      for (const res of await statusOn('/en/001.1/api/v1/Inventory/ProductRecords', filter)) {
        expect(res.status, `${res.kind} ${filter}: ${res.body}`).toBe(400);
        expect(JSON.parse(res.body)).toMatch(/NUL character .* at position \d+$/);
      }
    }
  });

  it('answers 200 for the extreme values inside each range', async () => {
    for (const { url, field, type } of cases) {
      const { limit } = LITERALS[type];
      for (const filter of [`${field} le ${limit}`, `contains(${field}, ${limit})`]) {
        for (const res of await statusOn(url, filter))
          expect(res.status, `${res.kind} ${url} ${filter}: ${res.body}`).toBe(200);
      }
    }
  });
});
