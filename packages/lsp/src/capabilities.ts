/** What the server offers the client (LSP 3.17 ServerCapabilities). */
import { CodeActionKind, TextDocumentSyncKind, type ServerCapabilities } from 'vscode-languageserver';
import { SHOW_CHANGES_COMMAND } from './code-lens.ts';

export const CAPABILITIES: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  hoverProvider: true,
  completionProvider: { triggerCharacters: ['|'] },
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  documentFormattingProvider: true,
  codeLensProvider: { resolveProvider: false },
  executeCommandProvider: { commands: [SHOW_CHANGES_COMMAND] },
};

/** specgen.config.* decides which files are specs: the client is asked to report its changes. */
export const CONFIG_WATCHERS = [{ globPattern: '**/specgen.config.{json,mjs,js}' }];
