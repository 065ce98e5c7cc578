/**
 * Throughput of the generated zod validators (@service-api/validators) against ajv 2020 compiled
 * from each resource's full record schema in the generated OpenAPI document (@service-api/openapi,
 * $refs resolved into one standalone schema), on the same records in the same run. Records are
 * built from the IR for every resource: Int64 as JSON strings (as production writes them, above
 * 2^53), every scalar kind, nulls, enum and bitmask values.
 *
 * From JSON text, zod reads through `parseJson` (lossless) and ajv through `JSON.parse`. Two more
 * cases show where the time goes: zod after a plain `JSON.parse`, and texts whose Int64 values
 * are unquoted JSON numbers beyond 2^53 (the lossless parser's slow path; ajv gets the same text
 * through `JSON.parse`, which rounds them).
 *
 * A last case pair times records that are refused for one field (the issues, not a yes/no, are
 * what zod returns then).
 *
 * The zod schemas are measured as the package exports them: each compiles itself (`z.compile`) on
 * its first parse, which the acceptance check below does before anything is timed.
 *
 *   pnpm tsx tools/bench/validators.ts [--records 1000] [--seconds 4] [--rounds 15] [--warmup 0.3] [--clock cpu|wall] [--detail]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseSpecFile } from '@specgen/parser';
import { fieldsAt, type Field, type Spec } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { assertFullRecord, standaloneSchema, type OpenApiDocument } from './record-schema.ts';
import * as validators from '@service-api/validators';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RECORDS = arg('records', 1000);
const SECONDS = arg('seconds', 4);

/** A valid value for a field, varied by `i` (every other nullable field is null). */
function value(field: Field, i: number): unknown {
  if (field.expandable || field.type.base.kind === 'ref') return null;
  if (field.type.nullable && i % 2 === 1) return null;
  const e = field.enumeration;
  if (e && e.values.length > 0) return e.bitmask ? e.values.reduce((m, v, k) => (k % 2 === i % 2 ? m | v.value : m), 0) : e.values[i % e.values.length]!.value;
  switch (field.type.base.scalar) {
    case 'Int64':
      return (380497447683684471n + BigInt(i)).toString();
    case 'Int32':
      return (i * 7919) % 100000;
    case 'Decimal':
      return i + 0.25;
    case 'Boolean':
      return i % 3 === 0;
    case 'String':
      return `${field.name.slice(0, 20)}-${i}`;
    case 'DateTimeOffset':
      return `2024-0${(i % 9) + 1}-1${i % 10}T10:2${i % 10}:00.123+01:00`;
    case 'TimeSpan':
      return `${i % 5}.0${i % 10}:30:00`;
  }
}

function records(spec: Spec, version: string): Array<{ resource: string; type: string; record: Record<string, unknown> }> {
  const out = [];
  const resources = spec.resources;
  for (let i = 0; i < RECORDS; i++) {
    const r = resources[i % resources.length]!;
    const record: Record<string, unknown> = {};
    for (const f of fieldsAt(r, version)) record[f.name] = value(f, i);
    // As a consumer holds a record: from JSON.parse. (An object built key by key, as above, has
    // more properties than V8 keeps fast and is left in dictionary mode, slowing both sides.)
    out.push({ resource: r.name, type: naming.recordType(r.name), record: JSON.parse(JSON.stringify(record)) as Record<string, unknown> });
  }
  return out;
}

const ROUNDS = arg('rounds', 15);
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
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const median = (xs: number[]) => quantile(xs, 0.5);

/**
 * The cases run interleaved in `ROUNDS` rounds (each case SECONDS / ROUNDS per round; every other
 * round in reverse order), so that a shared, loaded machine slows them alike. A rate is the median
 * round; a ratio is the median of the per-round ratios, each taken from two neighbouring slices.
 * Before that, every case runs for WARMUP seconds (interleaved, twice) so that V8 has optimized
 * each one (and zod has compiled its schemas) before the first timed round.
 */
