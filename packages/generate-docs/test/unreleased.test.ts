/**
 * `--base <ref>`: the changes page's first section lists the changes since the ref with the diff
 * package's rules and severities (a removed field is breaking, an added one info), in a real git
 * repository (@specgen/diff/testing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { specRepo } from '@specgen/diff/testing';
import { parseSpec } from '@specgen/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, GitReadError, unreleasedChanges } from '../src/index.ts';

const real = readFileSync(join(import.meta.dirname, '../../../spec/service-api.md'), 'utf8');
const removed = real.split('\n').find((l) => l.startsWith('| PartRevisionId |')) ?? '';
const added = '| Weight | Decimal? | Weight of the record. | 26.8 |';
const next = real.replace(`${removed}\n`, `${added}\n`);
const repo = specRepo(real, next);
afterAll(() => repo.remove());

describe('unreleased changes since a git ref', () => {
  const specPath = join(repo.dir, 'spec/service-api.md');
  const { spec } = parseSpec(next, 'spec/service-api.md');

  it('lists each change with its rule and severity, and counts them; the section comes first', () => {
    const unreleased = unreleasedChanges(spec, 'origin/main', specPath, repo.dir);
    expect(unreleased.counts.breaking).toBeGreaterThanOrEqual(1);
    expect(unreleased.changes).toContainEqual(
      expect.objectContaining({ rule: 'field-removed', severity: 'breaking', field: 'PartRevisionId' }),
    );
    expect(unreleased.changes).toContainEqual(
      expect.objectContaining({ rule: 'field-added', severity: 'info', field: 'Weight' }),
    );
    const site = buildSite(spec, {
      specFile: 'spec/service-api.md',
      baseUrl: null,
      allVersions: false,
      unreleased,
      updated: '1970-01-01T00:00:00Z',
    });
    const page = site.find((f) => f.path === 'changes.html')?.contents ?? '';
    const section = page.slice(page.indexOf('id="unreleased"'), page.indexOf('id="v-26.8"'));
    expect(section).toContain('<span class="severity breaking">breaking</span>');
    expect(section).toContain('<code>field-removed</code>');
    expect(section).toContain('ProductRecords.Weight');
    expect(page.indexOf('id="unreleased"')).toBeLessThan(page.indexOf('id="v-26.8"'));
  });

  it('an unknown ref is a GitReadError (the CLI exits 2)', () => {
    expect(() => unreleasedChanges(spec, 'no-such-ref', specPath, repo.dir)).toThrow(GitReadError);
  });
});
