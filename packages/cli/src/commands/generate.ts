/** `specgen generate`: spec -> the generated packages under generated/ (see docs/generate.md). */
import { readFile } from 'node:fs/promises';
import { formatDiagnostic, sortDiagnostics } from '@specgen/diagnostics';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import type { Command } from '../command.ts';
import { findGenerators, generators } from '../generators.ts';
import { type GenerateCliOptions, parseGenerateArgs } from '../generate/options.ts';
import { type GenerateOutcome, displayPath, generateFromSpec } from '../generate/pipeline.ts';
import { watchGenerate } from '../generate/watch.ts';

const HELP = `usage: specgen generate [--spec spec/service-api.md] [--out generated] [--templates <dir>]
                        [--service-version V] [--only <targets>] [--check | --watch] [--quiet]

Parses the spec (stops with its diagnostics when it has errors), renders every target from the
Handlebars templates in templates/<target>/, checks that every generated .ts file parses, and
writes generated/<target>/: only files whose contents changed are rewritten, and generated files
no longer produced are removed. Targets: ${generators.map((g) => `${g.target} (${g.packageName})`).join(', ')}.

options:
  --spec <file>            the markdown spec (default spec/service-api.md)
  --out <dir>              output root (default generated)
  --templates <dir>        override templates: <dir>/<target>/<name>.hbs replaces the default of that name
  --service-version <V>    write the output as of service version V (default: the newest in the spec)
  --only <t1,t2>           generate only these targets
  --check                  write nothing; exit 1 and list the stale files when the output is not current (CI)
  --watch                  keep running; regenerate when the spec or a template changes
  --quiet                  print only problems

exit status: 0 done (or current), 1 spec errors or stale files (--check), 2 bad usage or a generator failure.

example:
  pnpm specgen generate
  pnpm specgen generate --check
  pnpm specgen generate --only types,validators --templates my-templates --watch
`;

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate the npm packages (types, validators, OpenAPI, client, server) from the spec',
  help: HELP,
  async run(args) {
    let options: GenerateCliOptions;
    let selected;
    try {
      options = parseGenerateArgs(args);
      selected = findGenerators(options.only);
    } catch (err) {
      process.stderr.write(`specgen generate: ${err instanceof Error ? err.message : String(err)}\n\n${HELP}`);
      return 2;
    }
    const renderOptions = { outDir: options.out, specFile: displayPath(options.spec), serviceVersion: options.serviceVersion };
    if (options.watch) {
      const handle = watchGenerate({
        ...renderOptions,
        specPath: options.spec,
        templatesDir: options.templates,
        generators: selected,
        onRun: (run) => {
          if (run.error) process.stderr.write(`specgen generate: ${run.error.message}\n`);
          else if (run.outcome) report(run.outcome, options, `${run.trigger}: `, run.ms);
        },
      });
      await handle.ready;
      process.stdout.write(`watching ${options.spec} and the templates; Ctrl-C to stop\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      await handle.close();
      return 0;
    }
    let markdown: string;
    try {
      markdown = await readFile(options.spec, 'utf8');
    } catch (err) {
      process.stderr.write(`specgen generate: cannot read ${options.spec}: ${(err as NodeJS.ErrnoException).code ?? String(err)}\n`);
      return 2;
    }
    const started = performance.now();
    try {
      const parsed = parseSpec(markdown, renderOptions.specFile);
      const templates = createTemplateEngine(options.templates ?? undefined);
      const outcome = generateFromSpec(parsed, selected, templates, { ...renderOptions, check: options.check });
      return report(outcome, options, '', performance.now() - started);
    } catch (err) {
      // GenerateError (syntax check, file clashes) and template errors: a message, exit 2, nothing written.
      process.stderr.write(`specgen generate: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
  },
};

/** Prints the outcome; returns the exit status. */
function report(outcome: GenerateOutcome, options: GenerateCliOptions, prefix: string, ms: number): number {
  const problems = sortDiagnostics(outcome.diagnostics).filter((d) => d.severity !== 'info');
  if (problems.length > 0) process.stderr.write(problems.map((d) => formatDiagnostic(d) + '\n').join(''));
  if (outcome.kind === 'diagnostics') {
    process.stderr.write(`${prefix}specgen generate: the spec has errors; nothing was generated\n`);
    return 1;
  }
  if (outcome.kind === 'checked') {
    if (outcome.stale.length === 0) {
      if (!options.quiet) process.stdout.write(`${prefix}${outcome.files.length} generated files are current\n`);
      return 0;
    }
    process.stderr.write(
      `${prefix}${outcome.stale.length} generated file(s) are stale; run \`pnpm specgen generate\`:\n` +
        outcome.stale.map((p) => `  ${options.out}/${p}\n`).join(''),
    );
    return 1;
  }
  const { written, removed, unchanged } = outcome.report;
  if (!options.quiet) {
    for (const p of written) process.stdout.write(`  wrote ${options.out}/${p}\n`);
    for (const p of removed) process.stdout.write(`  removed ${options.out}/${p}\n`);
    process.stdout.write(
      `${prefix}${written.length} written, ${removed.length} removed, ${unchanged.length} unchanged in ${Math.round(ms)} ms\n`,
    );
  }
  return 0;
}
