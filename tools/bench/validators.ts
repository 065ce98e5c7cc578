/**
 * Throughput of the generated zod validators (@service-api/validators) against ajv 2020 compiled
 * from each resource's full record schema in the generated OpenAPI document (@service-api/openapi,
 * $refs resolved into one standalone schema), on the same records in the same run. Records are
 * built from the IR for every resource: Int64 as JSON strings (as production writes them, above
 * 2^53), every scalar kind, nulls, enum and bitmask values.
 *
 * From JSON text, zod reads through `parseJson` (lossless) and ajv through `JSON.parse`; the `text` and `pages`
 * groups also time the package's `validateJson(schema, text)` (a generated reader per record schema that reads
 * the text itself, falling back to `parseJson` + the schema), which is what the aim's "JSON text" figure uses
 * (`validateJson` lines), beside `parseJson` + `safeParse` (the way before it). Two more
 * cases show where the time goes: zod after a plain `JSON.parse`, and texts whose Int64 values
 * are unquoted JSON numbers beyond 2^53 (the lossless parser's slow path; ajv gets the same text
 * through `JSON.parse`, which rounds them).
 *
 * A last case pair times records that are refused for one field (the issues, not a yes/no, are
 * what zod returns then).
 *
 * The zod schemas are measured as the package exports them: each record schema runs its generated
 * fast path (a plain parser beside the zod schema; zod's own parser only for what it refuses).
 *
 * `--baseline-validators <dir>`: another build of the package (a folder with its `dist/index.js`, e.g. main's
 * `generated/validators` built elsewhere) whose schemas run every zod case too, in the same rounds, so that a
 * change is measured against its baseline in the same run (`zod[base]` lines, and its ratios beside).
 * The folder must resolve `zod` and `lossless-json`. For main's package, in an empty `<folder>`:
 *   `git archive main generated/validators | tar -x -C <folder> --strip-components=2`,
 *   `ln -s <this checkout>/generated/validators/node_modules <folder>/node_modules`, `tsc -p <folder>`.
 * `--cases objects,text,pages,json,unquoted,refused` (default all) keeps only those case groups. `pages`: the records
 * as pages of up to 100 records of one resource in one JSON text, as a `GET` answers them (zod:
 * `z.array(schema).safeParse(parseJson(text))`, the README's way; ajv: `JSON.parse` and the array schema).
 *
 *   pnpm tsx tools/bench/validators.ts [--records 1000] [--seconds 4] [--rounds 15] [--warmup 0.3] [--clock cpu|wall] [--detail]
 *     [--distribution half,full,seeded] [--kinds] [--ajv-formats both|full|fast] [--baseline-validators <dir>]
 *     [--cases objects,text,pages,json,unquoted,refused]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseSpecFile } from '@specgen/parser';
import { fieldsAt, type Field, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { assertFullRecord, standaloneSchema, type OpenApiDocument } from './record-schema.ts';
import { z } from 'zod';
import { listRecords, resourceModel, resourceView, seedResourceData } from '@specgen/runtime-resources';
import { openStore } from '@specgen/runtime-store';
// the scalar helpers (int64(), timeSpan(), ...) are exported by the package's index too
import * as validators from '@service-api/validators';

const scalars = validators;
type Validators = typeof validators;

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** The packages whose schemas are measured: this checkout's, and `--baseline-validators`' if given. */
const packages: Array<{ tag: string; module: Validators }> = [{ tag: '', module: validators }];
const baselineDir = option('baseline-validators');
if (baselineDir !== undefined) {
  const entry = resolve(baselineDir, 'dist/index.js');
  if (!existsSync(entry)) throw new Error(`--baseline-validators: no ${entry} (build that package first)`);
  packages.push({ tag: '[base]', module: (await import(pathToFileURL(entry).href)) as Validators });
}
const CASE_GROUPS = ['objects', 'text', 'pages', 'json', 'unquoted', 'refused'] as const;
const cases = (option('cases') ?? CASE_GROUPS.join(',')).split(',').filter((c) => c !== '');
for (const c of cases)
  if (!(CASE_GROUPS as readonly string[]).includes(c)) throw new Error(`--cases ${CASE_GROUPS.join(',')}, not ${c}`);
