/** `pnpm service data seed|import` through `dataCommand`, against a SQLite file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '@specgen/runtime-store';
import { dataCommand, resourceModels, seedRecord } from '../src/index.ts';
import { loadSpec } from './harness.ts';

let dir: string;
let errors: string[];
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-data-'));
  vi.stubEnv('DATABASE_URL', `sqlite:${join(dir, 'service.db')}`);
  vi.stubEnv('SPEC_FILE', new URL('../../../spec/service-api.md', import.meta.url).pathname);
  errors = [];
  logs = [];
  vi.spyOn(console, 'error').mockImplementation((m: string) => void errors.push(m));
  vi.spyOn(console, 'log').mockImplementation((m: string) => void logs.push(m));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function countRows(table: string): Promise<number> {
  const store = await openStore(process.env['DATABASE_URL']!, { migrate: false });
  try {
    const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await store.close();
  }
}

describe('dataCommand', () => {
  it('seeds every resource deterministically', async () => {
    expect(await dataCommand(['data', 'seed', '--count', '12'])).toBe(0);
    expect(logs).toContain('seeded 12 ProductRecords record(s)');
    expect(await countRows('customer_order_row_inflows')).toBe(12);
    expect(await dataCommand(['seed', '--count', '12'])).toBe(0);
    expect(await countRows('product_records')).toBe(12);
  });

  it('imports NDJSON, and refuses a bad file with line and field', async () => {
    const spec = await loadSpec();
    const model = resourceModels({ spec }).find((m) => m.name === 'CaseEntryActivities')!;
    const good = join(dir, 'good.ndjson');
    writeFileSync(good, [0, 1, 2].map((i) => JSON.stringify(seedRecord(model, i))).join('\n'));
    expect(await dataCommand(['import', 'CaseEntryActivities', good])).toBe(0);
    expect(logs).toContain('imported 3 CaseEntryActivities record(s)');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([seedRecord(model, 5), { ...seedRecord(model, 6), Status: 4 }], null, 2));
    expect(await dataCommand(['import', 'CaseEntryActivities', bad])).toBe(1);
    expect(errors[0]).toMatch(/bad\.json:\d+: Status: 4 is not a value of Status/);
    expect(await countRows('case_entry_activities')).toBe(3);
  });

  it('explains its usage', async () => {
    expect(await dataCommand(['import', 'Nope', join(dir, 'missing.json')])).toBe(1);
    expect(await dataCommand(['frobnicate'])).toBe(2);
    expect(await dataCommand(['--help'])).toBe(0);
    expect(logs.join('\n')).toContain('pnpm service data import <Resource> <file>');
  });
});
