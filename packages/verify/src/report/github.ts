/** `--format github`: GitHub Actions workflow commands, one annotation per finding on the spec line. */
import type { VerifyReport } from '../run.ts';
import type { ReportOptions } from './index.ts';

const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProperty = (s: string) => esc(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubReport(report: VerifyReport, options: Pick<ReportOptions, 'relativeFile'>): string {
  return report.findings
    .map((f) => {
      const body = `${f.message} (expected ${f.expected}; actual ${f.actual})${f.reproduce ? `\n${f.reproduce}` : ''}`;
      return `::${f.severity} file=${escProperty(options.relativeFile(f.file))},line=${f.line},title=${escProperty(`verify ${f.check}: ${f.subject}`)}::${esc(body)}\n`;
    })
    .join('');
}
