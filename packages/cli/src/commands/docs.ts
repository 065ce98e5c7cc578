/**
 * `specgen docs`: parses the options, reads and parses the spec, and hands both to
 * @specgen/generate-docs, which builds and writes the site (docs/reference-site.md).
 */
import { parseArgs } from 'node:util';
import { hasErrors } from '@specgen/diagnostics';
import type { Command } from '../command.ts';
import { DOCS_HELP as help } from './help/docs.ts';
import { diagnosticsReporter } from '../io/report-diagnostics.ts';
import { defaultsBase, userCwd, userPath } from '../io/paths.ts';
import { readSpecFile } from '../io/spec-file.ts';

/** A spec with more resources than this gets only its newest version unless --all-versions. */
const ALL_VERSIONS_LIMIT = 200;

function parseOptions(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      spec: { type: 'string' },
      out: { type: 'string' },
      'base-url': { type: 'string' },
      base: { type: 'string' },
      'all-versions': { type: 'boolean' },
      'newest-only': { type: 'boolean' },
      pretty: { type: 'boolean' },
      'no-pretty': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  if (values['all-versions'] && values['newest-only'])
    throw new Error('--all-versions and --newest-only exclude each other');
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(baseUrl))
    throw new Error(`--base-url "${baseUrl}" is not an http(s) URL`);
  const epoch = process.env['SOURCE_DATE_EPOCH'];
  if (epoch !== undefined && !/^\d+$/.test(epoch))
    throw new Error(`SOURCE_DATE_EPOCH "${epoch}" is not a number of seconds`);
  return {
    ...values,
    baseUrl: baseUrl === undefined ? null : baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
    sourceDateEpoch: epoch === undefined ? null : Number(epoch),
  };
}

export const docsCommand: Command = {
  name: 'docs',
  summary: 'write the reference site: the API as of every service version and what changed in each',
  help,
  async run(args) {
    let options: ReturnType<typeof parseOptions>;
    try {
      options = parseOptions(args);
    } catch (err) {
      process.stderr.write(`specgen docs: ${(err as Error).message}\nRun \`specgen docs --help\` for usage.\n`);
      return 2;
    }
    const cwd = userCwd();
    const specPath = userPath(options.spec, 'spec/service-api.md');
    const outDir = userPath(options.out, 'site');
    const specFile = options.spec ?? 'spec/service-api.md';
    const read = await readSpecFile(specPath, specFile, cwd);
    if (!read.ok) {
      process.stderr.write(`specgen docs: ${read.message}\n`);
      return 2;
    }
    const [{ parseSpec }, docs] = await Promise.all([import('@specgen/parser'), import('@specgen/generate-docs')]);
    const { spec, diagnostics } = parseSpec(read.text, specFile);
    if (hasErrors(diagnostics)) {
      process.stderr.write(diagnosticsReporter(args, new Map([[specFile, read.text]]))(diagnostics));
      return 1;
    }
    const allVersions =
      options['all-versions'] ?? (options['newest-only'] ? false : spec.resources.length <= ALL_VERSIONS_LIMIT);
    const started = performance.now();
    try {
      const report = docs.writeDocs({
        spec,
        specFile,
        specPath,
        outDir,
        baseUrl: options.baseUrl,
        base: options.base ?? null,
        allVersions,
        sourceDateEpoch: options.sourceDateEpoch,
        cwd: options.base ? cwd : defaultsBase(),
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${report.written.length} written, ${report.removed.length} removed, ${report.unchanged.length} unchanged in ${seconds} s: ${outDir}\n`,
      );
      return 0;
    } catch (err) {
      if (err instanceof docs.SiteInputError || err instanceof docs.GitReadError) {
        process.stderr.write(`specgen docs: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
  },
};
