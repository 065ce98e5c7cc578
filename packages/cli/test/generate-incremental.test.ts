/**
 * Watch mode's memos (incremental parser, per-entry views and texts in the generators, kept
 * between runs and keyed by IR identity) never change the output: after each edit of a sequence,
 * every target's files equal those of a cold run, i.e. fresh modules (empty memos), a fresh
 * template engine and a fresh parseSpec of the same text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from './generate-support.ts';

const ORIGINAL = readFileSync(join(REPO_ROOT, 'spec/service-api.md'), 'utf8');
const FILE = 'spec/service-api.md';
const COMMENTS =
  '### Comments\n\nRepresents a comment. Queryable, introduced in version 2.18.\n\n| Name | Type | Notes | Since |\n|---|---|---|---|\n| Id | Int64 | Business key. | - |\n| Text | String | The text. | - |\n\n';

function replace(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the spec has no ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

/** Cumulative edits: each applies to the text the previous one left. */
const EDITS: [string, (text: string) => string][] = [
  [
    'a field edit',
    (t) =>
      replace(t, '| Start | Int64 | Start of the schedule. | 23.1 |', '| Start | Int64? | Start (edited). | 23.1 |'),
  ],
  [
    'a structure edit',
    (t) =>
      replace(
        t,
        '| MfaToken | String | The token returned by the login attempt. |',
        '| MfaToken | String? | The token (edited). |',
      ),
  ],
  [
    'a resource added (resolving references of others)',
    (t) =>
      replace(
        replace(t, '### Gaps in the field descriptions', `${COMMENTS}### Gaps in the field descriptions`),
        '| Sales/CustomerOrderRowInflows | Show customer orders |',
        '| Sales/CustomerOrderRowInflows | Show customer orders |\n| Inventory/Comments | Show case |',
      ),
  ],
  [
    'lines inserted above everything',
    (t) => replace(t, '## What the service does\n', '## What the service does\n\nAn added paragraph.\n'),
  ],
  [
    'a row added to the first resource (every section below it moves)',
    (t) =>
      replace(
        t,
        '| HasWarranty | Boolean | Covered by warranty. | 2.36 |\n',
        '| HasWarranty | Boolean | Covered by warranty. | 2.36 |\n| WarrantyNote | String? | An added row. | 2.36 |\n',
      ),
  ],
  [
    'the row removed again (every section below it moves back)',
    (t) => replace(t, '| WarrantyNote | String? | An added row. | 2.36 |\n', ''),
  ],
  [
    'a status enumeration edit',
    (t) =>
      replace(
        t,
        'Schedules.BlockedStatus: 0 None, 1 Message, 2 Blocked.',
        'Schedules.BlockedStatus: 0 None, 1 Message, 2 Blocked, 3 Locked.',
      ),
  ],
  ['the resource removed again', (t) => replace(replace(t, COMMENTS, ''), '\n| Inventory/Comments | Show case |', '')],
  [
    'the field edit undone',
    (t) =>
      replace(t, '| Start | Int64? | Start (edited). | 23.1 |', '| Start | Int64 | Start of the schedule. | 23.1 |'),
  ],
];

/** The modules a run needs; after vi.resetModules() a new import gives fresh instances (empty memos). */
async function load() {
  const [{ findGenerators }, parser, core, pipeline] = await Promise.all([
    import('../src/generators.ts'),
    import('@specgen/parser'),
    import('@specgen/generate-core'),
    import('../src/generate/pipeline.ts'),
  ]);
  const options = { outDir: join(REPO_ROOT, 'no-such-output'), specFile: FILE, serviceVersion: null };
  return {
    generators: findGenerators(null),
    parser,
    createTemplateEngine: core.createTemplateEngine,
    /** Every target's files as path -> contents. */
    render(
      spec: import('@specgen/ir').Spec,
      templates: import('@specgen/generate-core').TemplateEngine,
    ): Map<string, string> {
      const shared = core.createRunShared();
      const out = new Map<string, string>();
      for (const g of this.generators)
        for (const f of pipeline.renderTarget(spec, g, templates, options, shared)) out.set(f.path, f.contents);
      return out;
    },
  };
}

describe('watch-mode memos after edits', () => {
  it('every target renders the same files as a cold run, after each edit of a sequence', {
    timeout: 120_000,
  }, async () => {
    const warm = await load();
    const parser = warm.parser.createIncrementalParser();
    const templates = warm.createTemplateEngine();
    let text = ORIGINAL;
    let previous = warm.render(parser.parse(text, FILE).spec, templates);
    for (const [label, edit] of EDITS) {
      text = edit(text);
      // A run on a broken spec in between (watch mode renders nothing then) must not disturb the memos.
      const broken = parser.parse(
        replace(text, '| Id | Int64 | Business key. | - |', '| Id | Int6 | Business key. | - |'),
        FILE,
      );
      expect(
        broken.diagnostics.some((d) => d.severity === 'error'),
        label,
      ).toBe(true);
      const parsed = parser.parse(text, FILE);
      expect(
        parsed.diagnostics.filter((d) => d.severity === 'error'),
        label,
      ).toEqual([]);
      const files = warm.render(parsed.spec, templates);

      vi.resetModules();
      const cold = await load();
      expect(cold.generators[0], 'fresh module instances').not.toBe(warm.generators[0]);
      const expected = cold.render(cold.parser.parseSpec(text, FILE).spec, cold.createTemplateEngine());
      expect([...files.keys()].sort(), label).toEqual([...expected.keys()].sort());
      for (const [path, contents] of expected) expect(files.get(path), `${label}: ${path}`).toBe(contents);
      // The edit did change something: the test compares outputs that moved.
      expect(
        [...files].some(([path, contents]) => previous.get(path) !== contents),
        label,
      ).toBe(true);
      previous = files;
    }
  });
});
