/**
 * The list behind a "2 breaking changes vs origin/main" code lens. The server's lens runs
 * `specgen.showChanges` with one argument, a ChangeList (packages/lsp, code-lens.ts); the extension
 * shows it as a pick list, breaking changes first, and opens the line of the change picked.
 * Plain data in and out: no `vscode` import, so the tests call it.
 */
export const SHOW_CHANGES_COMMAND = 'specgen.showChanges';

export type ChangeSeverity = 'breaking' | 'warning' | 'info';

export interface ChangeList {
  uri: string;
  subject: string;
  baseRef: string;
  changes: { severity: ChangeSeverity; rule: string; message: string; line: number }[];
}

export interface ChangeItem {
  /** `$(icon) message`: the icon tells the severity at a glance. */
  label: string;
  description: string;
  /** 0-based line to reveal. */
  line: number;
}

const ORDER: Record<ChangeSeverity, number> = { breaking: 0, warning: 1, info: 2 };
const ICON: Record<ChangeSeverity, string> = { breaking: '$(error)', warning: '$(warning)', info: '$(info)' };

/** The lens argument, when it is one (anything else, e.g. a call from the command palette, is not). */
export function asChangeList(value: unknown): ChangeList | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Partial<ChangeList>;
  const valid =
    typeof v.uri === 'string' &&
    typeof v.subject === 'string' &&
    typeof v.baseRef === 'string' &&
    Array.isArray(v.changes);
  return valid ? (v as ChangeList) : undefined;
}

/** The title of the pick list: `ProductRecords: 3 changes vs origin/main`. */
export function changeListTitle(list: ChangeList): string {
  const n = list.changes.length;
  return `${list.subject}: ${n === 0 ? 'no' : n} change${n === 1 ? '' : 's'} vs ${list.baseRef}`;
}

/** One item per change, breaking first, then warnings, then the rest; by line within a severity. */
export function changeItems(list: ChangeList): ChangeItem[] {
  return [...list.changes]
    .sort((a, b) => (ORDER[a.severity] ?? 3) - (ORDER[b.severity] ?? 3) || a.line - b.line)
    .map((c) => ({
      label: `${ICON[c.severity] ?? '$(info)'} ${c.message}`,
      description: `${c.severity} · ${c.rule} · line ${c.line}`,
      line: Math.max(0, c.line - 1),
    }));
}
