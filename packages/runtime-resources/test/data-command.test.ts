/** `pnpm service data seed|import` through `dataCommand`, against a SQLite file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '@specgen/runtime-store';
import { dataCommand as runDataCommand, resourceModels, seedRecord, seedResourceData } from '../src/index.ts';
import { loadSpec } from './harness.ts';

/** The command as the service CLI calls it: with the IR its caller loaded. */
async function dataCommand(args: string[]): Promise<number> {
  return runDataCommand(args, { spec: await loadSpec() });
}

let dir: string;
let errors: string[];
let logs: string[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-data-'));
  vi.stubEnv('DATABASE_URL', `sqlite:${join(dir, 'service.db')}`);
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
  const store = await openStore(process.env.DATABASE_URL!, { migrate: false });
  try {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
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
    expect(await dataCommand(['import', 'Nope', join(dir, 'missing.json')])).toBe(2);
    expect(errors.at(-1)).toMatch(/^unknown resource "Nope"; one of: .*ProductRecords/);
    expect(await dataCommand(['import', 'CaseEntryActivities', join(dir, 'missing.json')])).toBe(1);
    expect(errors.at(-1)).toMatch(/^cannot read .*missing\.json/);
    expect(await dataCommand(['frobnicate'])).toBe(2);
    expect(await dataCommand(['--help'])).toBe(0);
    expect(logs.join('\n')).toContain('service data import <Resource> <file>');
  });
});

describe('seedResourceData', () => {
  it('seeds the store it is given for the spec it is given, whatever the working directory', async () => {
    const cwd = process.cwd();
    const spec = await loadSpec();
    const store = await openStore('sqlite::memory:', { migrate: false });
    try {
      process.chdir(dir);
      vi.stubEnv('SPEC_FILE', join(dir, 'no-such-spec.md'));
      const written = await seedResourceData(store, spec, { count: 5 });
      expect(Object.keys(written).sort()).toEqual(
        resourceModels({ spec })
          .map((m) => m.name)
          .sort(),
      );
      const row = await store.db
        .selectFrom('product_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(5);
    } finally {
      process.chdir(cwd);
      await store.close();
    }
  });
});
