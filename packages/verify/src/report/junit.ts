/**
 * `--format junit`: one test suite per check kind, one failing test case per error finding
 * (warnings are skipped cases), plus one passing case for the checks without a finding.
 */
import type { Finding } from '../findings.ts';
import type { VerifyReport } from '../run.ts';
import type { ReportOptions } from './index.ts';

/** XML-escaped, without the control characters XML 1.0 cannot hold. */
const xml = (s: string) =>
  [...s]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 || ch === '\t' || ch === '\n' || ch === '\r')
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function junitReport(report: VerifyReport, options: Pick<ReportOptions, 'relativeFile'>): string {
  const byCheck = new Map<string, Finding[]>();
  for (const f of report.findings) byCheck.set(f.check, [...(byCheck.get(f.check) ?? []), f]);
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="specgen verify ${xml(report.baseUrl)} ${xml(report.serviceVersion)}" tests="${report.checks}" failures="${errors}">`,
  ];
  for (const [check, findings] of byCheck) {
    const failures = findings.filter((f) => f.severity === 'error').length;
    out.push(
      `  <testsuite name="${xml(check)}" tests="${findings.length}" failures="${failures}" skipped="${findings.length - failures}">`,
    );
    for (const f of findings) {
      out.push(
        `    <testcase classname="${xml(check)}" name="${xml(f.subject)}" file="${xml(options.relativeFile(f.file))}" line="${f.line}">`,
      );
      const detail = xml(
        `${f.message}\nexpected: ${f.expected}\nactual: ${f.actual}\nrequest: ${f.request}\nreproduce: ${f.reproduce}`,
      );
      out.push(
        f.severity === 'error'
          ? `      <failure message="${xml(f.message)}">${detail}</failure>`
          : `      <skipped message="${xml(f.message)}"/>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  const passed = Math.max(0, report.checks - report.findings.length);
  out.push(
    `  <testsuite name="passed" tests="${passed}" failures="0">`,
    `    <testcase classname="verify" name="${passed} checks without a finding"/>`,
    '  </testsuite>',
  );
  out.push('</testsuites>', '');
  return out.join('\n');
}
