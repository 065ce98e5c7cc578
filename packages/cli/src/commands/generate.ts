/** `specgen generate`: spec -> the generated packages under generated/ (see docs/generate.md). */
import { relative } from 'node:path';
import { sortDiagnostics, useColor } from '@specgen/diagnostics';
import { createTemplateEngine } from '@specgen/generate-core';
import { parseSpec } from '@specgen/parser';
import type { Command } from '../command.ts';
import { GENERATE_HELP as HELP } from './help/generate.ts';
import { findGenerators, generators } from '../generators.ts';
import { type GenerateCliOptions, parseGenerateArgs } from '../generate/options.ts';
import { displayPath } from '../generate/display-path.ts';
import type { GenerateOutcome } from '../generate/pipeline.ts';
import { generateOneShot } from '../generate/one-shot.ts';
import { tuneJitForOneShot } from '../generate/jit.ts';
import { watchGenerate } from '../generate/watch.ts';
import { configuredPackageNames } from '../generate/config.ts';
import { builtinTemplatesDir } from '../generate/templates-dir.ts';
import { silentProgress, summaryLine, terminalProgress } from '../generate/progress.ts';
import { diagnosticsReporter } from '../io/report-diagnostics.ts';
import { defaultsBase, userCwd, userPath } from '../io/paths.ts';
import { readSpecFile } from '../io/spec-file.ts';

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate the npm packages (types, validators, OpenAPI, client, server) from the spec',
  help: HELP,
  async run(args) {
    let options: GenerateCliOptions;
    let selected: ReturnType<typeof findGenerators>;
    try {
      options = parseGenerateArgs(args);
      selected = findGenerators(options.only);
    } catch (err) {
      process.stderr.write(`specgen generate: ${err instanceof Error ? err.message : String(err)}\n\n${HELP}`);
      return 2;
    }
    const cwd = userCwd();
    const typedSpec = args.some((a) => a === '--spec' || a.startsWith('--spec='));
    const typedOut = args.some((a) => a === '--out' || a.startsWith('--out='));
    const specPath = userPath(typedSpec ? options.spec : null, options.spec);
    const outDir = userPath(typedOut ? options.out : null, options.out);
    const templates = options.templates === null ? null : userPath(options.templates, options.templates);
    const shown = { spec: typedSpec ? options.spec : shownPath(cwd, specPath), out: shownPath(cwd, outDir) };
    let packageNames: Record<string, string>;
    try {
      packageNames = await configuredPackageNames(
        generators.map((g) => g.target),
        options.packageScope,
        defaultsBase(),
      );
    } catch (err) {
      process.stderr.write(`specgen generate: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
    const renderOptions = {
      outDir,
      specFile: displayPath(specPath, defaultsBase()),
      serviceVersion: options.serviceVersion,
      packageNames,
    };
    if (options.watch) {
      const handle = watchGenerate({
        ...renderOptions,
        specPath,
        templatesDir: templates,
        generators: selected,
        onRun: (run) => {
          if (run.error) process.stderr.write(`specgen generate: ${run.error.message}\n`);
          // the text the run parsed, so pretty diagnostics show the source line as a one-shot run does
          else if (run.outcome)
            report(
              run.outcome,
              options,
              shown.out,
              `${run.trigger}: `,
              run.ms,
              new Map(run.specText === undefined ? [] : [[renderOptions.specFile, run.specText]]),
            );
          if (run.provisional && !run.outcome && !run.error) {
            process.stderr.write(`${run.trigger}: the spec changed while it was generated; wrote nothing\n`);
          } else if (run.provisional) {
            process.stderr.write(
              `${run.trigger}: the spec changed again before this run could remove files; kept them\n`,
            );
          }
        },
      });
      await handle.ready;
      // listening before the line that tells the user (or a script) to press Ctrl-C
      const interrupted = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      process.stdout.write(`watching ${shown.spec} and the templates; Ctrl-C to stop\n`);
      await interrupted;
      await handle.close();
      return 0;
    }
    tuneJitForOneShot();
    const read = await readSpecFile(specPath, typedSpec ? options.spec : shown.spec, cwd);
    if (!read.ok) {
      process.stderr.write(`specgen generate: ${read.message}\n`);
      return 2;
    }
    const progress =
      !options.quiet && process.stderr.isTTY
        ? terminalProgress((t) => process.stderr.write(t), useColor(process.stderr))
        : silentProgress;
    const started = performance.now();
    try {
      const parse = () => {
        const parsed = parseSpec(read.text, renderOptions.specFile);
        const { spec } = parsed;
        progress.parsed(
          shown.spec,
          {
            resources: spec.resources.length,
            structures: spec.structures.length,
            diagnostics: parsed.diagnostics.length,
          },
          performance.now() - started,
        );
        return parsed;
      };
      const engine = () => createTemplateEngine(templates ?? undefined, builtinTemplatesDir());
      const pipelineOptions = { ...renderOptions, progress, check: options.check, lowerHelpers: true };
      // syntax checks beside the rendering, a large spec on two threads (one-shot.ts); the same files either way
      const outcome = await generateOneShot(read.text, parse, selected, { dir: templates, engine }, pipelineOptions);
      return report(
        outcome,
        options,
        shown.out,
        '',
        performance.now() - started,
        new Map([[renderOptions.specFile, read.text]]),
      );
    } catch (err) {
      // GenerateError (syntax check, file clashes) and template errors: a message, exit 2, nothing written.
      process.stderr.write(`specgen generate: ${err instanceof Error ? err.message : String(err)}\n`);
      return 2;
    }
  },
};

/** `generated` or `../../generated`: a path as the user would type it from their folder. */
function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path).split('\\').join('/');
  return rel === '' ? '.' : rel;
}

/** Prints the outcome; returns the exit status. */
function report(
  outcome: GenerateOutcome,
  options: GenerateCliOptions,
  out: string,
  prefix: string,
  ms: number,
  sources: ReadonlyMap<string, string>,
): number {
  const problems = sortDiagnostics(outcome.diagnostics).filter((d) => d.severity !== 'info');
  const prettyArgs = options.pretty === null ? [] : [options.pretty ? '--pretty' : '--no-pretty'];
  if (problems.length > 0) process.stderr.write(diagnosticsReporter(prettyArgs, sources)(problems));
  if (outcome.kind === 'diagnostics') {
    process.stderr.write(`${prefix}specgen generate: the spec has errors; nothing was generated\n`);
    return 1;
  }
  if (outcome.kind === 'checked') {
    if (outcome.stale.length === 0) {
      if (!options.quiet) process.stdout.write(`${prefix}${outcome.paths.length} generated files are current\n`);
      return 0;
    }
    process.stderr.write(
      `${prefix}${outcome.stale.length} generated file(s) are stale; run \`pnpm specgen generate\`:\n` +
        outcome.stale.map((p) => `  ${out}/${p}\n`).join(''),
    );
    return 1;
  }
  const { written, removed, unchanged } = outcome.report;
  if (options.quiet) return 0;
  if (options.verbose) {
    const lines = [
      ...written.map((p) => ['wrote', p]),
      ...removed.map((p) => ['removed', p]),
      ...unchanged.map((p) => ['unchanged', p]),
    ];
    for (const [what, p] of lines.sort((a, b) => a[1]!.localeCompare(b[1]!)))
      process.stdout.write(`  ${what!.padEnd(9)} ${out}/${p}\n`);
  }
  process.stdout.write(
    `${prefix}${summaryLine({ written: written.length, removed: removed.length, unchanged: unchanged.length, ms })}\n`,
  );
  return 0;
}
