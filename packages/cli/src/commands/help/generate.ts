/** `specgen generate --help`: plain text, so printing it loads no generator. */
import { TARGETS } from './targets.ts';

export const GENERATE_HELP = `usage: specgen generate [--spec spec/service-api.md] [--out generated] [--templates <dir>]
                        [--service-version V] [--only <targets>] [--check | --watch] [--quiet]

Parses the spec (stops with its diagnostics when it has errors), renders every target from the
Handlebars templates in templates/<target>/, checks that every generated .ts file parses, and
writes generated/<target>/: only files whose contents changed are rewritten, and generated files
no longer produced are removed. Targets: ${TARGETS.join(', ')};
each is the package <scope>/<target>, @service-api by default (specgen.config.json: packageScope,
packageNames; or --package-scope).

options:
  --spec <file>            the markdown spec (default spec/service-api.md)
  --out <dir>              output root (default generated)
  --templates <dir>        override templates: <dir>/<target>/<name>.hbs replaces the default of that name
  --service-version <V>    write the output as of service version V (default: the newest in the spec)
  --only <t1,t2>           generate only these targets
  --check                  write nothing; exit 1 and list the stale files when the output is not current (CI)
  --watch                  keep running; regenerate when the spec or a template changes
  --quiet                  print only problems
  --package-scope <@s>     name the generated packages <@s>/<target> (default @service-api, or specgen.config.json)
  --verbose                list every file: wrote, removed or unchanged
  --pretty, --no-pretty    diagnostics with source line and caret (default: on a terminal outside CI)

output: on a terminal, a line per stage (parse, then each target with its file count) on stderr;
everywhere, one summary line on stdout: files written, removed, unchanged, and the time.
Paths are relative to the folder you run the command from; the defaults (spec/service-api.md,
generated) to the workspace root, so \`pnpm exec specgen generate\` works from any package folder.

exit status: 0 done (or current), 1 spec errors or stale files (--check), 2 bad usage, an
unreadable spec or a generator failure.

example:
  pnpm specgen generate
  pnpm specgen generate --check
  pnpm specgen generate --only types,validators --templates my-templates --watch
`;
