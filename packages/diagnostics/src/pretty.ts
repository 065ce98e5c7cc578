/**
 * The reporter for people at a terminal, in the manner of `tsc --pretty`: each diagnostic's
 * header, then its source line with the line number in a gutter and a caret under the column
 * (`^~~~` under the whole word). Colours come from picocolors and are switched on or off by
 * `useColor`, which honours NO_COLOR and FORCE_COLOR (https://no-color.org, https://force-color.org).
 * Tools and CI keep the one-line `textReport`.
 */
import picocolors from 'picocolors';
import type { Diagnostic } from './diagnostic.ts';

export interface PrettyOptions {
  color: boolean;
  /** The text of a diagnostic's file, when known; without it the header is printed alone. */
  source?: (file: string) => string | undefined;
}

type Env = Record<string, string | undefined>;

/**
 * FORCE_COLOR set to anything but `0`/`false` forces colour, `FORCE_COLOR=0` turns it off, as Node
 * itself reads it; otherwise a non-empty NO_COLOR turns it off; otherwise colour on a TTY that is not `dumb`.
 */
export function useColor(stream: { isTTY?: boolean }, env: Env = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Pretty on a TTY outside CI, or when asked (`--pretty`); `--no-pretty` or CI keeps one line per diagnostic. */
export function usePretty(stream: { isTTY?: boolean }, args: readonly string[], env: Env = process.env): boolean {
  if (args.includes('--no-pretty')) return false;
  if (args.includes('--pretty')) return true;
  const ci = env.CI;
  return stream.isTTY === true && !(ci && ci !== '0' && ci !== 'false');
}

/** Length of the word at `column` (1-based): up to the next space or table pipe, at least 1. */
function wordLength(line: string, column: number): number {
  const rest = line.slice(column - 1);
  const m = /^[^\s|]+/.exec(rest);
  return Math.max(1, m ? m[0].length : 1);
}

export function prettyReport(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  const c = picocolors.createColors(options.color);
  const severity = { error: c.red, warning: c.yellow, info: c.blue } as const;
  const lines = new Map<string, string[] | undefined>();
  const out: string[] = [];
  for (const d of diagnostics) {
    out.push(
      `${c.cyan(d.file)}:${c.yellow(String(d.line))}:${c.yellow(String(d.column))} - ${severity[d.severity](d.severity)} ${c.gray(d.code)}: ${d.message}\n`,
    );
    if (!lines.has(d.file)) lines.set(d.file, options.source?.(d.file)?.split(/\r?\n/));
    const text = lines.get(d.file)?.[d.line - 1];
    if (text === undefined) {
      out.push('\n');
      continue;
    }
    const shown = text.replace(/\t/g, ' ');
    const gutter = String(d.line);
    const caret = `^${'~'.repeat(Math.max(0, wordLength(shown, d.column) - 1))}`;
    out.push(
      `\n${c.inverse(gutter)} ${shown}\n${c.inverse(' '.repeat(gutter.length))} ${' '.repeat(Math.max(0, d.column - 1))}${severity[d.severity](caret)}\n\n`,
    );
  }
  if (diagnostics.length > 0) out.push(`${summaryText(diagnostics)}\n`);
  return out.join('');
}

function summaryText(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Found ${plural(errors, 'error')} and ${plural(warnings, 'warning')}.`;
}
