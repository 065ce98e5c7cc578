/** `specgen parse --help`: plain text, so printing it loads no parser. */
export const PARSE_HELP = `usage: specgen parse <spec.md> [--format text|json|github] [--pretty | --no-pretty] [--quiet | --summary]
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
