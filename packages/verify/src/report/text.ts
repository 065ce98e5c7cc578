/**
 * `--format text` (default): findings grouped by the spec section they break, each with its
 * subject, message, expected/actual, the request and a reproducer, then the spec line with a caret,
 * as the diagnostics' pretty reporter shows source lines. Ends with one summary line.
 */
import picocolors from 'picocolors';
import type { Finding } from '../findings.ts';
import type { VerifyReport } from '../run.ts';
import type { ReportOptions } from './index.ts';
import { sectionOf } from './sections.ts';

export function textReport(report: VerifyReport, options: ReportOptions): string {
  const c = picocolors.createColors(options.color);
  const severity = { error: c.red, warning: c.yellow } as const;
  const groups = new Map<string, { section: string; findings: Finding[] }>();
  const sorted = [...report.findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  for (const f of sorted) {
    const section = sectionOf(options.source(f.file), f.line);
    const key = `${f.file}\u0000${section}`;
    const group = groups.get(key) ?? { section, findings: [] };
    group.findings.push(f);
    groups.set(key, group);
  }
  const out: string[] = [];
  for (const { section, findings } of groups.values()) {
    out.push(`${c.bold(section)}\n`);
    for (const f of findings) {
      out.push(
        `  ${c.cyan(options.relativeFile(f.file))}:${c.yellow(String(f.line))} - ${severity[f.severity](f.severity)} ${c.gray(f.check)} ${c.bold(f.subject)}: ${f.message}\n`,
      );
      const text = options.source(f.file)?.split(/\r?\n/)[f.line - 1];
      if (text !== undefined) {
        const gutter = String(f.line);
        const word = /^[^\s|]+/.exec(text.slice(f.column - 1).replace(/^\|\s*/, ''))?.[0].length ?? 1;
        const lead = f.column - 1 + (/^\|\s*/.exec(text.slice(f.column - 1))?.[0].length ?? 0);
        out.push(
          `\n  ${c.inverse(gutter)} ${text.replace(/\t/g, ' ')}\n  ${c.inverse(' '.repeat(gutter.length))} ${' '.repeat(lead)}${severity[f.severity](`^${'~'.repeat(Math.max(0, word - 1))}`)}\n\n`,
        );
      }
      out.push(`    expected: ${f.expected}\n    actual:   ${f.actual}\n`);
      if (f.request) out.push(`    request:  ${f.request}\n    reproduce: ${f.reproduce}\n`);
      out.push('\n');
    }
  }
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const warnings = report.findings.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  out.push(
    `${report.baseUrl} at service version ${report.serviceVersion}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(report.checks, 'check')} (${plural(report.requests, 'request')}).\n`,
  );
  return out.join('');
}
