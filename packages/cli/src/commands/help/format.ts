/** `specgen format --help`: plain text, so printing it loads no parser. */
export const FORMAT_HELP = `usage: specgen format [--check] [files...]

Aligns every GFM table of the spec files: the pipes of a table in one column, the delimiter row
sized to fit (its : alignment kept). Only whitespace inside table rows changes, so the IR stays the
same apart from source columns; formatting twice changes nothing. The language server
(specgen lsp) formats with the same code.
Without files: the spec files of the workspace, as the language server finds them (the "spec"
setting of specgen.config.json/.mjs/.js, one path or glob or a list; else spec/*.md).
Paths are relative to the folder you run the command from.

exit status: 0 formatted (or, with --check, already formatted), 1 with --check: some files are not
formatted (listed on stderr), 2 bad usage, no spec files, an unreadable or unwritable file.

options:
  --check            write nothing; list the files that formatting would change, exit 1 if any

example:
  pnpm specgen format
  pnpm specgen format --check spec/service-api.md
`;
