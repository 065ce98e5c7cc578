import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALL_DIAGNOSTIC_CODES,
  DIAGNOSTIC_CODES,
  DiagnosticCollector,
  createDiagnostic,
  githubReport,
  isDiagnosticCode,
  jsonReport,
  summaryLine,
  textReport,
} from '../src/index.ts';

const DOC = readFileSync(new URL('../../../docs/diagnostics.md', import.meta.url), 'utf8');

/** `## \`code\`` sections of docs/diagnostics.md with their text. */
function documentedCodes(): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = DOC.split(/^## `([a-z-]+)`\s*$/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(parts[i]!, parts[i + 1]!);
  return sections;
}

describe('diagnostic catalog', () => {
  it('documents every code in docs/diagnostics.md with its severity and an example', () => {
    const docs = documentedCodes();
    for (const code of ALL_DIAGNOSTIC_CODES) {
      const text = docs.get(code);
      expect(text, `docs/diagnostics.md has no section for ${code}`).toBeDefined();
      expect(text).toContain(`Severity: ${DIAGNOSTIC_CODES[code].severity}.`);
      expect(text, `no example for ${code}`).toMatch(/```[\s\S]+```/);
    }
    expect([...docs.keys()].sort(), 'docs/diagnostics.md documents a code the catalog lacks').toEqual(
      ALL_DIAGNOSTIC_CODES,
    );
  });

  it('every entry has a summary and a doc', () => {
    for (const code of ALL_DIAGNOSTIC_CODES) {
      expect(DIAGNOSTIC_CODES[code].summary.length).toBeGreaterThan(10);
      expect(DIAGNOSTIC_CODES[code].doc.length).toBeGreaterThan(10);
    }
    expect(isDiagnosticCode('unknown-type')).toBe(true);
    expect(isDiagnosticCode('no-such-code')).toBe(false);
  });
});

describe('collector and reporters', () => {
  const at = { file: 'spec.md', line: 3, column: 7 };

  it('takes the severity from the catalog and lists in stable order', () => {
    const c = new DiagnosticCollector();
    c.report('resource-without-path', 'no path', { ...at, line: 9 });
    c.report('unknown-type', 'bad type', at);
    expect(c.hasErrors).toBe(true);
    expect(c.list().map((d) => `${d.line} ${d.severity} ${d.code}`)).toEqual([
      '3 error unknown-type',
      '9 warning resource-without-path',
    ]);
  });

  it('formats text, json and GitHub annotations', () => {
    const d = createDiagnostic('unknown-type', 'type "int" is not known', at);
    expect(textReport([d])).toBe('spec.md:3:7: error unknown-type: type "int" is not known\n');
    expect(JSON.parse(jsonReport([d]))).toEqual([d]);
    expect(githubReport([d])).toBe('::error file=spec.md,line=3,col=7,title=unknown-type::type "int" is not known\n');
    expect(githubReport([createDiagnostic('resource-without-path', 'a\nb%', at)])).toContain(
      '::warning file=spec.md,line=3,col=7,title=resource-without-path::a%0Ab%25',
    );
    expect(summaryLine([d])).toBe('1 error(s), 0 warning(s), 0 info');
  });
});