const wantCase = (group: (typeof CASE_GROUPS)[number]) => cases.includes(group);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RECORDS = arg('records', 1000);
const SECONDS = arg('seconds', 4);

/**
 * The record distributions (`--distribution half|full|seeded`, comma-separated; default all three):
 * - `half`: every other nullable field null, one Int64 value per record (the first bench's records);
 * - `full`: every field set, as a real ProductRecord read from the service (only the expandable
 *   references null): ids of 1 to 19 digits, date-times with and without fractions, in
 *   several offsets, time spans with and without days, decimals with cents;
 * - `seeded`: the sandbox's own demo data, which no one tuned for this bench, read as the server
 *   answers it: `seedResourceData` (what `data seed` and the sandbox's start run) writes it into a
 *   throwaway SQLite store, and `listRecords` (the server's read path) reads each resource's records
 *   back as the JSON page a `GET` answers.
 */
type Distribution = 'half' | 'full' | 'seeded';

const OFFSETS = ['+01:00', 'Z', '-05:00', '+05:30', '+14:00'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A valid value for a field, varied by `i` (record) and `k` (field position). */
function value(field: Field, i: number, k: number, distribution: Distribution): unknown {
  if (field.expandable || field.type.base.kind === 'ref') return null;
  const full = distribution === 'full';
  if (!full && field.type.nullable && i % 2 === 1) return null;
  const e = field.enumeration;
  if (e && e.values.length > 0) {
    const n = full ? i + k : i;
    return e.bitmask
      ? e.values.reduce((m, v, j) => (j % 2 === n % 2 ? m | v.value : m), 0)
      : e.values[n % e.values.length]!.value;
  }
  const j = full ? i * 31 + k * 7 : i;
  switch (field.type.base.scalar) {
    case 'Int64':
      if (!full) return (380497447683684471n + BigInt(i)).toString();
      // Keys as a real service hands them out: most above 2^53, some short.
      return (j % 4 === 0 ? 100000n + BigInt(j) : 380497447683684000n + BigInt(j * 13)).toString();
    case 'Int32':
      return (j * 7919) % 100000;
    case 'Decimal':
      return full ? ((j * 7919) % 1000000) / 100 : i + 0.25;
    case 'Boolean':
      return j % 3 === 0;
    case 'String':
      return `${field.name.slice(0, 20)}-${j}`;
    case 'DateTimeOffset': {
      if (!full) return `2024-0${(i % 9) + 1}-1${i % 10}T10:2${i % 10}:00.123+01:00`;
      const date = `${2020 + (j % 7)}-${pad((j % 12) + 1)}-${pad((j % 28) + 1)}T${pad(j % 24)}:${pad(j % 60)}`;
      // Always with seconds: ajv-formats' date-time (RFC 3339) requires them, the service does not.
      const seconds = [':00', `:${pad(j % 60)}.${pad(j % 1000, 3)}`, `:${pad(j % 60)}.1234567`, `:${pad(j % 60)}`][
        j % 4
      ];
      return `${date}${seconds}${OFFSETS[j % OFFSETS.length]}`;
    }
    case 'TimeSpan':
      return full
        ? `${j % 3 === 0 ? `${j % 40}.` : ''}${pad(j % 24)}:${pad(j % 60)}:${pad((j * 7) % 60)}`
        : `${i % 5}.0${i % 10}:30:00`;
  }
}

interface Sample {
  resource: string;
  type: string;
  record: Record<string, unknown>;
}

function records(spec: Spec, version: string, distribution: Distribution): Sample[] {
  const out = [];
  const resources = spec.resources;
  for (let i = 0; i < RECORDS; i++) {
    const r = resources[i % resources.length]!;
    const type = naming.recordType(r.name);
    if (distribution === 'seeded') {
      const stored = seededRecords.get(r.name)?.[Math.floor(i / resources.length)];
      if (!stored) throw new Error(`${r.name}: no seeded record for record ${i}`);
      out.push({ resource: r.name, type, record: stored });
      continue;
    }
    const record: Record<string, unknown> = {};
    for (const [k, f] of fieldsAt(r, version).entries()) record[f.name] = value(f, i, k, distribution);
    // As a consumer holds a record: from JSON.parse. (An object built key by key, as above, has
    // more properties than V8 keeps fast and is left in dictionary mode, slowing both sides.)
    out.push({ resource: r.name, type, record: JSON.parse(JSON.stringify(record)) as Record<string, unknown> });
  }
  return out;
}

/**
 * The seeded records of every resource, as the server answers them: seeded into a throwaway SQLite
 * store by `seedResourceData`, read back by `listRecords` in pages of 100 ordered by Id (the JSON
 * text the store holds, joined into the page a `GET` answers), parsed as a consumer parses a page.
 */
async function readSeededRecords(spec: Spec, version: string): Promise<Map<string, Array<Record<string, unknown>>>> {
  const perResource = Math.ceil(RECORDS / spec.resources.length);
  const dir = mkdtempSync(join(tmpdir(), 'specgen-bench-validators-'));
  const store = await openStore(`sqlite:${join(dir, 'seeded.db')}`);
  try {
    await seedResourceData(store, spec, { count: perResource });
    const byResource = new Map<string, Array<Record<string, unknown>>>();
    for (const resource of spec.resources) {
      if (!resource.queryable) throw new Error(`${resource.name} is not a queryable resource: no seeded data`);
      const view = resourceView(resourceModel(resource), version);
      const id = { name: 'Id', type: 'Int64', nullable: false, enumValues: null, bitmask: false } as const;
      const got: Array<Record<string, unknown>> = [];
      for (let skip = 0; skip < perResource; skip += 100) {
        const plan = {
          filter: null,
          select: null,
          expand: [],
          orderBy: [{ field: id, descending: false }],
          top: 100,
          skip,
        };
        const page = await listRecords(store.db, store.dialect, view, plan);
        got.push(...(JSON.parse(page.toString()) as Array<Record<string, unknown>>));
      }
      byResource.set(resource.name, got);
    }
    return byResource;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ROUNDS = arg('rounds', 15);
/** The 1-minute load average, printed with each distribution's figures (a shared machine's ratios move with it). */
const loadAverage = () => (loadavg()[0] ?? 0).toFixed(1);
const WARMUP = arg('warmup', 0.3);

/**
 * The clock of a slice. `cpu` (default): CPU time of this process (user + system, every thread, so
 * the garbage collector's and compiler's helper threads count), which a shared machine's other
 * processes do not inflate the way they inflate wall time. `wall`: elapsed time.
 */
const CLOCK = process.argv.includes('--clock') ? process.argv[process.argv.indexOf('--clock') + 1] : 'cpu';
if (CLOCK !== 'cpu' && CLOCK !== 'wall') throw new Error(`--clock cpu|wall, not ${CLOCK}`);
const now: () => number =
  CLOCK === 'cpu'
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      }
    : () => performance.now() / 1e3;

/**
 * Records per second (of CLOCK) of one timed slice of `run`. No forced garbage collection between
 * slices: tried (`gc()` before each slice, untimed), it made the rates swing 3-5x from round to
 * round, for zod and ajv alike (a full collection also ages and flushes the code of the cases not
 * running, and shrinks the young generation), where without it they stay within about 20%.
 */
function slice(run: () => number, seconds: number): number {
  let records = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < seconds) {
    records += run();
    elapsed = now() - start;
  }
  return records / elapsed;
}

/** The value at fraction `q` (0..1) of the sorted `xs` (nearest rank). */
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const median = (xs: number[]) => quantile(xs, 0.5);

/**
 * The cases run interleaved in `ROUNDS` rounds (each case SECONDS / ROUNDS per round; every other
 * round in reverse order), so that a shared, loaded machine slows them alike. A rate is the median
 * round; a ratio is the median of the per-round ratios, each taken from two neighbouring slices.
 * Before that, every case runs for WARMUP seconds (interleaved, twice) so that V8 has optimized
 * each one (and zod has compiled its schemas) before the first timed round.
 */
function measureAll(
  cases: Array<{ label: string; run: () => number }>,
): Array<{ label: string; rates: number[]; perSecond: number }> {
  for (let pass = 0; pass < 2; pass++) for (const c of cases) slice(c.run, WARMUP / 2);
  const rates = cases.map(() => [] as number[]);
  const order = cases.map((_, i) => i);
  for (let r = 0; r < ROUNDS; r++) {
    for (const i of r % 2 === 0 ? order : [...order].reverse()) rates[i]!.push(slice(cases[i]!.run, SECONDS / ROUNDS));
  }
  return cases.map((c, i) => ({ label: c.label, rates: rates[i]!, perSecond: median(rates[i]!) }));
}

const { spec } = parseSpecFile(`${ROOT}spec/service-api.md`);
const version = spec.newestVersion!;
const document = JSON.parse(readFileSync(`${ROOT}generated/openapi/openapi.json`, 'utf8')) as OpenApiDocument;
/**
 * `--ajv-formats both` (default): every ajv case runs twice, once against each mode of ajv-formats,
 * so both ratios come from the same run.
 * - `full`: ajv-formats' full mode, which is also what a plain `addFormats(ajv)` gives (its default
 *   options are `{ keywords: true }`, no `mode`, hence full). Its `date-time` checks the calendar (day
 *   of month, leap years) as the generated DateTimeOffset does, with a split and two regular
 *   expressions with captures (about 1 us per value).
 * - `fast`: its fast mode, one regular expression that accepts 2021-02-30 and hour 29: a weaker
 *   check, but the cheaper baseline.
 */
const AJV_FORMATS = process.argv.includes('--ajv-formats')
  ? process.argv[process.argv.indexOf('--ajv-formats') + 1]
  : 'both';
if (AJV_FORMATS !== 'full' && AJV_FORMATS !== 'fast' && AJV_FORMATS !== 'both')
  throw new Error(`--ajv-formats full|fast|both, not ${AJV_FORMATS}`);
const MODES = (AJV_FORMATS === 'both' ? ['full', 'fast'] : [AJV_FORMATS]) as Array<'full' | 'fast'>;

function ajvOf(mode: 'full' | 'fast') {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv, { mode });
  for (const f of ['int64', 'int32', 'decimal']) ajv.addFormat(f, true);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const pageChecks = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const r of spec.resources) {
    const name = naming.componentSchema(naming.recordType(r.name));
    const schema = standaloneSchema(document, name);
    assertFullRecord(
      name,
      schema,
      fieldsAt(r, version).map((f) => f.name),
    );
    compiled.set(r.name, ajv.compile(schema));
    // a page: an array of records ($defs stay at the root, where the records' $refs point)
    const { $defs, ...record } = schema;
    pageChecks.set(r.name, ajv.compile({ type: 'array', items: record, ...($defs === undefined ? {} : { $defs }) }));
  }
  return { mode, ajv, compiled, pageChecks };
}
const ajvs = MODES.map(ajvOf);
const ajv = ajvs[0]!.ajv;
type ZodLike = { safeParse(v: unknown): { success: boolean } };

