/** `--format json`: exactly one JSON object, the report with the finding fields the issue names. */
import type { VerifyReport } from '../run.ts';
import type { ReportOptions } from './index.ts';

/** `file` is relative to the repository root, as in the github and sarif formats. */
export function jsonReport(report: VerifyReport, options: Pick<ReportOptions, 'relativeFile'>): string {
  const findings = report.findings.map(
    ({ check, severity, subject, file, line, message, request, expected, actual, reproduce }) => ({
      check,
      severity,
      subject,
      file: options.relativeFile(file),
      line,
      message,
      request,
      expected,
      actual,
      reproduce,
    }),
  );
  return `${JSON.stringify({ baseUrl: report.baseUrl, serviceVersion: report.serviceVersion, requests: report.requests, checks: report.checks, findings }, null, 2)}\n`;
}
