/**
 * `JSON <type>` in a command's Returns cell or an error table's Body cell: the type must be
 * `string` or a sign-in structure (bold label or PascalCase name), e.g. `200 JSON device secret
 * response` or `JSON string: Login failed`. Anything else is reported with the nearest valid name.
 */
import { closestMatch } from '@specgen/diagnostics';
import type { Structure } from '@specgen/ir';
import { positionIn, type ParseContext } from './context.ts';
import type { Cell } from './blocks.ts';

const JSON_TYPE = /\bJSON\s+([^:,.;]+)/;

/** Records the `JSON <type>` statement of a cell, if any, for `checkPayloadTypes`. */
export function notePayloadType(ctx: ParseContext, cell: Cell | undefined, owner: string): void {
  const m = cell ? JSON_TYPE.exec(cell.text) : null;
  if (!cell || !m) return;
  ctx.payloadTypes.push({ name: m[1]!.trim(), owner, at: positionIn(cell, cell.text, m.index + m[0].indexOf(m[1]!)) });
}

export function checkPayloadTypes(ctx: ParseContext, structures: readonly Structure[]): void {
  const names = ['string', ...structures.flatMap((s) => [s.label, s.name])];
  for (const p of ctx.payloadTypes) {
    if (names.some((n) => startsWithWords(p.name, n))) continue;
    const guess = names.map((n) => closestMatch(firstWords(p.name, wordCount(n)), [n])).find((g) => g !== null) ?? null;
    const stated = firstWords(p.name, Math.max(1, wordCount(guess ?? '')));
    ctx.report(
      'unknown-payload-type',
      `${p.owner} says "JSON ${stated}", which is neither a JSON string nor a sign-in structure${guess ? `; did you mean "JSON ${guess}"?` : ''}`,
      p.at,
    );
  }
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const firstWords = (text: string, n: number) => text.split(/\s+/).filter(Boolean).slice(0, n).join(' ');

function startsWithWords(text: string, name: string): boolean {
  const t = text.toLowerCase();
  const n = name.toLowerCase();
  return t === n || t.startsWith(`${n} `);
}
