import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parseChangeset from '@changesets/parse';
import { afterAll, describe, expect, it } from 'vitest';
import { field, type Spec } from '@specgen/ir';
import {
  bumpFor,
  changesetName,
  diffSpecs,
  GENERATED_PACKAGES,
  renderChangeset,
  writeChangeset,
} from '../src/index.ts';
import { baseSpec } from './base-ir.ts';

const diffWith = (edit: (s: Spec) => void) => {
  const after = baseSpec();
  edit(after);
  return diffSpecs(baseSpec(), after);
};

const breaking = () => diffWith((s) => void s.resources.pop());
const addition = () =>
  diffWith((s) => void s.resources[0]!.fields.push(field('Weight', 'Decimal?', { since: '26.9' })));
const patchOnly = () =>
  diffWith((s) => {
    s.resources[0]!.fields[2]!.type = field('x', 'Int64').type;
  });

describe('changesets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'changeset-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('major for breaking, minor for additions, patch otherwise, nothing for no change', () => {
    expect(bumpFor(breaking())).toBe('major');
    expect(bumpFor(addition())).toBe('minor');
    expect(bumpFor(patchOnly())).toBe('patch');
    expect(bumpFor(diffSpecs(baseSpec(), baseSpec()))).toBeNull();
    expect(renderChangeset(diffSpecs(baseSpec(), baseSpec()))).toBeNull();
  });

  it('bumps every generated package in the front matter and carries the markdown summary', () => {
    const text = renderChangeset(addition())!;
    const front = text.split('---')[1]!.trim().split('\n');
    expect(front).toEqual(GENERATED_PACKAGES.map((p) => `"${p}": minor`));
    expect(text).toContain('**0 breaking, 0 warnings, 1 info**');
    expect(text).toContain('### New fields by version');
  });

  it('is read by the changesets parser as releases of the five generated packages', () => {
    for (const [result, bump] of [
      [breaking(), 'major'],
      [addition(), 'minor'],
      [patchOnly(), 'patch'],
    ] as const) {
      const parsed = parseChangeset(renderChangeset(result)!);
      expect(parsed.releases).toEqual(GENERATED_PACKAGES.map((name) => ({ name, type: bump })));
      expect(parsed.summary).toContain('### Changes by resource');
    }
  });

  it('writes one file with a stable name', () => {
    const first = writeChangeset(breaking(), dir)!;
    const second = writeChangeset(breaking(), dir)!;
    expect(first).toBe(second);
    expect(readdirSync(dir)).toEqual([changesetName(breaking())]);
    expect(changesetName(breaking())).toMatch(/^spec-diff-[0-9a-f]{12}\.md$/);
    expect(changesetName(addition())).not.toBe(changesetName(breaking()));
    expect(readFileSync(first, 'utf8')).toBe(renderChangeset(breaking()));
  });
});
