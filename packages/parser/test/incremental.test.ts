/**
 * The incremental parser's invariant (parse-spec.ts, createIncrementalParser): its IR is always
 * deep-equal to a fresh parseSpec of the same text, and every entry that did not change is the
 * previous parse's object (===), source positions included in "did not change".
 */
import fc from 'fast-check';
import { type Resource, type Spec, stableIdentity } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { createIncrementalParser, parseSpec, type IncrementalParser } from '../src/index.ts';
import { specText } from './helpers.ts';

const FILE = 'spec/service-api.md';
const ORIGINAL = specText();

/** Parses `text` incrementally and checks it against a fresh parse: same IR (JSON, so property order counts), same diagnostics. */
function parseChecked(parser: IncrementalParser, text: string): { spec: Spec; diagnostics: unknown[] } {
  const incremental = parser.parse(text, FILE);
  const fresh = parseSpec(text, FILE);
  expect(JSON.stringify(incremental.spec)).toBe(JSON.stringify(fresh.spec));
  expect(incremental.diagnostics).toEqual(fresh.diagnostics);
  return incremental;
}

function edit(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

const byName = (spec: Spec) => new Map(spec.resources.map((r) => [r.name, r]));

/** Names of the resources of `after` that are not the same object as in `before`. */
function newResources(before: Spec, after: Spec): string[] {
  const old = byName(before);
  return after.resources.filter((r) => old.get(r.name) !== r).map((r) => r.name);
}

/** Parses the original, then `edited`, both checked against a fresh parse. */
function afterEdit(edited: string): { before: Spec; after: Spec; diagnostics: unknown[] } {
  const parser = createIncrementalParser();
  const before = parseChecked(parser, ORIGINAL).spec;
  const snapshot = JSON.stringify(before);
  const { spec: after, diagnostics } = parseChecked(parser, edited);
  expect(JSON.stringify(before), 'the previous IR is not mutated by the next parse').toBe(snapshot);
  return { before, after, diagnostics };
}

describe('incremental parse after an edit', () => {
  it('the same text again gives the same Spec object', () => {
    const parser = createIncrementalParser();
    const first = parseChecked(parser, ORIGINAL).spec;
    expect(parseChecked(parser, ORIGINAL).spec).toBe(first);
  });

  it('a one-field edit renews that resource only, and keeps its other fields', () => {
    const { before, after } = afterEdit(
      edit(
        ORIGINAL,
        '| Start | Int64 | Start of the schedule. | 23.1 |',
        '| Start | Int64? | Start (edited). | 23.1 |',
      ),
    );
    expect(after).not.toBe(before);
    expect(after.resources).not.toBe(before.resources);
    expect(newResources(before, after)).toEqual(['Schedules']);
    const [old, now] = [byName(before).get('Schedules')!, byName(after).get('Schedules')!];
    const renewed = now.fields.filter((f, i) => f !== old.fields[i]).map((f) => f.name);
    expect(renewed).toEqual(['Start']);
    for (const key of [
      'structures',
      'endpoints',
      'commands',
      'errorTables',
      'limits',
      'transitions',
      'versioning',
      'unknowns',
      'versions',
      'source',
    ] as const) {
      expect(after[key], key).toBe(before[key]);
    }
  });

  it('lines inserted inside a section renew the entries below it (positions moved), not those above', () => {
    const { before, after } = afterEdit(
      edit(ORIGINAL, 'Schedules.BlockedStatus: 0 None', 'An added remark.\n\nSchedules.BlockedStatus: 0 None'),
    );
    // The statuses above the remark did not move; those below did (Schedules', CaseEntryActivities'), and the `source` of their enumerations with them.
    expect(newResources(before, after)).toEqual(['Schedules', 'CaseEntryActivities']);
    expect(after.structures).toBe(before.structures);

    const below = afterEdit(
      edit(
        ORIGINAL,
        '| IsNightSchedule | Boolean | Night schedule flag. | 23.1 |',
        '| IsNightSchedule | Boolean | Night schedule flag. | 23.1 |\n\nA remark below the table.',
      ),
    );
    // Schedules' section text changed, but not its IR. The two sections below it moved, and so did
    // "Enumerated statuses", whose positions every resource with a status enumeration holds.
    expect(newResources(below.before, below.after)).toEqual([
      'ProductRecords',
      'ManufacturingOrderOperations',
      'Schedules',
      'CaseEntryActivities',
      'CustomerOrderRowInflows',
    ]);
    expect(byName(below.after).get('SupplierPartLinks')).toBe(byName(below.before).get('SupplierPartLinks'));
    const moved = byName(below.after).get('CaseEntryActivities')!;
    expect(moved.source.line).toBe(byName(below.before).get('CaseEntryActivities')!.source.line + 2);
  });

  it('lines inserted above everything renew every entry that has a position', () => {
    const { before, after } = afterEdit(
      edit(ORIGINAL, '## What the service does\n', '## What the service does\n\nAn added paragraph.\n'),
    );
    expect(newResources(before, after)).toEqual(before.resources.map((r) => r.name));
    expect(after.versions).toBe(before.versions);
  });

  it('an entry that only moved is a twin of the previous one (stableIdentity), an edited one is not', () => {
    const { before, after } = afterEdit(
      edit(ORIGINAL, '## What the service does\n', '## What the service does\n\nAn added paragraph.\n'),
    );
    for (const r of after.resources) {
      const previous = byName(before).get(r.name)!;
      expect(r).not.toBe(previous);
      expect(r.source.line).toBe(previous.source.line + 2);
      expect(stableIdentity(r), r.name).toBe(stableIdentity(previous));
      // only entries are recorded: a field keeps its own identity (no generator keys by it)
      for (const f of r.fields) expect(stableIdentity(f)).toBe(f);
    }
    for (const key of ['structures', 'endpoints', 'commands'] as const)
      for (const [i, entry] of after[key].entries()) {
        const previous: object | undefined = before[key][i];
        expect(previous).toBeDefined();
        expect(entry).not.toBe(previous);
        expect(stableIdentity(entry)).toBe(stableIdentity(previous ?? {}));
      }
    // moved twice: still the first object's twin
    const parser = createIncrementalParser();
    const first = parseChecked(parser, ORIGINAL).spec;
    parseChecked(
      parser,
      edit(ORIGINAL, '## What the service does\n', '## What the service does\n\nAn added paragraph.\n'),
    );
    const third = parseChecked(
      parser,
      edit(ORIGINAL, '## What the service does\n', '## What the service does\n\nOne.\n\nTwo.\n'),
    ).spec;
    for (const r of third.resources) expect(stableIdentity(r)).toBe(byName(first).get(r.name));
    // a changed note: a new value, not a twin
    const changed = afterEdit(edit(ORIGINAL, 'Covered by warranty.', 'Covered by the warranty.'));
    const product = byName(changed.after).get('ProductRecords')!;
    expect(stableIdentity(product)).not.toBe(stableIdentity(byName(changed.before).get('ProductRecords')!));
    expect(stableIdentity(product)).toBe(product);
  });

  it('adding a resource renews the resources whose references it resolves; removing it restores them', () => {
    const section =
      '### Comments\n\nRepresents a comment. Queryable, introduced in version 2.18.\n\n| Name | Type | Notes | Since |\n|---|---|---|---|\n| Id | Int64 | Business key. | - |\n| Text | String | The text. | - |\n\n';
    const added = edit(
      edit(ORIGINAL, '### Gaps in the field descriptions', `${section}### Gaps in the field descriptions`),
      '| Sales/CustomerOrderRowInflows | Show customer orders |',
      '| Sales/CustomerOrderRowInflows | Show customer orders |\n| Inventory/Comments | Show case |',
    );
    const { before, after } = afterEdit(added);
    // ProductRecords' Comment fields point at Comments: `known` changed, though its section did not.
    const changed = newResources(before, after);
    const pointing = before.resources
      .filter((r) => r.fields.some((f) => f.type.base.kind === 'ref' && f.type.base.target === 'Comments'))
      .map((r) => r.name);
    expect(pointing).toContain('ProductRecords');
    expect(pointing.length).toBeLessThan(before.resources.length);
    expect(changed.sort()).toEqual([...pointing, 'Comments'].sort());
    expect(
      byName(after)
        .get('ProductRecords')!
        .fields.find((f) => f.name === 'Comment')!.type.base,
    ).toMatchObject({ known: true });

    const parser = createIncrementalParser();
    parseChecked(parser, added);
    const withComments = parser.parse(added, FILE).spec;
    const removed = parseChecked(parser, ORIGINAL).spec;
    expect(removed.resources.map((r) => r.name)).not.toContain('Comments');
    expect(newResources(withComments, removed).sort()).toEqual(pointing.sort());
  });

  it('an edit of a sign-in structure renews that structure only', () => {
    const { before, after } = afterEdit(
      edit(
        ORIGINAL,
        '| MfaToken | String | The token returned by the login attempt. |',
        '| MfaToken | String? | The token (edited). |',
      ),
    );
    expect(newResources(before, after)).toEqual([]);
    expect(after.resources).toBe(before.resources);
    const renewed = after.structures.filter((s, i) => s !== before.structures[i]).map((s) => s.name);
    expect(renewed).toEqual(['TotpLoginRequest']);
    expect(after.endpoints).toBe(before.endpoints);
  });

  it('edits in other sections that change a resource renew it: statuses, versioning, limits', () => {
    const statuses = afterEdit(
      edit(
        ORIGINAL,
        'Schedules.BlockedStatus: 0 None, 1 Message, 2 Blocked.',
        'Schedules.BlockedStatus: 0 None, 1 Message, 2 Blocked, 3 Locked.',
      ),
    );
    expect(newResources(statuses.before, statuses.after)).toEqual(['Schedules']);
    // ProductRecords' field says "Obsolete since 24.1" in its notes too, so only Schedules changes.
    const versioning = afterEdit(
      edit(ORIGINAL, 'ProductRecords.CustomerOrderPartRevisionId is obsolete', 'Schedules.FlexInStart is obsolete'),
    );
    expect(newResources(versioning.before, versioning.after)).toEqual(['Schedules']);
    expect(
      byName(versioning.after)
        .get('Schedules')!
        .fields.find((f) => f.name === 'FlexInStart')!.obsolete,
    ).toMatchObject({ since: '24.1' });
    const limits = afterEdit(
      edit(
        ORIGINAL,
        '| ManufacturerPartNumber length | at most 50 | ProductRecords field. |',
        '| Code length | at most 60 | Schedules field. |',
      ),
    );
    expect(newResources(limits.before, limits.after)).toEqual(['Schedules']);
    expect(
      byName(limits.after)
        .get('Schedules')!
        .fields.find((f) => f.name === 'Code')!.maxLength,
    ).toBe(60);
    expect(limits.after.limits).not.toBe(limits.before.limits);
    const permission = afterEdit(
      edit(
        ORIGINAL,
        '| TimeRecording/Schedules | Show basic data for attendance |',
        '| TimeRecording/Schedules | Show schedules |',
      ),
    );
    expect(newResources(permission.before, permission.after)).toEqual(['Schedules']);
  });

  it('a diagnostic introduced and then fixed: reported while present, gone after, other entries kept', () => {
    const parser = createIncrementalParser();
    const first = parseChecked(parser, ORIGINAL);
    const broken = parseChecked(
      parser,
      edit(
        ORIGINAL,
        '| Start | Int64 | Start of the schedule. | 23.1 |',
        '| Start | Int6 | Start of the schedule. | 23.1 |',
      ),
    );
    expect(broken.diagnostics.length).toBe(first.diagnostics.length + 1);
    expect(broken.diagnostics).toContainEqual(expect.objectContaining({ code: 'unknown-type' }));
    expect(newResources(first.spec, broken.spec)).toEqual(['Schedules']);
    const fixed = parseChecked(parser, ORIGINAL);
    expect(fixed.diagnostics).toEqual(first.diagnostics);
    expect(newResources(broken.spec, fixed.spec)).toEqual(['Schedules']);
  });
});

type Mutation =
  | { kind: 'delete' | 'duplicate'; at: number }
  | { kind: 'insert'; at: number; column: number; text: string };
const LINES = ORIGINAL.split('\n');
const index = fc.nat({ max: LINES.length - 1 });
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const), at: index }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: index,
    column: fc.nat({ max: 120 }),
    text: fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom('|', '?', '[]', ' = ', '0 = ', 'Comments', '\n', '### X\n', '2.18', 'References Schedules'),
    ),
  }),
);

