/** `specgen lsp --help`: plain text, so printing it loads no language server. */
export const LSP_HELP = `usage: specgen lsp --stdio

Starts the spec's language server (LSP 3.17) on stdin/stdout, for an editor to run: diagnostics
as you type, quick fixes, hover, completion, go to definition, references, rename, document
symbols, folding, formatting (as specgen format) and code lenses with the changes against a git
ref. It serves the spec files of the workspace: the "spec" setting of specgen.config.json/.mjs/.js
(one path or glob, or a list), else spec/*.md; other markdown gets nothing. Editor settings
(section "specgen"): specGlobs (string[]), baseRef (default origin/main), trace.server.
See docs/lsp.md.

exit status: 0 the client asked the server to exit after shutdown, 1 it exited without shutdown,
2 bad usage (no --stdio).

options:
  --stdio            talk LSP over stdin and stdout (the only transport)

example:
  specgen lsp --stdio
  nvim: vim.lsp.start({ name = 'specgen', cmd = { 'npx', 'specgen', 'lsp', '--stdio' } })
`;
