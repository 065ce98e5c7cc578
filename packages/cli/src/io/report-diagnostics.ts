/** The text reporter a command uses on stderr: pretty (source line, caret, colour) for people, one line each for tools and CI. */
import { type Diagnostic, prettyReport, textReport, usePretty, useColor } from '@specgen/diagnostics';

/** `sources`: the text of each file the diagnostics may name (the spec as read). */
export function diagnosticsReporter(
  args: readonly string[],
  sources: ReadonlyMap<string, string>,
): (d: readonly Diagnostic[]) => string {
  if (!usePretty(process.stderr, args)) return textReport;
  const color = useColor(process.stderr);
  return (diagnostics) => prettyReport(diagnostics, { color, source: (file) => sources.get(file) });
}
