/**
 * Pairs of markdown specs written for the tests (fixtures/base.md and fixtures/<case>/new.md),
 * parsed by the real parser and diffed in both directions; expected.json holds the records
 * (rule, severity, resource, field, line) each direction must give, no more and no fewer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '@specgen/parser';
import type { Spec } from '@specgen/ir';
import { diffSpecs, RULE_IDS } from '../src/index.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const REAL_SPEC = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));

function parse(text: string, file: string): Spec {
  const { spec, diagnostics } = parseSpec(text, file);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return spec;
}

const read = (path: string) => readFileSync(path, 'utf8');
const cases = readdirSync(FIXTURES)
  .filter((d) => statSync(join(FIXTURES, d)).isDirectory())
  .sort();
const base = read(join(FIXTURES, 'base.md'));

interface Expected {
  rule: string;
  severity: string;
  resource: string | null;
  field: string | null;
  line: number;
}

const seen = new Set<string>();

describe('spec pairs', () => {
  it.each(cases)('%s: forward and reverse give exactly the expected records', (name) => {
    const next = read(join(FIXTURES, name, 'new.md'));
    const expected = JSON.parse(read(join(FIXTURES, name, 'expected.json'))) as {
      forward: Expected[];
      reverse: Expected[];
    };
    for (const [direction, before, after, oldFile, newFile] of [
      ['forward', base, next, 'base.md', 'new.md'],
      ['reverse', next, base, 'new.md', 'base.md'],
    ] as const) {
      const changes = diffSpecs(parse(before, oldFile), parse(after, newFile)).changes;
      const got = changes.map((c) => ({
        rule: c.rule,
        severity: c.severity,
        resource: c.resource,
        field: c.field,
        line: c.location.line,
      }));
      expect(got, `${name} ${direction}`).toEqual(expected[direction]);
      for (const c of changes) {
        seen.add(c.rule);
        // removals point into the old file (the subject is gone), everything else into the new one
        const removal =
          /-removed$|^gap-filled$/.test(c.rule) &&
          !['endpoint-param-removed', 'command-response-header-removed', 'enumeration-removed'].includes(c.rule);
        expect(c.location.file, `${c.rule} ${direction}`).toBe(removal ? oldFile : newFile);
      }
    }
  });

  it('together cover every rule in the catalog', () => {
    expect(RULE_IDS.filter((id) => !seen.has(id))).toEqual([]);
  });
});

describe('the real spec', () => {
  it('diffed against itself gives no change', () => {
    const text = read(REAL_SPEC);
    expect(diffSpecs(parse(text, 'spec/service-api.md'), parse(text, 'spec/service-api.md')).changes).toEqual([]);
  });
});

/** CRLF line ends and moved sections: same changes, same fingerprints, other lines. */
function reformat(text: string): string {
  const section = (t: string, heading: string, next: string) => t.slice(t.indexOf(heading), t.indexOf(next));
  const schedules = section(text, '### Schedules\n', '### CaseEntryActivities\n');
  const limits = section(text, '## Limits\n', '## Versioning\n');
  let moved = text.replace(schedules, '').replace(limits, '');
  moved = moved
    .replace('### ProductRecords\n', `${schedules}### ProductRecords\n`)
    .replace('## Errors\n', `${limits}## Errors\n`);
  return moved.replace(/\n/g, '\r\n');
}

describe('fingerprints', () => {
  it('survive CRLF line ends and moved sections', () => {
    for (const name of ['fields', 'signin', 'enums']) {
      const next = read(join(FIXTURES, name, 'new.md'));
      const plain = diffSpecs(parse(base, 'a.md'), parse(next, 'b.md')).changes;
      const moved = diffSpecs(parse(reformat(base), 'a.md'), parse(reformat(next), 'b.md')).changes;
      expect(reformat(next)).not.toBe(next);
      expect(moved.map((c) => [c.rule, c.resource, c.field, c.fingerprint])).toEqual(
        plain.map((c) => [c.rule, c.resource, c.field, c.fingerprint]),
      );
      expect(moved.map((c) => c.location.line)).not.toEqual(plain.map((c) => c.location.line));
    }
  });

  it('a reformatted spec is no change', () => {
    expect(diffSpecs(parse(base, 'a.md'), parse(reformat(base), 'b.md')).changes).toEqual([]);
  });
});
