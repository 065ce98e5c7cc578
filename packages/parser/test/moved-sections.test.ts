/**
 * Sections that only moved (rows added or removed above them) are not read, resolved and shared
 * again: their extractions and resolutions are moved (shift.ts, relocate.ts). The incremental IR must
 * still equal a cold parse of the same text, positions included, and every moved entry must be a
 * twin of the previous one (`stableIdentity`).
 */
import fc from 'fast-check';
import { type Resource, type Spec, stableIdentity } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { syntheticSpec } from '../../../tools/synthetic-spec.ts';
import { createIncrementalParser, parseSpec, type IncrementalParser } from '../src/index.ts';
import { specText, withoutPositions } from './helpers.ts';

const FILE = 'spec/service-api.md';

function parseChecked(parser: IncrementalParser, text: string): Spec {
  const incremental = parser.parse(text, FILE);
  const cold = parseSpec(text, FILE);
  expect(JSON.stringify(incremental.spec)).toBe(JSON.stringify(cold.spec));
  expect(incremental.diagnostics).toEqual(cold.diagnostics);
  return incremental.spec;
}

/** `value` with the line of every `source` moved by `lines`. */
function shifted(value: unknown, lines: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => shifted(v, lines));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k !== 'source') return [k, shifted(v, lines)];
      const s = v as { file: string; line: number; column: number };
      return [k, { file: s.file, line: s.line + lines, column: s.column }];
    }),
  );
}

/**
 * Entries of `after` equal to the entry of `before` of the same name but for positions are twins of
 * it; equal ones are the same object.
 */
function expectTwins(before: Spec, after: Spec): void {
  for (const key of ['resources', 'structures', 'endpoints', 'commands'] as const) {
    const old = new Map<string, object>();
    for (const e of before[key] as { name: string }[]) if (!old.has(e.name)) old.set(e.name, e);
    for (const entry of after[key] as { name: string }[]) {
      const previous = old.get(entry.name);
      if (!previous) continue;
      const json = JSON.stringify(entry);
      if (JSON.stringify(previous) === json) {
        expect(entry, entry.name).toBe(previous);
        continue;
      }
      if (JSON.stringify(withoutPositions(previous)) !== JSON.stringify(withoutPositions(entry))) continue;
      expect(stableIdentity(entry), entry.name).toBe(stableIdentity(previous));
    }
  }
}

type Edit =
  | { kind: 'addRow' | 'deleteRow' | 'statuses'; at: number }
  | { kind: 'editRow'; at: number; how: number }
  | { kind: 'lines'; at: number; text: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('addRow' as const, 'deleteRow' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('editRow' as const), at: fc.nat(), how: fc.nat({ max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('statuses' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lines' as const),
      at: fc.nat(),
      text: fc.constantFrom('', '\n', 'An added remark.\n', '\n\nTwo added lines.'),
    }),
  },
);

/** Table rows below another table line (data rows, not separators), or status lines. */
const isRow = (lines: readonly string[], i: number) => {
  const line = lines[i] ?? '';
  return line.startsWith('|') && !line.startsWith('|--') && (lines[i - 1] ?? '').startsWith('|');
};
const isStatus = (line: string) => /^\w+\.\w+: \d/.test(line);

function pick(lines: readonly string[], at: number, test: (i: number) => boolean): number | null {
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) if (test(i)) found.push(i);
  return found[at % found.length] ?? null;
}

function apply(lines: string[], e: Edit, n: number): string[] {
  const out = [...lines];
  if (e.kind === 'lines') {
    out.splice(e.at % out.length, 0, ...e.text.split('\n'));
    return out;
  }
  if (e.kind === 'statuses') {
    const i = pick(out, e.at, (j) => isStatus(out[j] ?? ''));
    if (i !== null) out[i] = (out[i] ?? '').replace(/\.?$/, `, ${90 + n} Added${n}.`);
    return out;
  }
  const i = pick(out, e.at, (j) => isRow(out, j));
  if (i === null) return out;
  const cells = (out[i] ?? '').split('|');
  if (e.kind === 'deleteRow') out.splice(i, 1);
  else if (e.kind === 'addRow') {
    cells[1] = ` Added${n} `;
    out.splice(i + 1, 0, cells.join('|'));
  } else if (e.kind === 'editRow') {
    const c = [2, 3, 1, 4][e.how] ?? 1;
    const cell = (cells[c] ?? '').trim();
    if (c < cells.length - 1) cells[c] = c === 2 ? ` ${cell}? ` : ` ${cell}X `;
    out[i] = cells.join('|');
  }
  return out;
}