function benchDistribution(distribution: Distribution): void {
  const data = records(spec, version, distribution);
  const texts = data.map((d) => JSON.stringify(d.record));
  /** The records as pages of up to 100 records of one resource, in one JSON text each (as a `GET` answers). */
  const pages: Array<{ resource: string; type: string; text: string; size: number }> = [];
  for (const resource of new Set(data.map((d) => d.resource))) {
    const own = data.filter((d) => d.resource === resource);
    for (let at = 0; at < own.length; at += 100) {
      const page = own.slice(at, at + 100);
      pages.push({ resource, type: own[0]!.type, text: JSON.stringify(page.map((d) => d.record)), size: page.length });
    }
  }
  /** The same records with every Int64 string written as an unquoted JSON number. */
  const unquoted = texts.map((t) => t.replace(/"(-?\d{16,})"/g, '$1'));
  const checksOf = (compiled: Map<string, (v: unknown) => boolean>) => data.map((d) => compiled.get(d.resource)!);
  const byMode = ajvs.map(({ mode, compiled, pageChecks }) => ({
    mode,
    checks: checksOf(compiled),
    pageChecks: pages.map((p) => pageChecks.get(p.resource)!),
  }));

  /**
   * The same records, each refused for one field: the last one holding a string (an Int64, a date,
   * a text) gets `true`. zod's fast path refuses it and zod's own parser then runs to gather the
   * issues; ajv stops at the first error.
   */
  const refused = data.map((d) => {
    const record = { ...d.record };
    const key = Object.keys(record).findLast((k) => typeof record[k] === 'string')!;
    record[key] = true;
    return record;
  });

  const ajvText = (checks: Array<(v: unknown) => boolean>) => (t: string, i: number) =>
    checks[i]!(JSON.parse(t)) ? 1 : 0;
  /** Each package's schemas per record, and its text case (`parseJson` of that package). */
  const zods = packages.map(({ tag, module }) => {
    const exported = module as unknown as Record<string, ZodLike>;
    const schemas = data.map((d) => exported[naming.schema(d.type)]!);
    const text = (t: string, i: number) => (schemas[i]!.safeParse(module.parseJson(t)).success ? 1 : 0);
    const pageSchemas = pages.map((p) => z.array(exported[naming.schema(p.type)] as unknown as z.ZodType));
    const page = (i: number) =>
      pageSchemas[i]!.safeParse(module.parseJson(pages[i]!.text)).success ? pages[i]!.size : 0;
    // validateJson: absent from a baseline build that predates it (its cases are then left out)
    const validateJson = (module as { validateJson?: (s: unknown, t: string) => { success: boolean } }).validateJson;
    const textApi = validateJson && ((t: string, i: number) => (validateJson(schemas[i], t).success ? 1 : 0));
    const pageApi =
      validateJson && ((i: number) => (validateJson(pageSchemas[i], pages[i]!.text).success ? pages[i]!.size : 0));
    return { tag, schemas, text, page, textApi, pageApi };
  });

  // Both must accept every record, or the comparison is meaningless.
  data.forEach((d, i) => {
    for (const { tag, schemas, text, textApi } of zods) {
      if (!schemas[i]!.safeParse(d.record).success)
        throw new Error(`zod${tag} refuses ${distribution} ${d.resource} record ${i}`);
      if (text(texts[i]!, i) + text(unquoted[i]!, i) !== 2)
        throw new Error(`zod${tag}: a text of record ${i} is refused`);
      if (textApi && textApi(texts[i]!, i) + textApi(unquoted[i]!, i) !== 2)
        throw new Error(`zod${tag}: validateJson refuses a text of record ${i}`);
      if (schemas[i]!.safeParse(refused[i]).success) throw new Error(`zod${tag}: the refused record ${i} is accepted`);
    }
    for (const { mode, checks } of byMode) {
      if (!checks[i]!(d.record)) throw new Error(`ajv (${mode}) refuses ${distribution} ${d.resource} record ${i}`);
      if (ajvText(checks)(texts[i]!, i) + ajvText(checks)(unquoted[i]!, i) !== 2)
        throw new Error(`ajv (${mode}) refuses a text of record ${i}`);
      if (checks[i]!(refused[i])) throw new Error(`ajv (${mode}) accepts the refused record ${i}`);
    }
  });
  // only when timed: walking a page (an array) first slows main's `parseJson` walk of single records (`for...in`)
  if (wantCase('pages'))
    pages.forEach((p, i) => {
      for (const { tag, page, pageApi } of zods)
        if (page(i) !== p.size || (pageApi && pageApi(i) !== p.size))
          throw new Error(`zod${tag} refuses page ${i} of ${p.resource}`);
      for (const { mode, pageChecks } of byMode)
        if (!pageChecks[i]!(JSON.parse(p.text))) throw new Error(`ajv (${mode}) refuses page ${i} of ${p.resource}`);
    });
  const beyond = unquoted.filter((t, i) => t !== texts[i]).length;

  type Case = { label: string; run: () => number };
  const ajvCases = (kind: string, make: (checks: Array<(v: unknown) => boolean>) => () => number): Case[] =>
    byMode.map(({ mode, checks }) => ({ label: `ajv  ${kind} [${mode}]`, run: make(checks) }));
  const zodCases = (kind: string, make: (z: (typeof zods)[number]) => () => number): Case[] =>
    zods.map((z) => ({ label: `zod${z.tag}  ${kind}`, run: make(z) }));
  /** The `validateJson` cases, for the builds that have it. */
  const apiCases = (kind: string, make: (z: (typeof zods)[number]) => (() => number) | undefined): Case[] =>
    zods.flatMap((z) => {
      const run = make(z);
      return run ? [{ label: `zod${z.tag}  ${kind}`, run }] : [];
    });
  const cases: Case[] = [];
  if (wantCase('objects'))
    cases.push(
      ...zodCases(
        'validate (objects)',
        ({ schemas }) =>
          () =>
            data.reduce((n, d, i) => n + (schemas[i]!.safeParse(d.record).success ? 1 : 0), 0),
      ),
      ...ajvCases(
        'validate (objects)',
        (checks) => () => data.reduce((n, d, i) => n + (checks[i]!(d.record) ? 1 : 0), 0),
      ),
    );
  if (wantCase('text'))
    cases.push(
      ...zodCases(
        'parseJson + validate (text)',
        ({ text }) =>
          () =>
            texts.reduce((n, t, i) => n + text(t, i), 0),
      ),
      ...apiCases(
        'validateJson (text)',
        ({ textApi }) => textApi && (() => texts.reduce((n, t, i) => n + textApi(t, i), 0)),
      ),
      ...ajvCases('JSON.parse + validate (text)', (checks) => {
        const text = ajvText(checks);
        return () => texts.reduce((n, t, i) => n + text(t, i), 0);
      }),
    );
  if (wantCase('pages'))
    cases.push(
      ...zodCases(
        'parseJson + validate (pages)',
        ({ page }) =>
          () =>
            pages.reduce((n, _, i) => n + page(i), 0),
      ),
      ...apiCases(
        'validateJson (pages)',
        ({ pageApi }) => pageApi && (() => pages.reduce((n, _, i) => n + pageApi(i), 0)),
      ),
      ...byMode.map(({ mode, pageChecks }) => ({
        label: `ajv  JSON.parse + validate (pages) [${mode}]`,
        run: () => pages.reduce((n, p, i) => n + (pageChecks[i]!(JSON.parse(p.text)) ? p.size : 0), 0),
      })),
    );
  if (wantCase('json'))
    cases.push(
      ...zodCases(
        'JSON.parse + validate (text)',
        ({ schemas }) =>
          () =>
            texts.reduce((n, t, i) => n + (schemas[i]!.safeParse(JSON.parse(t)).success ? 1 : 0), 0),
      ),
    );
  if (wantCase('unquoted'))
    cases.push(
      ...zodCases(
        'parseJson + validate (unquoted)',
        ({ text }) =>
          () =>
            unquoted.reduce((n, t, i) => n + text(t, i), 0),
      ),
      ...apiCases(
        'validateJson (unquoted)',
        ({ textApi }) => textApi && (() => unquoted.reduce((n, t, i) => n + textApi(t, i), 0)),
      ),
      ...ajvCases('JSON.parse + validate (unquoted)', (checks) => {
        const text = ajvText(checks);
        return () => unquoted.reduce((n, t, i) => n + text(t, i), 0);
      }),
    );
  if (wantCase('refused'))
    cases.push(
      ...zodCases(
        'validate (refused objects)',
        ({ schemas }) =>
          () =>
            refused.reduce((n, r, i) => n + (schemas[i]!.safeParse(r).success ? 0 : 1), 0),
      ),
      ...ajvCases(
        'validate (refused objects)',
        (checks) => () => refused.reduce((n, r, i) => n + (checks[i]!(r) ? 0 : 1), 0),
      ),
    );
  const loadBefore = loadAverage();
  const results = measureAll(cases);
  const loadAfter = loadAverage();
  const at = (label: string) => results.findIndex((r) => r.label === label);

  const fields = data.reduce((n, d) => n + Object.keys(d.record).length, 0) / data.length;
  const nulls = data.reduce((n, d) => n + Object.values(d.record).filter((v) => v === null).length, 0) / data.length;
  console.log(
    `\n[${distribution}] ${data.length} records of ${new Set(data.map((d) => d.resource)).size} resources (avg ${fields.toFixed(1)} fields, ${nulls.toFixed(1)} null; ${beyond} texts with an Int64 beyond 2^53), service version ${version}, ${SECONDS}s (${CLOCK} time) per case in ${ROUNDS} interleaved rounds (median; ratios: median of per-round ratios), node ${process.version}, load average ${loadBefore} -> ${loadAfter}`,
  );
  for (const r of results)
    console.log(`${r.label.padEnd(44)} ${Math.round(r.perSecond).toLocaleString('en-US').padStart(12)} records/s`);
  /** The median per-round ratio, and the middle half of the per-round ratios to show how steady it was. */
  const ratio = (a: number, b: number) => {
    const ratios = results[a]!.rates.map((rate, r) => rate / results[b]!.rates[r]!);
    return `${median(ratios).toFixed(2)}x (rounds' middle half ${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)})`;
  };
  const pairs = [
    ['objects', 'objects', 'validate (objects)', 'validate (objects)'],
    ['text', 'from JSON text', 'parseJson + validate (text)', 'JSON.parse + validate (text)'],
    ['text', 'JSON text, validateJson', 'validateJson (text)', 'JSON.parse + validate (text)'],
    ['pages', 'pages of 100 (text)', 'parseJson + validate (pages)', 'JSON.parse + validate (pages)'],
    ['pages', 'pages of 100, validateJson', 'validateJson (pages)', 'JSON.parse + validate (pages)'],
    ['unquoted', 'unquoted Int64 text', 'parseJson + validate (unquoted)', 'JSON.parse + validate (unquoted)'],
    ['unquoted', 'unquoted Int64 text, validateJson', 'validateJson (unquoted)', 'JSON.parse + validate (unquoted)'],
    ['refused', 'refused objects', 'validate (refused objects)', 'validate (refused objects)'],
  ] as const;
  for (const { tag } of zods)
    for (const { mode } of byMode)
      for (const [group, name, zod, kind] of pairs) {
        if (!wantCase(group)) continue;
        if (at(`zod${tag}  ${zod}`) < 0) continue; // validateJson: not in a baseline build that predates it
        const label = `[${distribution}] ratio zod${tag}/ajv-formats ${mode} (${name}):`;
        console.log(`${label.padEnd(64)} ${ratio(at(`zod${tag}  ${zod}`), at(`ajv  ${kind} [${mode}]`))}`);
      }
  // The change against its baseline, per case, from the same rounds.
  if (zods.length > 1)
    for (const [group, name, zod] of pairs) {
      if (!wantCase(group) || at(`zod[base]  ${zod}`) < 0) continue;
      const label = `[${distribution}] ratio zod/zod[base] (${name}):`;
      console.log(`${label.padEnd(64)} ${ratio(at(`zod  ${zod}`), at(`zod[base]  ${zod}`))}`);
    }
  // --detail: every round's rate (thousands of records/s), to see how steady a run was.
  if (process.argv.includes('--detail'))
    for (const r of results) console.log(`${r.label.padEnd(44)} ${r.rates.map((x) => Math.round(x / 1000)).join(' ')}`);
}

