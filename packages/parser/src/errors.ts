/** `## Errors`: one `###` table per endpoint group (Status, optional Body, Condition). */
import type { ErrorCase, ErrorTable } from '@specgen/ir';
import type { TableBlock, TextBlock } from './blocks.ts';
import { NOT_SHOWN, escapeRegExp, sentences, type ParseContext } from './context.ts';
import { notePayloadType } from './payload-types.ts';
import { cellText, isNone, readTable } from './table.ts';
import type { SectionNode } from './tree.ts';

export function readErrorTable(ctx: ParseContext, node: SectionNode): ErrorTable | null {
  const table = node.blocks.find((b): b is TableBlock => b.kind === 'table');
  if (!table) return null;
  const rows = readTable(
    ctx,
    table,
    [
      { key: 'status', names: ['status', 'http status', 'code'], required: true },
      { key: 'body', names: ['body', 'response body'], required: false },
      { key: 'condition', names: ['condition', 'when', 'cause'], required: true },
    ],
    `error (${node.section.title})`,
  );
  const cases: ErrorCase[] = [];
  for (const row of rows ?? []) {
    const statusCell = row.status!;
    if (!/^\d{3}$/.test(statusCell.text)) {
      ctx.report('malformed-status', `error status "${statusCell.text}" is not a three-digit HTTP status`, statusCell);
      continue;
    }
    const bodyText = cellText(row, 'body');
    notePayloadType(ctx, row.body, `error table "${node.section.title}"`);
    cases.push({
      kind: 'error',
      status: Number(statusCell.text),
      body: isNone(bodyText) ? null : errorBody(bodyText),
      condition: cellText(row, 'condition'),
      source: ctx.source(statusCell),
    });
  }
  const remarks = node.blocks
    .filter((b): b is TextBlock => b.kind === 'paragraph' && b.line > table.line)
    .flatMap((b) => sentences(b.text).map((s) => s.text))
    .filter((s) => !NOT_SHOWN.test(s));
  return {
    kind: 'errorTable',
    title: node.section.title,
    appliesTo: [],
    cases,
    remarks: remarks.length ? [remarks.join(' ')] : [],
    source: ctx.source(node.section),
  };
}

/** "JSON string: Login failed" -> `Login failed`; other statements are kept as written. */
function errorBody(text: string): string {
  const m = /^JSON string:\s*(.+)$/i.exec(text);
  return m ? m[1]!.trim().replace(/^"(.*)"$/, '$1') : text;
}

/** Endpoint ids whose words appear in the title (`OIDC callback` -> oidcCallback), and commands named in the table. */
export function errorTableTargets(
  table: ErrorTable,
  endpointIds: readonly string[],
  commandNames: readonly string[],
): string[] {
  const title = table.title.toLowerCase();
  const words = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const text = [table.title, ...table.cases.flatMap((c) => [c.body ?? '', c.condition])].join(' ');
  return [
    ...endpointIds.filter((id) => title.includes(words(id))),
    // (`includes` first: the RegExp is made only for a name the text holds, as it must to match)
    ...commandNames.filter((name) => text.includes(name) && new RegExp(`\\b${escapeRegExp(name)}\\b`).test(text)),
  ];
}
