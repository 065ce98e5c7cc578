/**
 * Writes a large synthetic spec in the format of spec/service-api.md: the real spec's sign-in,
 * endpoints, errors, limits and versioning sections, and N generated resources of M fields
 * (defaults 600 x 50, about 2 MB), each with its read-resources row and some enumerated statuses.
 *
 *   pnpm tsx tools/synthetic-spec.ts [out.md] [--resources 600] [--fields 50]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCALARS = ['Int64', 'Int32', 'Decimal', 'Boolean', 'String', 'DateTimeOffset', 'TimeSpan'];
const AREAS = ['Inventory', 'Manufacturing', 'Purchase', 'TimeRecording', 'Sales'];
const WORDS = ['Order', 'Part', 'Stock', 'Batch', 'Route', 'Shift', 'Price', 'Quota', 'Label', 'Cycle', 'Crate', 'Lot'];

/** Deterministic pseudo-random numbers, so the same arguments give the same file. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function guid(next: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`.toUpperCase();
}

function resourceName(i: number): string {
  return `${WORDS[i % WORDS.length]}${WORDS[Math.floor(i / WORDS.length) % WORDS.length]}Records${i}`;
}

function fieldRow(next: () => number, resource: string, j: number, withSince: boolean): string {
  const since = withSince ? (next() < 0.3 ? '-' : `${2 + Math.floor(next() * 25)}.${Math.floor(next() * 60)}`) : null;
  const cells = (name: string, type: string, notes: string) =>
    `| ${[name, type, notes, ...(since === null ? [] : [since])].join(' | ')} |`;
  if (j === 0) return cells('Id', 'Int64', 'Business key.');
  const kind = j % 10;
  if (kind === 3) return cells(`Related${j}Id`, 'Int64?', `Key of the related record; references ${resource}.`);
  if (kind === 4) return cells(`Related${j - 1}`, resource, 'Expandable.');
  if (kind === 5) return cells(`Kind${j}`, 'Int32', `0 = None, 1 = First${j}, 2 = Second${j}, 4 = Third${j}.`);
  if (kind === 6)
    return cells(`Flags${j}`, 'Int32', 'Bitmask. 0 = None, 1 = Alpha, 2 = Beta, 4 = Gamma. Combined flags.');
  if (kind === 7) return cells(`Lines${j}`, `${resource}[]`, 'Expandable; rows of the record.');
  if (kind === 8) return cells(`Code${j}`, 'String', 'Code of the record; maximum length 50.');
  const scalar = SCALARS[Math.floor(next() * SCALARS.length)]!;
  return cells(`Value${j}`, next() < 0.4 ? `${scalar}?` : scalar, `Value ${j} of the record.`);
}

export function syntheticSpec(
  resources = 600,
  fields = 50,
  base = readFileSync(new URL('../spec/service-api.md', import.meta.url), 'utf8'),
): string {
  const next = rng(42);
  const names = Array.from({ length: resources }, (_, i) => resourceName(i));
  const sections = names.map((name, i) => {
    const withSince = i % 4 !== 0;
    const header = withSince
      ? '| Name | Type | Notes | Since |\n|---|---|---|---|'
      : '| Name | Type | Notes |\n|---|---|---|';
    const rows = Array.from({ length: fields }, (_, j) => fieldRow(next, name, j, withSince));
    const status = `| Status | Int32 | Values under States and transitions. |${withSince ? ' 22.6 |' : ''}`;
    return `### ${name}\n\nRepresents synthetic record ${i}. Queryable, introduced in version 2.${18 + (i % 40)}. Type GUID: ${guid(next)}.\n\n${header}\n${rows.join('\n')}\n${status}\n`;
  });
  const readRows = names.map((name, i) => `| ${AREAS[i % AREAS.length]}/${name} | Show synthetic ${i} |`);
  const statuses = names.map(
    (name) => `${name}.Status: 0 None, 1 Registrered (this spelling), 2 Active, 9 Historical.`,
  );
  return base
    .replace(/(\n## States and transitions)/, `\n${sections.join('\n')}$1`)
    .replace(/(\n\| Sales\/CustomerOrderRowInflows \| Show customer orders \|)/, `$1\n${readRows.join('\n')}`)
    .replace(/(\nCaseEntryActivities\.Status: [^\n]*\n)/, `$1\n${statuses.join('\n\n')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const out = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'synthetic-spec.md';
  const text = syntheticSpec(option('--resources', 600), option('--fields', 50));
  writeFileSync(out, text);
  process.stdout.write(`wrote ${out}: ${(text.length / 1e6).toFixed(2)} MB\n`);
}
