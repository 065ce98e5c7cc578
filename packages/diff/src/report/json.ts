/** Machine output with exactly the documented shape; `version` and `addition` stay internal. */
import type { DiffResult } from '../diff.ts';

export function toJson(result: DiffResult) {
  return {
    changes: result.changes.map((c) => ({
      rule: c.rule,
      severity: c.severity,
      resource: c.resource,
      field: c.field,
      message: c.message,
      location: { file: c.location.file, line: c.location.line },
      fingerprint: c.fingerprint,
    })),
    summary: { breaking: result.summary.breaking, warning: result.summary.warning, info: result.summary.info },
  };
}

export function renderJson(result: DiffResult): string {
  return `${JSON.stringify(toJson(result), null, 2)}\n`;
}
