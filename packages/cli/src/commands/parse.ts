/** `specgen parse <spec.md>`: the IR as JSON on stdout, diagnostics on stderr, non-zero exit on errors. */
import { hasErrors, textReport, githubReport, jsonReport } from '@specgen/diagnostics';
import { irJsonSchema } from '@specgen/ir';
import { parseSpec, specSummary, toStableJson } from '@specgen/parser';
import { readFile } from 'node:fs/promises';
import type { Command } from '../command.ts';

const HELP = `usage: specgen parse <spec.md> [--format text|json|github] [--quiet | --summary]
       specgen parse --schema

Parses the markdown spec into the intermediate model (IR) and prints it as JSON on stdout
(stable key order: the same input gives byte-identical output). Diagnostics go to stderr,
one per line as  file:line:column: severity code: message  (see docs/diagnostics.md).
The exit status is 1 when any error was reported, 2 on bad usage or an unreadable file.

options:
  --schema           print the JSON Schema of the IR instead (docs/ir.schema.json)
  --format <f>       diagnostics format: text (default), json, github (workflow annotations)
  --quiet            do not print the IR, only diagnostics (for checking a spec)
  --summary          print a short summary (counts and names) instead of the IR

example:
  pnpm specgen parse spec/service-api.md > ir.json
  pnpm specgen parse spec/service-api.md --quiet --format github
  pnpm specgen parse spec/service-api.md --summary
`;

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
    const file = files[0];
    if (!reporter || !file || files.length > 1) {
      process.stderr.write(!reporter ? `specgen parse: unknown --format "${format}"\n\n${HELP}` : `specgen parse: expected one spec file\n\n${HELP}`);
      return 2;
    }
    let markdown: string;
    try {
      markdown = await readFile(file, 'utf8');
    } catch (err) {
      process.stderr.write(`specgen parse: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}\n`);
      return 2;
    }
    const { spec, diagnostics } = parseSpec(markdown, file);
    if (args.includes('--summary')) process.stdout.write(specSummary(spec));
    else if (!args.includes('--quiet')) process.stdout.write(toStableJson(spec));
    if (diagnostics.length > 0) process.stderr.write(reporter(diagnostics));
    return hasErrors(diagnostics) ? 1 : 0;
  },
};
