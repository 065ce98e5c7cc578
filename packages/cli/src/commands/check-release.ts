/**
 * `specgen check-release --base <ref>`: the release gate CI runs and anyone can run locally. It
 * diffs the spec against the base, reads the pending changesets, and checks the generated output
 * with the same pipeline as `generate --check`; the rules are in @specgen/diff (release/check.ts).
 */
import { parseArgs } from 'node:util';
import { formatDiagnostic } from '@specgen/diagnostics';
import type { Command } from '../command.ts';
import { isNpmScope } from '../generate/scope.ts';

const HELP = `usage: specgen check-release --base <git-ref> [--spec spec/service-api.md] [--out generated]
                             [--templates <dir>] [--changesets .changeset] [--package-scope <@s>]
                             [--format text|markdown|json|github]

Fails, listing each reason, when the branch cannot be released as it is:
  changeset-missing    the spec changed since <ref> and no pending changeset releases every
                       generated package
  major-bump-missing   there are breaking changes and no pending changeset declares a major bump
                       for the generated packages
  generated-stale      the committed generated files are stale (the check of generate --check)
  changeset-invalid    a changeset file cannot be parsed
A changeset is pending when it is new or changed since <ref>. Right after
\`specgen diff --base <ref> <spec> --changeset\` and \`specgen generate\` the check passes.

options:
  --base <git-ref>       the branch to compare with (required), e.g. origin/main
  --spec <file>          the markdown spec (default spec/service-api.md)
  --out <dir>            the generated packages (default generated)
  --templates <dir>      template overrides, as for generate
  --changesets <dir>     the changesets folder (default .changeset)
  --package-scope <@s>   the generated packages are <@s>/<target>, as for generate (default
                         @service-api, or specgen.config.json packageScope / packageNames)
  --format <fmt>         text (default), markdown (job summary), json, github (annotations)

exit status: 0 passed, 1 one or more reasons (listed), 2 bad usage, an unreadable spec or git ref,
a spec with errors, or a generator failure.

examples:
  pnpm specgen check-release --base origin/main
  pnpm specgen check-release --base origin/main --format github
  pnpm specgen check-release --base main --format markdown >> "$GITHUB_STEP_SUMMARY"
`;

class InputError extends Error {}

export const checkReleaseCommand: Command = {
  name: 'check-release',
  summary: 'fail when the spec changed without a changeset (major when breaking) or generated files are stale',
  help: HELP,
  async run(args) {
    const diff = await import('@specgen/diff');
    let options: Options;
    try {
      options = parseOptions(args, diff.FORMATS);
    } catch (err) {
      process.stderr.write(
        `specgen check-release: ${(err as Error).message}\nRun \`specgen check-release --help\` for usage.\n`,
      );
      return 2;
    }
    try {
      const check = await runCheck(options);
      process.stdout.write(diff.renderReleaseCheck(check, options.format));
      return check.ok ? 0 : 1;
    } catch (err) {
      if (err instanceof InputError || err instanceof diff.GitReadError) {
        process.stderr.write(`specgen check-release: ${err.message}\n`);
        return 2;
      }
      throw err;
    }
  },
};

type Options = ReturnType<typeof parseOptions>;

function parseOptions(args: string[], formats: readonly string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      base: { type: 'string' },
      spec: { type: 'string' },
      out: { type: 'string' },
      templates: { type: 'string' },
      changesets: { type: 'string' },
      'package-scope': { type: 'string' },
      format: { type: 'string', default: 'text' },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  if (!values.base) throw new Error('--base <git-ref> is required');
  const scope = values['package-scope'];
  if (scope !== undefined && !isNpmScope(scope))
    throw new Error(`--package-scope "${scope}" is not an npm scope such as @acme-api`);
  if (!formats.includes(values.format))
    throw new Error(`--format must be one of ${formats.join(', ')}; got "${values.format}"`);
  return { ...values, base: values.base, format: values.format as 'text' | 'markdown' | 'json' | 'github' };
}

async function runCheck(options: Options) {
  const { checkRelease, diffSpecs, orderPackages, publishedNames, readAtRef, readChangesets } = await import(
    '@specgen/diff'
  );
  const { parseSpec } = await import('@specgen/parser');
  const { createTemplateEngine } = await import('@specgen/generate-core');
  const { generators } = await import('../generators.ts');
  const { displayPath } = await import('../generate/display-path.ts');
  const { generateFromSpec } = await import('../generate/pipeline.ts');
  const { defaultsBase, userCwd, userPath } = await import('../io/paths.ts');
  const { readSpecFile } = await import('../io/spec-file.ts');
  const { configuredPackageNames } = await import('../generate/config.ts');
  // Paths as `specgen generate` resolves them (typed: the caller's folder; defaults: the workspace
  // root), and the spec named in generated headers the same way, or every file would look stale.
  const root = defaultsBase();
  const specPath = userPath(options.spec, 'spec/service-api.md');
  const outDir = userPath(options.out, 'generated');
  const specFile = displayPath(specPath, root);
  // a missing file names the nearest spec, as parse and generate do
  const read = await readSpecFile(specPath, options.spec ?? specFile, userCwd());
  if (!read.ok) throw new InputError(read.message);
  const newText = read.text;
  const oldText = readAtRef(options.base, specPath, root);
  const parse = (text: string, file: string) => {
    const parsed = parseSpec(text, file);
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0)
      throw new InputError(`${file} has ${errors.length} error(s):\n${errors.map(formatDiagnostic).join('\n')}`);
    return parsed;
  };
  const before = parse(oldText, `${options.base}:${specFile}`);
  const after = parse(newText, specFile);
  const templates = createTemplateEngine(
    options.templates ? userPath(options.templates, options.templates) : undefined,
  );
  let packageNames: Record<string, string>;
  try {
    packageNames = await configuredPackageNames(
      generators.map((g) => g.target),
      options['package-scope'] ?? null,
      root,
    );
  } catch (err) {
    throw new InputError((err as Error).message);
  }
  // named as generate names them, or every package.json would look stale and the changesets wrong
  const isPackageJson = (path: string) => generators.some((g) => path === `${g.target}/package.json`);
  const renderOptions = { outDir, specFile, serviceVersion: null, check: true, packageNames, keep: isPackageJson };
  const outcome = await generateFromSpec(after, generators, templates, renderOptions);
  if (outcome.kind !== 'checked') throw new InputError('the spec has errors; nothing was checked');
  return checkRelease({
    base: options.base,
    spec: specFile,
    diff: diffSpecs(before.spec, after.spec),
    changesets: readChangesets(userPath(options.changesets, '.changeset'), options.base, root),
    packages: orderPackages(publishedNames(outcome.kept.map((f) => f.contents)), Object.values(packageNames)),
    stale: outcome.stale.map((p) => `${displayPath(outDir, root)}/${p}`),
  });
}
