/** One case per diagnostic code: the input, and the exact code, line and column reported. */
import { ALL_DIAGNOSTIC_CODES } from '@specgen/diagnostics';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../src/index.ts';
import { miniSpec } from './helpers.ts';
import { CASES, withStructureClean } from './diagnostic-cases.ts';

describe('diagnostics with exact positions', () => {
  it('the clean mini spec has no diagnostics', () => {
    expect(parseSpec(miniSpec(), 'mini.md').diagnostics).toEqual([]);
  });

  it.each(CASES)('$code at $line:$column', ({ code, markdown, line, column, says }) => {
    const { diagnostics } = parseSpec(markdown, 'mini.md');
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toContain(`${code} ${line}:${column}`);
    const d = diagnostics.find((x) => x.code === code && x.line === line && x.column === column)!;
    expect(d.file).toBe('mini.md');
    expect(d.message.length).toBeGreaterThan(10);
    if (says) expect(d.message).toContain(says);
    if (says)
      expect(
        diagnostics.filter((x) => x.line === line && x.column === column),
        'one diagnostic per cell',
      ).toHaveLength(1);
  });

  it('accepts what the spec writes in type cells: references to resources not shown, JSON string and structure bodies', () => {
    const clean = withStructureClean();
    expect(parseSpec(clean, 'mini.md').diagnostics).toEqual([]);
  });

  it('gives the same positions with the micromark path', () => {
    for (const { code, markdown, line, column } of CASES) {
      const { diagnostics } = parseSpec(markdown, 'mini.md', { fastPath: false });
      expect(
        diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`),
        code,
      ).toContain(`${code} ${line}:${column}`);
    }
  });

  it('has a case for every code of the catalog', () => {
    expect([...new Set(CASES.map((c) => c.code))].sort()).toEqual(ALL_DIAGNOSTIC_CODES);
  });

  it('reports a malformed introduced version at the version', () => {
    const { diagnostics } = parseSpec(
      miniSpec().replace('introduced in version 2.18.', 'introduced in version 2.x8.'),
      'mini.md',
    );
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['malformed-version 7:54']);
  });

  it('skips a row with an empty required cell and reports the cell', () => {
    const { spec, diagnostics } = parseSpec(miniSpec(['| Count |  | Number. | - |']), 'mini.md');
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['table-missing-cell 12:9']);
    expect(spec.resources[0]!.fields.map((f) => f.name)).toEqual(['Id']);
  });

  it('reports a status entry without a name and keeps the others', () => {
    const text = miniSpec(
      ['| Status | Int32 | Values under States and transitions. | - |'],
      '## States and transitions\n\n### Enumerated statuses\n\nThings.Status: 0 None, 7, 9 Done.\n',
    );
    const { spec, diagnostics } = parseSpec(text, 'mini.md');
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(['malformed-statuses-line 26:24']);
    expect(spec.resources[0]!.fields[1]!.enumeration!.values.map((v) => v.name)).toEqual(['None', 'Done']);
  });

  it('reads "References X" only with a capitalised target', () => {
    const { spec } = parseSpec(
      miniSpec([
        '| OtherId | Int64 | references the owner. | - |',
        '| OwnerId | Int64 | Owner; references Customers. | - |',
      ]),
      'mini.md',
    );
    expect(spec.resources[0]!.fields.map((f) => f.references)).toEqual([null, null, 'Customers']);
  });

  it('reports an endpoint body that names no structure', () => {
    const text = miniSpec().replace(
      '### Read resources',
      '### Sign-in\n\n| Method | Path | Request | Success response |\n|---|---|---|---|\n| POST | /a/login | Body: JSON Ghost. | 200, JSON Phantom. |\n\n### Read resources',
    );
    const { diagnostics } = parseSpec(text, 'mini.md');
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`)).toEqual([
      'unknown-structure 19:3 endpoint postALogin names "Ghost", which is not a sign-in structure',
      'unknown-structure 19:3 endpoint postALogin names "Phantom", which is not a sign-in structure',
    ]);
  });
});
