import { describe, expect, it } from 'vitest';
import { field, type Spec } from '@specgen/ir';
import {
  diffSpecs,
  render,
  renderGithub,
  renderJson,
  renderMarkdown,
  renderText,
  type DiffResult,
} from '../src/index.ts';
import { escapeProperty } from '../src/report/github.ts';
import { baseSpec } from './base-ir.ts';

/** A diff with a breaking, a warning and info changes, and new fields in two versions. */
function sample(): DiffResult {
  const before = baseSpec();
  const after = baseSpec();
  const pr = after.resources[0]!;
  pr.fields = pr.fields.filter((f) => f.name !== 'WarrantyEndDate');
  pr.fields.push(
    field('Weight', 'Decimal?', { since: '26.10' }),
    field('Height', 'Decimal?', { since: '26.9' }),
    field('Depth', 'Int32', { since: '26.9' }),
  );
  pr.fields[1]!.enumeration!.values.push({
    kind: 'enumValue',
    value: 2,
    name: 'Lot',
    source: { file: 'spec.md', line: 11, column: 1 },
  });
  after.limits[0] = { ...after.limits[0]!, valueText: '3 minutes', value: { kind: 'duration', milliseconds: 180_000 } };
  return diffSpecs(before, after);
}

describe('json', () => {
  it('has exactly the documented shape, field null where not about a field', () => {
    const parsed = JSON.parse(renderJson(sample()));
    expect(Object.keys(parsed)).toEqual(['changes', 'summary']);
    expect(Object.keys(parsed.summary)).toEqual(['breaking', 'warning', 'info']);
    for (const c of parsed.changes) {
      expect(Object.keys(c)).toEqual(['rule', 'severity', 'resource', 'field', 'message', 'location', 'fingerprint']);
      expect(Object.keys(c.location)).toEqual(['file', 'line']);
      expect(typeof c.location.line).toBe('number');
    }
    const limit = parsed.changes.find((c: { rule: string }) => c.rule === 'limit-relaxed');
    expect(limit).toMatchObject({
      severity: 'info',
      resource: 'limit:mfaTokenValidity',
      field: null,
      location: { file: 'spec.md', line: 300 },
    });
    expect(parsed.summary).toEqual({ breaking: 1, warning: 1, info: 4 });
  });

  it('lists breaking changes first', () => {
    const severities = sample().changes.map((c) => c.severity);
    expect(severities).toEqual(
      [...severities].sort(
        (a, b) => ['breaking', 'warning', 'info'].indexOf(a) - ['breaking', 'warning', 'info'].indexOf(b),
      ),
    );
    expect(severities[0]).toBe('breaking');
  });
});

describe('determinism and fingerprints', () => {
  it('the same inputs give byte-identical output in every format', () => {
    for (const format of ['text', 'markdown', 'json', 'github'] as const)
      expect(render(sample(), format)).toBe(render(sample(), format));
  });

  it('moved sections and moved lines keep fingerprints and order', () => {
    const moved = (s: Spec) => {
      s.resources.reverse();
      s.errorTables.reverse();
      s.transitions.reverse();
      for (const r of s.resources) for (const f of r.fields) f.source = { ...f.source, line: f.source.line + 100 };
      return s;
    };
    const before = baseSpec();
    const after = baseSpec();
    after.resources[0]!.fields.pop();
    after.transitions.pop();
    const plain = diffSpecs(before, after);
    const shuffled = diffSpecs(moved(baseSpec()), moved(after));
    expect(shuffled.changes.map((c) => [c.rule, c.fingerprint])).toEqual(
      plain.changes.map((c) => [c.rule, c.fingerprint]),
    );
    expect(plain.changes.length).toBe(2);
  });

  it('fingerprints differ between subjects and rules', () => {
    const prints = sample().changes.map((c) => c.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
  });
});

describe('markdown', () => {
  const md = renderMarkdown(sample());
  it('has a summary, breaking changes first, a table per subject, new fields by version', () => {
    expect(md.startsWith('## Spec diff\n\n**1 breaking, 1 warning, 4 info**')).toBe(true);
    const order = [
      '### Breaking changes',
      '### Changes by resource',
      '#### ProductRecords',
      '#### limit:mfaTokenValidity',
      '### New fields by version',
    ].map((h) => md.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(md).toContain('| Severity | Field | Rule | Change |');
    expect(md).toContain('| breaking | WarrantyEndDate | `field-removed` |');
    // versions in numeric order: 26.9 before 26.10
    expect(md.indexOf('#### 26.9')).toBeLessThan(md.indexOf('#### 26.10'));
    expect(md.slice(md.indexOf('#### 26.9'), md.indexOf('#### 26.10'))).toMatch(/Depth[\s\S]*Height/);
  });
  it('says so when nothing changed', () => {
    expect(renderMarkdown(diffSpecs(baseSpec(), baseSpec()))).toBe('## Spec diff\n\nNo changes.\n');
  });
  it('escapes pipes in table cells', () => {
    const after = baseSpec();
    after.limits[2] = { ...after.limits[2]!, valueText: 'a | b', value: { kind: 'text', text: 'a | b' } };
    expect(renderMarkdown(diffSpecs(baseSpec(), after))).toContain('see docs -> a \\| b');
  });
});

describe('github annotations', () => {
  const out = renderGithub(sample());
  it('maps severities to error, warning and notice with file and line', () => {
    expect(out).toMatch(
      /^::error file=spec\.md,line=21,title=field-removed ProductRecords\.WarrantyEndDate::ProductRecords\.WarrantyEndDate \(DateTimeOffset\?\) was removed\.$/m,
    );
    expect(out).toMatch(
      /^::warning file=spec\.md,line=\d+,title=enum-value-added ProductRecords\.ProductRecordType::/m,
    );
    expect(out).toMatch(/^::notice file=spec\.md,line=300,title=limit-relaxed limit%3AmfaTokenValidity::/m);
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      '::notice title=spec diff::1 breaking%2C 1 warning%2C 4 info'.replace(/%2C/g, ','),
    );
  });
  it('escapes property separators', () => {
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
  });
});

describe('text', () => {
  it('one block per change, or "No changes."', () => {
    expect(renderText(diffSpecs(baseSpec(), baseSpec()))).toBe('No changes.\n');
    const text = renderText(sample());
    expect(text.split('\n')[0]).toBe('Spec diff: 1 breaking, 1 warning, 4 info');
    expect(text).toContain(
      'breaking field-removed  ProductRecords.WarrantyEndDate  spec.md:21\n         ProductRecords.WarrantyEndDate (DateTimeOffset?) was removed.',
    );
  });
});