function measureAll(cases: Array<{ label: string; run: () => number }>): Array<{ label: string; rates: number[]; perSecond: number }> {
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
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
for (const f of ['int64', 'int32', 'decimal']) ajv.addFormat(f, true);

const data = records(spec, version);
const texts = data.map((d) => JSON.stringify(d.record));
/** The same records with every Int64 string written as an unquoted JSON number. */
const unquoted = texts.map((t) => t.replace(/"(-?\d{16,})"/g, '$1'));
const zodSchemas = data.map((d) => (validators as unknown as Record<string, { safeParse(v: unknown): { success: boolean } }>)[naming.schema(d.type)]!);
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
for (const r of spec.resources) {
  const name = naming.componentSchema(naming.recordType(r.name));
  const schema = standaloneSchema(document, name);
  assertFullRecord(name, schema, fieldsAt(r, version).map((f) => f.name));
  compiled.set(r.name, ajv.compile(schema));
}
const ajvChecks = data.map((d) => compiled.get(d.resource)!);

/**
 * The same records, each refused for one field: the last one holding a string (an Int64, a date,
 * a text) gets `true`. zod's compiled fast path refuses it and zod's own parser then runs to
 * gather the issues; ajv stops at the first error.
 */
const refused = data.map((d) => {
  const record = { ...d.record };
  const key = Object.keys(record).findLast((k) => typeof record[k] === 'string')!;
  record[key] = true;
  return record;
});

const zodText = (t: string, i: number) => (zodSchemas[i]!.safeParse(validators.parseJson(t)).success ? 1 : 0);
const ajvText = (t: string, i: number) => (ajvChecks[i]!(JSON.parse(t)) ? 1 : 0);

// Both must accept every record, or the comparison is meaningless.
data.forEach((d, i) => {
  if (!zodSchemas[i]!.safeParse(d.record).success) throw new Error(`zod refuses ${d.resource} record ${i}`);
  if (!ajvChecks[i]!(d.record)) throw new Error(`ajv refuses ${d.resource} record ${i}: ${JSON.stringify(ajvChecks[i]!.errors)}`);
  if (zodText(texts[i]!, i) + ajvText(texts[i]!, i) + zodText(unquoted[i]!, i) + ajvText(unquoted[i]!, i) !== 4) throw new Error(`a text of ${d.resource} record ${i} is refused`);
  if (unquoted[i] === texts[i]) throw new Error(`${d.resource} record ${i} has no Int64 beyond 2^53 to unquote`);
  if (zodSchemas[i]!.safeParse(refused[i]).success || ajvChecks[i]!(refused[i])) throw new Error(`the refused ${d.resource} record ${i} is accepted`);
});

const results = measureAll([
  { label: 'zod  validate (objects)', run: () => data.reduce((n, d, i) => n + (zodSchemas[i]!.safeParse(d.record).success ? 1 : 0), 0) },
  { label: 'ajv  validate (objects)', run: () => data.reduce((n, d, i) => n + (ajvChecks[i]!(d.record) ? 1 : 0), 0) },
  { label: 'zod  parseJson + validate (text)', run: () => texts.reduce((n, t, i) => n + zodText(t, i), 0) },
  { label: 'ajv  JSON.parse + validate (text)', run: () => texts.reduce((n, t, i) => n + ajvText(t, i), 0) },
  { label: 'zod  JSON.parse + validate (text)', run: () => texts.reduce((n, t, i) => n + (zodSchemas[i]!.safeParse(JSON.parse(t)).success ? 1 : 0), 0) },
  { label: 'zod  parseJson + validate (unquoted)', run: () => unquoted.reduce((n, t, i) => n + zodText(t, i), 0) },
  { label: 'ajv  JSON.parse + validate (unquoted)', run: () => unquoted.reduce((n, t, i) => n + ajvText(t, i), 0) },
  { label: 'zod  validate (refused objects)', run: () => refused.reduce((n, r, i) => n + (zodSchemas[i]!.safeParse(r).success ? 0 : 1), 0) },
  { label: 'ajv  validate (refused objects)', run: () => refused.reduce((n, r, i) => n + (ajvChecks[i]!(r) ? 0 : 1), 0) },
]);

const fields = data.reduce((n, d) => n + Object.keys(d.record).length, 0) / data.length;
console.log(`validators benchmark: ${data.length} records of ${spec.resources.length} resources (avg ${fields.toFixed(1)} fields), service version ${version}, ${SECONDS}s (${CLOCK} time) per case in ${ROUNDS} interleaved rounds (median; ratios: median of per-round ratios), node ${process.version}`);
for (const r of results) console.log(`${r.label.padEnd(38)} ${Math.round(r.perSecond).toLocaleString('en-US').padStart(12)} records/s`);
/** The median per-round ratio, and the middle half of the per-round ratios to show how steady it was. */
const ratio = (a: number, b: number) => {
  const ratios = results[a]!.rates.map((rate, r) => rate / results[b]!.rates[r]!);
  return `${median(ratios).toFixed(2)}x (rounds' middle half ${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)})`;
};
console.log(`ratio zod/ajv (objects):             ${ratio(0, 1)}`);
console.log(`ratio zod/ajv (from JSON text):      ${ratio(2, 3)}`);
console.log(`ratio zod/ajv (unquoted Int64 text): ${ratio(5, 6)}`);
console.log(`ratio zod/ajv (refused objects):     ${ratio(7, 8)}`);
// --detail: every round's rate (thousands of records/s), to see how steady a run was.
if (process.argv.includes('--detail')) for (const r of results) console.log(`${r.label.padEnd(38)} ${r.rates.map((x) => Math.round(x / 1000)).join(' ')}`);
