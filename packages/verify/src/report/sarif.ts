/**
 * `--format sarif`: SARIF 2.1.0 for code scanning (github/codeql-action/upload-sarif). One rule
 * per check kind, one result per finding located at the spec line, with a stable fingerprint
 * (check, subject, line) so alerts close when the drift is gone.
 */
import { createHash } from 'node:crypto';
import type { VerifyReport } from '../run.ts';
import type { ReportOptions } from './index.ts';

export function sarifReport(report: VerifyReport, options: Pick<ReportOptions, 'relativeFile'>): string {
  const rules = [...new Set(report.findings.map((f) => f.check))].sort();
  const results = report.findings.map((f) => ({
    ruleId: f.check,
    ruleIndex: rules.indexOf(f.check),
    level: f.severity,
    message: {
      text: `${f.subject}: ${f.message} (expected ${f.expected}; actual ${f.actual})${f.reproduce ? `. Reproduce: ${f.reproduce}` : ''}`,
    },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: options.relativeFile(f.file) },
          region: { startLine: f.line, startColumn: f.column },
        },
      },
    ],
    partialFingerprints: {
      verifyFinding: createHash('sha256')
        .update(`${f.check}\u0000${f.subject}\u0000${f.line}`)
        .digest('hex')
        .slice(0, 32),
    },
  }));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'specgen verify',
            rules: rules.map((id) => ({
              id,
              name: id,
              shortDescription: { text: `specgen verify check ${id} (docs/verify.md)` },
            })),
          },
        },
        automationDetails: { id: `specgen-verify/${report.serviceVersion}/` },
        properties: {
          baseUrl: report.baseUrl,
          serviceVersion: report.serviceVersion,
          requests: report.requests,
          checks: report.checks,
        },
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
