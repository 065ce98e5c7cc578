/** How a change's subject reads in reports: `ProductRecords.Status`, `endpoint:totpLogin`, `(spec)`. */
import type { Change } from '../change.ts';

export function subjectOf(c: Change): string {
  if (c.resource === null) return '(spec)';
  return c.field === null ? c.resource : `${c.resource}.${c.field}`;
}

export function headline(result: {
  summary: { breaking: number; warning: number; info: number };
  oldVersion: string | null;
  newVersion: string | null;
}): string {
  const { breaking, warning, info } = result.summary;
  const counts = `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info`;
  const versions =
    result.oldVersion !== result.newVersion
      ? ` (newest service version ${result.oldVersion ?? 'none'} -> ${result.newVersion ?? 'none'})`
      : '';
  return `${counts}${versions}`;
}