describe('moved sections', () => {
  it('a row added above resources moves them without reading or resolving them again', () => {
    const text = syntheticSpec(30, 12);
    const parser = createIncrementalParser();
    const before = parseChecked(parser, text);
    const lines = text.split('\n');
    const first = lines.findIndex((l) => /^### \w+Records0$/.test(l));
    const row = lines.findIndex((l, i) => i > first && l.startsWith('| Id |'));
    const edited = [...lines.slice(0, row + 1), '| Added | String | A row. |', ...lines.slice(row + 1)].join('\n');
    const relocationsBefore = parser.memo.resolved.relocations;
    const movesBefore = parser.memo.extractionMoves;
    const after = parseChecked(parser, edited);
    const below = before.resources.filter((r) => r.source.line > row + 1);
    expect(below.length).toBeGreaterThanOrEqual(29);
    // The edited resource is read again; every other one that changed only moved (or holds an
    // enumeration of "Enumerated statuses", below the edit) and is relocated.
    const renewed = after.resources.filter((r) => before.resources.find((x) => x.name === r.name) !== r);
    expect(renewed.length).toBeGreaterThan(below.length);
    expect(parser.memo.resolved.relocations - relocationsBefore).toBe(renewed.length - 1);
    expect(parser.memo.extractionMoves - movesBefore).toBeGreaterThanOrEqual(below.length);
    for (const r of below) {
      const now = after.resources.find((x) => x.name === r.name) as Resource;
      expect(now.source.line).toBe(r.source.line + 1);
      expect(now.fields[0]?.type, 'parts without positions are kept').toBe(r.fields[0]?.type);
      // moved whole, with its status enumeration: every position one line further
      expect(JSON.stringify(now), r.name).toBe(JSON.stringify(shifted(r, 1)));
    }
    expectTwins(before, after);
    // and back: the rows removed
    expectTwins(after, parseChecked(parser, text));
  });

  it('a moved entry keeps the identity of its first version over a long watch session', () => {
    const text = syntheticSpec(6, 5);
    const parser = createIncrementalParser();
    const moved = (n: number) =>
      text.replace('## What the service does\n', `## What the service does\n${'\n'.repeat(n)}`);
    const versions = [0, 1, 2, 3].map((n) => parseChecked(parser, moved(n)).resources.at(-1) as Resource);
    for (const version of versions) expect(stableIdentity(version)).toBe(versions[0]);
    expect(new Set(versions).size).toBe(4);
  });

  it('one section text under two headings, moved, edited and restored: equal to a cold parse', () => {
    // Sections are cached by their text (cache.ts): the two copies share one entry at two lines.
    const text = syntheticSpec(6, 5);
    const start = text.search(/\n### \w+Records2\n/) + 1;
    const end = text.indexOf('\n###', start + 1) + 1;
    const body = text.slice(text.indexOf('\n', start) + 1, end);
    const at = text.indexOf('\n###', text.search(/\n### \w+Records4\n/) + 1) + 1;
    const doubled = `${text.slice(0, at)}### CopyRecords\n${body}${text.slice(at)}`;
    const lines = doubled.split('\n');
    const firstRow = lines.findIndex((_line, i) => i > 0 && isRow(lines, i));
    const added = [...lines.slice(0, firstRow + 1), '| Added | String | A row. |', ...lines.slice(firstRow + 1)];
    const copyRow = lines.findIndex((_line, i) => i > lines.indexOf('### CopyRecords') && isRow(lines, i));
    const edited = lines.map((l, i) => (i === copyRow ? l.replace(/\| (\w+) \|/, '| $1X |') : l));
    expect(copyRow).toBeGreaterThan(firstRow);
    const single = createIncrementalParser();
    single.parse(text, FILE);
    const parser = createIncrementalParser();
    let previous = parseChecked(parser, doubled);
    expect(parser.cache.size, 'the copy is the same cached text').toBe(single.cache.size);
    for (const next of [added, lines, edited, added, lines, edited, lines]) {
      const spec = parseChecked(parser, next.join('\n'));
      expectTwins(previous, spec);
      previous = spec;
    }
    expect(previous.resources.filter((r) => r.name === 'CopyRecords')).toHaveLength(1);
  });

  for (const [label, text, runs] of [
    ['the spec', specText(), 60],
    ['a synthetic spec', syntheticSpec(24, 10), 60],
  ] as const) {
    it(`random row, field, status and line edits of ${label}: equal to a cold parse, moved entries are twins`, () => {
      const original = text.split('\n');
      const parser = createIncrementalParser();
      let previous = parseChecked(parser, text);
      let lines = original;
      let n = 0;
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (edits, restart) => {
          if (restart) lines = original;
          for (const e of edits) lines = apply(lines, e, n++);
          const spec = parseChecked(parser, lines.join('\n'));
          expectTwins(previous, spec);
          previous = spec;
        }),
        { numRuns: runs },
      );
      expect(parser.memo.resolved.relocations, 'the edits moved resources').toBeGreaterThan(runs);
    }, 60_000);
  }
});
