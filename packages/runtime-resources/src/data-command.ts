/**
 * `pnpm service data import <Resource> <file>` and `pnpm service data seed [--count N]`.
 * Reads the spec (SPEC_FILE, default spec/service-api.md) and the store (DATABASE_URL, default
 * sqlite:.data/service.db), creates or migrates the resource tables first.
 */
import { readFileSync } from 'node:fs';
import { parseSpecFile } from '@specgen/parser';
import { openStore } from '@specgen/runtime-store';
import { formatProblem, importRecords } from './importer.ts';
import { resourceModel, type ResourceModel } from './model.ts';
import { seedResources } from './seed.ts';
import { analyzeResourceTables, ensureResourceTables } from './tables.ts';

export const DATA_HELP = `Usage:
  pnpm service data import <Resource> <file>   import a JSON array or NDJSON file (all or nothing)
  pnpm service data seed [--count N]            write the deterministic demo data set (N records per resource, default 60)

Environment: DATABASE_URL (default sqlite:.data/service.db), SPEC_FILE (default spec/service-api.md).
Example: pnpm service data import ProductRecords ./product-records.ndjson`;

async function withModels(run: (store: Awaited<ReturnType<typeof openStore>>, models: ResourceModel[]) => Promise<number>): Promise<number> {
  const { spec, diagnostics } = await parseSpecFile(process.env['SPEC_FILE'] ?? 'spec/service-api.md');
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    for (const d of errors) console.error(`${d.file}:${d.line}:${d.column}: ${d.message}`);
    return 1;
  }
  const store = await openStore(process.env['DATABASE_URL'] ?? 'sqlite:.data/service.db');
  try {
    const models = spec.resources.filter((r) => r.queryable).map(resourceModel);
    await ensureResourceTables(store, models);
    return await run(store, models);
  } finally {
    await store.close();
  }
}

async function importCommand(resource: string | undefined, file: string | undefined): Promise<number> {
  if (!resource || !file) {
    console.error(DATA_HELP);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 1;
  }
  return withModels(async (store, models) => {
    const model = models.find((m) => m.name === resource);
    if (!model) {
      console.error(`unknown resource "${resource}"; one of: ${models.map((m) => m.name).join(', ')}`);
      return 2;
    }
    const result = await importRecords(store, model, text);
    if (!result.ok) {
      for (const p of result.problems) console.error(formatProblem(file, p));
      console.error(`nothing imported: ${result.problems.length} problem(s)`);
      return 1;
    }
    await analyzeResourceTables(store);
    console.log(`imported ${result.imported} ${model.name} record(s)`);
    return 0;
  });
}

async function seedCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--count');
  const count = at >= 0 ? Number(args[at + 1]) : 60;
  if (!Number.isInteger(count) || count < 1) {
    console.error('--count needs a positive integer');
    return 2;
  }
  return withModels(async (store, models) => {
    const written = await seedResources(store, models, { count });
    await analyzeResourceTables(store);
    for (const [name, n] of Object.entries(written)) console.log(`seeded ${n} ${name} record(s)`);
    return 0;
  });
}

export async function dataCommand(args: string[]): Promise<number> {
  const rest = args[0] === 'data' ? args.slice(1) : args;
  const [sub, ...more] = rest;
  if (sub === 'import') return importCommand(more[0], more[1]);
  if (sub === 'seed') return seedCommand(more);
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    console.log(DATA_HELP);
    return 0;
  }
  console.error(sub === undefined ? DATA_HELP : `unknown data command "${sub}"\n\n${DATA_HELP}`);
  return 2;
}
