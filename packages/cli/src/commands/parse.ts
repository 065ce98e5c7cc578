/** `specgen parse <spec.md>`: the IR as JSON on stdout, diagnostics on stderr, non-zero exit on errors. */
import { hasErrors, textReport, githubReport, jsonReport } from '@specgen/diagnostics';
import { irJsonSchema } from '@specgen/ir';
import { parseSpec, specSummary } from '@specgen/parser';
import { toStableJson } from '@specgen/parser/json';
import type { Command } from '../command.ts';
import { PARSE_HELP as HELP } from './help/parse.ts';
import { diagnosticsReporter } from '../io/report-diagnostics.ts';
import { userCwd, userPath } from '../io/paths.ts';
import { readSpecFile } from '../io/spec-file.ts';

const FLAGS = ['--schema', '--format', '--quiet', '--summary', '--pretty', '--no-pretty', '--help'];

export const parseCommand: Command = {
  name: 'parse',
  summary: 'parse the markdown spec and print the IR as JSON',
  help: HELP,
  async run(args) {
    if (args.includes('--schema')) {
      process.stdout.write(`${JSON.stringify(irJsonSchema(), null, 2)}\n`);
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
      process.stderr.write(
        !reporter
          ? `specgen parse: unknown --format "${format}"\n\n${HELP}`
          : `specgen parse: expected one spec file\n\n${HELP}`,
      );
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