function apply(lines: string[], m: Mutation): string[] {
  const out = [...lines];
  const at = Math.min(m.at, out.length - 1);
  const line = out[at]!;
  if (m.kind === 'delete') out.splice(at, 1);
  else if (m.kind === 'duplicate') out.splice(at, 0, line);
  else if (m.kind === 'insert')
    out[at] = line.slice(0, Math.min(m.column, line.length)) + m.text + line.slice(Math.min(m.column, line.length));
  return out;
}

/** Every resource deep-equal to the previous parse's resource of its name is that object. */
function expectMaximalSharing(before: Spec, after: Spec): void {
  const old = new Map<string, Resource>();
  for (const r of before.resources) if (!old.has(r.name)) old.set(r.name, r);
  for (const r of after.resources) {
    const previous = old.get(r.name);
    if (previous && JSON.stringify(previous) === JSON.stringify(r)) expect(r, r.name).toBe(previous);
  }
}

describe('a random sequence of edits', () => {
  it('each incremental parse equals a fresh parse, and unchanged resources are the previous objects', () => {
    const parser = createIncrementalParser();
    let previous = parseChecked(parser, ORIGINAL).spec;
    let lines = LINES;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.boolean(), (mutations, restart) => {
        if (restart) lines = LINES;
        lines = mutations.reduce(apply, lines);
        const { spec } = parseChecked(parser, lines.join('\n'));
        expectMaximalSharing(previous, spec);
        previous = spec;
      }),
      { numRuns: 120 },
    );
  });
});
