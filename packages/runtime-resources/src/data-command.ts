/**
 * `service data import <Resource> <file>` and `service data seed [--count N]`, on the store of
 * DATABASE_URL (default sqlite:.data/service.db), for the IR its caller hands over (the generated
 * server package passes its own ir.json; the repository's `pnpm service` the generated snapshot).
 * Creates or migrates the resource tables first. Never parses the markdown spec.
 */
import { readFileSync } from 'node:fs';
import type { Spec } from '@specgen/ir';
import { openStore, type Store } from '@specgen/runtime-store';
import type { GeneratedValidators } from './generated-check.ts';
import { formatProblem, importRecords } from './importer.ts';
import { resourceModel, type ResourceModel } from './model.ts';
import { seedResourceData } from './seed-data.ts';
import { analyzeResourceTables, ensureResourceTables } from './tables.ts';

export const DATA_HELP = `Usage:
  service data import <Resource> <file>   import a JSON array or NDJSON file (all or nothing)
  service data seed [--count N]            write the deterministic demo data set (N records per resource, default 60)

Environment: DATABASE_URL (default sqlite:.data/service.db).
Example: pnpm service data import ProductRecords ./product-records.ndjson`;

export interface DataCommandOptions {
  /** The IR of the service whose data is managed. */
  spec: Spec;
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /**
   * Loads the generated validators package, whose schemas `data import` checks each record with
   * after the IR checks (generated-check.ts); absent or null: the IR checks alone.
   */
  validators?: () => Promise<GeneratedValidators | null>;
}

interface Io {
  spec: Spec;
  validators?: () => Promise<GeneratedValidators | null>;
  databaseUrl: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

async function withStore(io: Io, run: (store: Store) => Promise<number>): Promise<number> {
  const store = await openStore(io.databaseUrl);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

async function importCommand(io: Io, resource: string | undefined, file: string | undefined): Promise<number> {
  if (!resource || !file) {
    io.err(DATA_HELP);
    return 2;
  }
  const models: ResourceModel[] = io.spec.resources.filter((r) => r.queryable).map(resourceModel);
  const model = models.find((m) => m.name === resource);
  if (!model) {
    io.err(`unknown resource "${resource}"; one of: ${models.map((m) => m.name).join(', ')}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`cannot read ${file}: ${(e as Error).message}`);
    return 1;
  }
  return withStore(io, async (store) => {
    await ensureResourceTables(store, models);
    const result = await importRecords(store, model, text, (await io.validators?.()) ?? null);
    if (!result.ok) {
      for (const p of result.problems) io.err(formatProblem(file, p));
      io.err(`nothing imported: ${result.problems.length} problem(s)`);
      return 1;
    }
    await analyzeResourceTables(store);
    io.out(`imported ${result.imported} ${model.name} record(s)`);
    return 0;
  });
}

async function seedCommand(io: Io, args: string[]): Promise<number> {
  const at = args.indexOf('--count');
  const count = at >= 0 ? Number(args[at + 1]) : 60;
  if (!Number.isInteger(count) || count < 1) {
    io.err('--count needs a positive integer');
    return 2;
  }
  return withStore(io, async (store) => {
    const written = await seedResourceData(store, io.spec, { count });
    for (const [name, n] of Object.entries(written)) io.out(`seeded ${n} ${name} record(s)`);
    return 0;
  });
}

export async function dataCommand(args: string[], options: DataCommandOptions): Promise<number> {
  const env = options.env ?? process.env;
  const io: Io = {
    spec: options.spec,
    validators: options.validators,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:.data/service.db',
    out: options.out ?? ((line) => console.log(line)),
    err: options.err ?? ((line) => console.error(line)),
  };
  const rest = args[0] === 'data' ? args.slice(1) : args;
  const [sub, ...more] = rest;
  if (sub === 'import') return importCommand(io, more[0], more[1]);
  if (sub === 'seed') return seedCommand(io, more);
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(DATA_HELP);
    return 0;
  }
  io.err(sub === undefined ? DATA_HELP : `unknown data command "${sub}"\n\n${DATA_HELP}`);
  return 2;
}