/**
 * `--kinds`: one scalar kind at a time, the check function alone. Objects of 8 fields of one kind
 * (values of the `full` distribution), zod `z.object` of the generated scalar (compiled by
 * `z.compile` on first parse, as derived schemas such as `.pick()` and `schemaAt()` are; the record
 * schemas themselves run their generated fast path, see fast.ts of the package) against ajv compiled
 * from the same field's schema in the OpenAPI document, 8 times, in each ajv-formats mode.
 */
function benchKinds(): void {
  const product = spec.resources.find((r) => r.name === 'ProductRecords')!;
  const fields = fieldsAt(product, version);
  const record = standaloneSchema(document, naming.componentSchema(naming.recordType(product.name))) as {
    properties: Record<string, unknown>;
    $defs?: unknown;
  };
  const kinds: Array<{ kind: string; field: string; zod: () => z.ZodType }> = [
    { kind: 'Int64 (string)', field: 'Id', zod: () => scalars.int64() },
    { kind: 'DateTimeOffset', field: 'WarrantyStartDate', zod: () => scalars.dateTimeOffset().nullable() },
    { kind: 'TimeSpan', field: 'OperationTime', zod: () => scalars.timeSpan().nullable() },
    { kind: 'Decimal', field: 'MeasurementSetting', zod: () => scalars.decimal().nullable() },
    { kind: 'Int32', field: 'WarrantyMonths', zod: () => scalars.int32() },
    { kind: 'String', field: 'SerialNumber', zod: () => scalars.string() },
    {
      kind: 'enumeration',
      field: 'LifeCycleState',
      zod: () => scalars.enumeration([0, 1, 2, 3, 4, 5, 6, 7], 'State', '0-7'),
    },
    { kind: 'bitmask', field: 'BlockContext', zod: () => scalars.bitmask(31, 'BlockContext') },
  ];
  const keys = Array.from({ length: 8 }, (_, k) => `f${k}`);
  const cases = [];
  for (const { kind, field, zod } of kinds) {
    const f = fields.find((x) => x.name === field)!;
    const objects = Array.from(
      { length: RECORDS },
      (_, i) =>
        JSON.parse(JSON.stringify(Object.fromEntries(keys.map((key, k) => [key, value(f, i, k, 'full')])))) as Record<
          string,
          unknown
        >,
    );
    const zodSchema = scalars.compiledOnFirstParse(z.object(Object.fromEntries(keys.map((key) => [key, zod()]))));
    const ajvChecks = ajvs.map(({ mode, ajv }) => ({
      mode,
      check: ajv.compile({
        $defs: record.$defs,
        type: 'object',
        required: keys,
        properties: Object.fromEntries(keys.map((key) => [key, record.properties[field]])),
      }),
    }));
    for (const o of objects) {
      if (!zodSchema.safeParse(o).success) throw new Error(`${kind}: ${JSON.stringify(o)} is refused by zod`);
      for (const { mode, check } of ajvChecks)
        if (!check(o)) throw new Error(`${kind}: ${JSON.stringify(o)} is refused by ajv (${mode})`);
    }
    cases.push({
      label: `zod  ${kind}`,
      run: () => objects.reduce((n, o) => n + (zodSchema.safeParse(o).success ? 1 : 0), 0),
    });
    for (const { mode, check } of ajvChecks)
      cases.push({ label: `ajv  ${kind} [${mode}]`, run: () => objects.reduce((n, o) => n + (check(o) ? 1 : 0), 0) });
  }
  const results = measureAll(cases);
  console.log(
    `\n[kinds] objects of 8 fields of one kind, ${RECORDS} objects, ${SECONDS}s (${CLOCK} time) per case in ${ROUNDS} rounds; ns per field`,
  );
  const ns = (rate: number) => (1e9 / rate / keys.length).toFixed(0).padStart(5);
  const step = 1 + ajvs.length;
  for (let c = 0; c < results.length; c += step) {
    const zodRate = results[c]!;
    const line = [`${zodRate.label.slice(5).padEnd(16)} zod ${ns(zodRate.perSecond)} ns`];
    for (let m = 1; m < step; m++) {
      const ajvRate = results[c + m]!;
      const ratios = zodRate.rates.map((rate, r) => rate / ajvRate.rates[r]!);
      line.push(`ajv ${ajvs[m - 1]!.mode} ${ns(ajvRate.perSecond)} ns (zod/ajv ${median(ratios).toFixed(2)}x)`);
    }
    console.log(line.join('  '));
  }
}

const wanted = process.argv.includes('--distribution')
  ? process.argv[process.argv.indexOf('--distribution') + 1]!.split(',').filter((d) => d !== '')
  : ['half', 'full', 'seeded'];
for (const d of wanted) {
  if (d !== 'half' && d !== 'full' && d !== 'seeded') throw new Error(`--distribution half|full|seeded, not ${d}`);
}
const seededRecords = wanted.includes('seeded') ? await readSeededRecords(spec, version) : new Map();
if (process.argv.includes('--kinds')) benchKinds();
for (const d of wanted as Distribution[]) benchDistribution(d);
