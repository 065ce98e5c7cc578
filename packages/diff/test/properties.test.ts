/**
 * Properties over random edits of the factory-built spec (fast-check): the diff never throws, a spec
 * against itself gives nothing, output is deterministic, fingerprints are unique, the summary counts
 * the records, and additions in one direction are removals in the other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { field, type Spec } from '@specgen/ir';
import { diffSpecs, renderJson, RULES } from '../src/index.ts';
import { baseSpec, transition } from './base-ir.ts';

const TYPES = [
  'Int64',
  'Int64?',
  'Int32',
  'String',
  'String?',
  'Decimal?',
  'Comments',
  'Comments[]',
  'DateTimeOffset?',
];

type Edit = (s: Spec) => void;
const pick = <T>(list: T[], i: number): T | undefined => list[i % Math.max(list.length, 1)];

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat()).map(
    ([r, f]): Edit =>
      (s) => {
        const res = pick(s.resources, r);
        if (res) res.fields.splice(f % Math.max(res.fields.length, 1), 1);
      },
  ),
  fc.tuple(fc.nat(), fc.constantFrom(...TYPES), fc.constantFrom('A', 'B', 'Dock2', 'Weight')).map(
    ([r, type, name]): Edit =>
      (s) => {
        const res = pick(s.resources, r);
        if (res && !res.fields.some((f) => f.name === name)) res.fields.push(field(name, type, { since: '26.9' }));
      },
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...TYPES)).map(
    ([r, f, type]): Edit =>
      (s) => {
        const target = pick(s.resources, r) && pick(pick(s.resources, r)!.fields, f);
        if (target) target.type = field('x', type).type;
      },
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.option(fc.constantFrom('2.9', '2.24', '24.1', '26.9'))).map(
    ([r, f, since]): Edit =>
      (s) => {
        const target = pick(s.resources, r) && pick(pick(s.resources, r)!.fields, f);
        if (target) target.since = since;
      },
  ),
  fc.nat().map(
    (i): Edit =>
      (s) =>
        void s.resources.splice(i % s.resources.length, 1),
  ),
  fc.nat().map(
    (i): Edit =>
      (s) =>
        void s.endpoints.splice(i % s.endpoints.length, 1),
  ),
  fc.nat().map(
    (i): Edit =>
      (s) =>
        void s.errorTables[i % 2]?.cases.pop(),
  ),
  fc.nat().map(
    (i): Edit =>
      (s) =>
        void s.transitions.splice(i % Math.max(s.transitions.length, 1), 1),
  ),
  fc.constant<Edit>(
    (s) => void s.transitions.push(transition('Waiting for TOTP', 'POST login/totp', 'Code reused', 'Unchanged', 409)),
  ),
  fc.constant<Edit>((s) => void s.limits.pop()),
  fc.constant<Edit>((s) => void fld(s)?.enumeration?.values.pop()),
);

function fld(s: Spec) {
  return s.resources.find((r) => r.name === 'ProductRecords')?.fields.find((f) => f.name === 'BlockContext');
}

const edited = fc.array(edit, { maxLength: 8 }).map((edits) => {
  const s = baseSpec();
  for (const e of edits) e(s);
  return s;
});

const ADDED_REMOVED: Array<[string, string]> = [
  ['field-added', 'field-removed'],
  ['resource-added', 'resource-removed'],
  ['endpoint-added', 'endpoint-removed'],
  ['limit-added', 'limit-removed'],
  ['transition-added', 'transition-removed'],
];

describe('diff properties', () => {
  it('never throws; a spec against itself gives no change', () => {
    fc.assert(
      fc.property(edited, (s) => diffSpecs(s, structuredClone(s)).changes.length === 0),
      { numRuns: 150 },
    );
  });

  it('deterministic, unique fingerprints, summary counts the records, severities from the catalog', () => {
    fc.assert(
      fc.property(edited, edited, (a, b) => {
        const result = diffSpecs(a, b);
        expect(renderJson(diffSpecs(structuredClone(a), structuredClone(b)))).toBe(renderJson(result));
        expect(new Set(result.changes.map((c) => c.fingerprint)).size).toBe(result.changes.length);
        for (const severity of ['breaking', 'warning', 'info'] as const) {
          expect(result.summary[severity]).toBe(result.changes.filter((c) => c.severity === severity).length);
        }
        for (const c of result.changes) expect(c.severity).toBe(RULES[c.rule].severity);
      }),
      { numRuns: 150 },
    );
  });

  it('what one direction adds, the other removes', () => {
    fc.assert(
      fc.property(edited, edited, (a, b) => {
        const forward = diffSpecs(a, b).changes;
        const reverse = diffSpecs(b, a).changes;
        const subjects = (changes: typeof forward, rule: string) =>
          changes
            .filter((c) => c.rule === rule)
            .map((c) => `${c.resource}.${c.field}`)
            .sort();
        for (const [added, removed] of ADDED_REMOVED) {
          expect(subjects(forward, added)).toEqual(subjects(reverse, removed));
        }
        expect(forward.filter((c) => c.rule === 'field-possibly-renamed').length).toBe(
          reverse.filter((c) => c.rule === 'field-possibly-renamed').length,
        );
      }),
      { numRuns: 150 },
    );
  });
});
