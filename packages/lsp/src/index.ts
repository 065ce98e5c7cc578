/** `@specgen/lsp`: the spec's language server. `specgen lsp --stdio` calls `runStdioServer`. */
export { runStdioServer, startServer } from './server.ts';
export type { Settings } from './settings.ts';
export { SETTINGS_SECTION, DEFAULT_SETTINGS } from './settings.ts';
export { SHOW_CHANGES_COMMAND } from './code-lens.ts';
