/** The output formats of `specgen verify`: one function per format, all from the same report. */
import type { VerifyReport } from '../run.ts';
import { githubReport } from './github.ts';
import { jsonReport } from './json.ts';
import { junitReport } from './junit.ts';
import { sarifReport } from './sarif.ts';
import { textReport } from './text.ts';

export const FORMATS = ['text', 'json', 'junit', 'github', 'sarif'] as const;
export type Format = (typeof FORMATS)[number];

export interface ReportOptions {
  /** The text of a spec file, for the source line and its section (text format). */
  source(file: string): string | undefined;
  color: boolean;
  /** The spec file as a path relative to the repository root (github, sarif). */
  relativeFile(file: string): string;
}

export function formatReport(report: VerifyReport, format: Format, options: ReportOptions): string {
  switch (format) {
    case 'text':
      return textReport(report, options);
    case 'json':
      return jsonReport(report, options);
    case 'junit':
      return junitReport(report, options);
    case 'github':
      return githubReport(report, options);
    case 'sarif':
      return sarifReport(report, options);
  }
}
