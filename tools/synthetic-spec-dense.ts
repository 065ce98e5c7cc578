/**
 * A second large synthetic spec, written differently from tools/synthetic-spec.ts so that the
 * generate benchmark does not measure only the shape it was tuned on: longer notes (two
 * sentences, one in four), more enumerations and bitmasks (3-5 values, 3-6 flags), most fields
 * nullable, several Int64 keys and expandable relations per resource, and eight more sign-in
 * structures. Defaults 600 resources x 50 fields, about 1.9 MB.
 *
 *   pnpm tsx tools/synthetic-spec-dense.ts [out.md] [--resources 600] [--fields 50]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { guid, rng } from './synthetic-spec.ts';

const SCALARS = ['Int64', 'Decimal', 'DateTimeOffset', 'TimeSpan', 'String', 'Int32', 'Boolean'];
const AREAS = ['Inventory', 'Manufacturing', 'Purchase', 'TimeRecording', 'Sales'];
const NOUNS = [
  'Invoice',
  'Carrier',
  'Tool',
  'Machine',
  'Project',
  'Warehouse',
  'Account',
  'Contract',
  'Ledger',
  'Pallet',
];
const VERBS = ['Planned', 'Booked', 'Checked', 'Released', 'Reported', 'Closed', 'Approved', 'Shipped'];
const FLAGS = ['On', 'Lock', 'Print', 'Out', 'Arch', 'Audit', 'Bill', 'Sync', 'Hold', 'Sign', 'Rush', 'Split'];

function resourceName(i: number): string {
  return `${VERBS[i % VERBS.length]}${NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]}Entries${i}`;
}

/** One sentence, or (one in four) two, as the real spec's longer notes read. */
function note(next: () => number, subject: string): string {
  const more = ['Read only.', 'Empty until booked.', 'Kept on copy.', 'As shown.'];
  const first = `${subject} as stored.`;
  return next() < 0.25 ? `${first} ${more[Math.floor(next() * more.length)]}` : first;
}

function enumNote(prefix: string, count: number, bitmask: boolean): string {
  const values = Array.from(
    { length: count },
    (_, k) => `${bitmask ? 2 ** k : k} = ${prefix}${FLAGS[k % FLAGS.length]}`,
  );
  return bitmask ? `Bitmask. 0 = None, ${values.join(', ')}.` : `${values.join(', ')}.`;
}

function fieldRow(next: () => number, resource: string, target: string, j: number, withSince: boolean): string {
  const since = withSince ? (next() < 0.25 ? '-' : `${2 + Math.floor(next() * 25)}.${Math.floor(next() * 60)}`) : null;
  const cells = (name: string, type: string, notes: string) =>
    `| ${[name, type, notes, ...(since === null ? [] : [since])].join(' | ')} |`;
  if (j === 0) return cells('Id', 'Int64', 'Business key.');
  const kind = j % 8;
  if (kind === 1) return cells(`Owner${j}Id`, 'Int64?', `Owner; references ${target}.`);
  if (kind === 2) return cells(`Owner${j - 1}`, target, 'Expandable.');
  if (kind === 3)
    return cells(`State${j}`, next() < 0.5 ? 'Int32?' : 'Int32', enumNote('', 3 + Math.floor(next() * 3), false));
  if (kind === 4) return cells(`Marks${j}`, 'Int32', enumNote('', 3 + Math.floor(next() * 4), true));
  if (kind === 5 && j % 16 === 5) return cells(`Rows${j}`, `${resource}[]`, 'Expandable; the rows of the entry.');
  const scalar = SCALARS[Math.floor(next() * SCALARS.length)]!;
  const nullable = next() < 0.7;
  const text =
    scalar === 'String' && next() < 0.5
      ? `${note(next, `Text ${j}`)} Maximum length ${20 * (1 + (j % 10))}.`
      : note(next, `Value ${j}`);
  return cells(`Field${j}`, nullable ? `${scalar}?` : scalar, text);
}

/** Eight more sign-in structures (JSON bodies), inserted after the real ones. */
function signInStructures(next: () => number): string {
  return Array.from({ length: 8 }, (_, s) => {
    const rows = Array.from({ length: 6 + s }, (_, k) => {
      const scalar = SCALARS[Math.floor(next() * SCALARS.length)]!;
      return `| Part${k} | ${next() < 0.5 ? `${scalar}?` : scalar} | ${note(next, `Part ${k}`)} |`;
    });
    return `**SignInStep${s}Request** (JSON body of sign-in step ${s})\n\n| Field | Type | Notes |\n|---|---|---|\n${rows.join('\n')}\n`;
  }).join('\n');
}

export function denseSyntheticSpec(
  resources = 600,
  fields = 50,
  base = readFileSync(new URL('../spec/service-api.md', import.meta.url), 'utf8'),
): string {
  const next = rng(7);
  const names = Array.from({ length: resources }, (_, i) => resourceName(i));
  const sections = names.map((name, i) => {
    const withSince = i % 2 === 0;
    const header = withSince
      ? '| Name | Type | Notes | Since |\n|---|---|---|---|'
      : '| Name | Type | Notes |\n|---|---|---|';
    const target = names[(i * 7 + 3) % names.length]!;
    const rows = Array.from({ length: fields }, (_, j) => fieldRow(next, name, target, j, withSince));
    const status = `| Status | Int32 | Values under States and transitions. |${withSince ? ' 22.6 |' : ''}`;
    return `### ${name}\n\nRepresents ${name.replace(/\d+$/, '')} ${i}. Queryable, introduced in version 2.${18 + (i % 40)}. Type GUID: ${guid(next)}.\n\n${header}\n${rows.join('\n')}\n${status}\n`;
  });
  const readRows = names.map((name, i) => `| ${AREAS[i % AREAS.length]}/${name} | Show entries ${i} |`);
  const statuses = names.map(
    (name) => `${name}.Status: 0 None, 1 Registrered (this spelling), 2 Active, 3 Paused, 9 Historical.`,
  );
  return base
    .replace(/(\n### ProductRecords\n)/, `\n${signInStructures(next)}$1`)
    .replace(/(\n## States and transitions)/, `\n${sections.join('\n')}$1`)
    .replace(/(\n\| Sales\/CustomerOrderRowInflows \| Show customer orders \|)/, `$1\n${readRows.join('\n')}`)
    .replace(/(\nCaseEntryActivities\.Status: [^\n]*\n)/, `$1\n${statuses.join('\n\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) =>
    args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
  const out = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'synthetic-spec-dense.md';
  const text = denseSyntheticSpec(option('--resources', 600), option('--fields', 50));
  writeFileSync(out, text);
  process.stdout.write(`wrote ${out}: ${(text.length / 1e6).toFixed(2)} MB\n`);
}
