/** `specgen parse <spec.md>`: the IR as JSON on stdout, diagnostics on stderr, non-zero exit on errors. */
import { hasErrors, textReport, githubReport, jsonReport } from '@specgen/diagnostics';
import { irJsonSchema } from '@specgen/ir';
import { parseSpec, specSummary, toStableJson } from '@specgen/parser';
import type { Command } from '../command.ts';
import { diagnosticsReporter } from '../io/report-diagnostics.ts';
import { userCwd, userPath } from '../io/paths.ts';
import { readSpecFile } from '../io/spec-file.ts';

const HELP = `usage: specgen parse <spec.md> [--format text|json|github] [--pretty | --no-pretty] [--quiet | --summary]
       specgen parse --schema

Parses the markdown spec into the intermediate model (IR) and prints it as JSON on stdout
(stable key order: the same input gives byte-identical output). Diagnostics go to stderr,
one per line as  file:line:column: severity code: message  (see docs/diagnostics.md); on a
terminal (not in CI) each also shows its source line with a caret under the column.
The path is relative to the folder you run the command from.

exit status: 0 no errors (warnings allowed), 1 the spec has errors, 2 bad usage or an unreadable file.

options:
  --schema           print the JSON Schema of the IR instead (docs/ir.schema.json)
  --format <f>       diagnostics format: text (default), json, github (workflow annotations)
  --pretty           text diagnostics with source line and caret even off a terminal
                     (colours honour NO_COLOR and FORCE_COLOR); --no-pretty: one line each
  --quiet            do not print the IR, only diagnostics (for checking a spec)
  --summary          print a short summary (counts and names) instead of the IR

example:
  pnpm specgen parse spec/service-api.md > ir.json
  pnpm specgen parse spec/service-api.md --quiet --format github
  pnpm specgen parse spec/service-api.md --summary
`;

const FLAGS = ['--schema', '--format', '--quiet', '--summary', '--pretty', '--no-pretty', '--help'];

export const parseCommand: Command = {
  name: 'parse',
  summary: 'parse the markdown spec and print the IR as JSON',
  help: HELP,
  async run(args) {
    if (args.includes('--schema')) {
      process.stdout.write(JSON.stringify(irJsonSchema(), null, 2) + '\n');
      return 0;
    }
    const formatIndex = args.indexOf('--format');
    const format = formatIndex >= 0 ? args[formatIndex + 1] : 'text';
    const reporter = { text: textReport, json: jsonReport, github: githubReport }[format ?? ''];
    const files = args.filter((a, i) => !a.startsWith('--') && (formatIndex < 0 || i !== formatIndex + 1));
    const unknown = args.find((a) => a.startsWith('--') && !FLAGS.includes(a));
    if (unknown) {
      process.stderr.write(`specgen parse: unknown option "${unknown}"\n\n${HELP}`);
      return 2;
    }
    const file = files[0];
    if (!reporter || !file || files.length > 1) {
      process.stderr.write(!reporter ? `specgen parse: unknown --format "${format}"\n\n${HELP}` : `specgen parse: expected one spec file\n\n${HELP}`);
      return 2;
    }
    const read = await readSpecFile(userPath(file, file), file, userCwd());
    if (!read.ok) {
      process.stderr.write(`specgen parse: ${read.message}\n`);
      return 2;
    }
    const { spec, diagnostics } = parseSpec(read.text, file);
    if (args.includes('--summary')) process.stdout.write(specSummary(spec));
    else if (!args.includes('--quiet')) process.stdout.write(toStableJson(spec));
    const report = format === 'text' ? diagnosticsReporter(args, new Map([[file, read.text]])) : reporter;
    if (diagnostics.length > 0) process.stderr.write(report(diagnostics));
    return hasErrors(diagnostics) ? 1 : 0;
  },
};
