/**
 * The language server: the document lifecycle and diagnostics are the SpecStore's, each feature is a
 * module of its own, and every handler runs in `guard` (an exception is logged, the answer is empty).
 */
import {
  createConnection,
  DidChangeWatchedFilesNotification,
  ProposedFeatures,
  TextDocuments,
  type CodeActionParams,
  type Connection,
  type DidChangeConfigurationParams,
  type ExecuteCommandParams,
  type InitializeParams,
  type Position,
  type ReferenceParams,
  type RenameParams,
  type TextDocumentIdentifier,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CAPABILITIES, CONFIG_WATCHERS } from './capabilities.ts';
import { codeActions } from './code-actions.ts';
import { codeLenses, SHOW_CHANGES_COMMAND, showChanges } from './code-lens.ts';
import { completion } from './completion.ts';
import { packageDocsUrl } from './docs-url.ts';
import { formatting } from './formatting.ts';
import { guard } from './guard.ts';
import { hover } from './hover.ts';
import { definition, prepareRename, references, rename } from './navigation.ts';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_SECTION, type Settings } from './settings.ts';
import type { SpecDocument } from './spec-document.ts';
import { SpecStore } from './spec-store.ts';
import { documentSymbols, foldingRanges } from './symbols.ts';
import { filePath, Workspace } from './workspace.ts';

/** Runs the server on stdin/stdout until the client sends `exit`; resolves with the exit status. */
export function runStdioServer(): Promise<number> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  return startServer(connection);
}

/** Serves `connection` until the client sends `exit`: 0 after `shutdown`, else 1. */
export function startServer(connection: Connection): Promise<number> {
  const log = (message: string) => connection.console.error(message);
  const documents = new TextDocuments(TextDocument);
  const store = new SpecStore(connection, documents, new Workspace([]), log);
  let settings: Settings = DEFAULT_SETTINGS;
  let canPullConfiguration = false;
  let canWatchFiles = false;
  let shutdown = false;

  const pullSettings = async () => {
    if (!canPullConfiguration) return;
    const [value] = (await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }])) as unknown[];
    settings = readSettings(value);
  };

  connection.onInitialize((params: InitializeParams) => {
    const folders = params.workspaceFolders?.map((f) => filePath(f.uri)) ?? [
      params.rootUri ? filePath(params.rootUri) : params.rootPath,
    ];
    const roots = folders.filter((f): f is string => typeof f === 'string');
    // No folder (an editor opened a single file): the folder the server was started in.
    store.workspace = new Workspace(roots.length > 0 ? roots : [process.cwd()]);
    store.docUrl = store.workspace.diagnosticsDoc() ?? packageDocsUrl();
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    settings = readSettings(options?.[SETTINGS_SECTION]);
    return { capabilities: CAPABILITIES, serverInfo: { name: 'specgen' } };
  });
  connection.onInitialized(
    guard(log, 'initialized', undefined, async () => {
      await pullSettings();
      await store.refresh(settings.specGlobs);
      if (canWatchFiles) {
        await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: CONFIG_WATCHERS });
      }
    }),
  );
  connection.onDidChangeConfiguration(
    guard(log, 'configuration', undefined, async (change: DidChangeConfigurationParams) => {
      if (canPullConfiguration) await pullSettings();
      else settings = readSettings((change.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION]);
      await store.refresh(settings.specGlobs);
    }),
  );
  connection.onDidChangeWatchedFiles(guard(log, 'watched files', undefined, () => store.refresh(settings.specGlobs)));

  type At = { textDocument: TextDocumentIdentifier; position: Position };
  const withDoc = <P extends { textDocument: TextDocumentIdentifier }, R>(
    name: string,
    fallback: R,
    run: (doc: SpecDocument, params: P) => R,
  ) =>
    guard(log, name, fallback, (params: P) => {
      const doc = store.get(params.textDocument.uri);
      return doc ? run(doc, params) : fallback;
    });
  connection.onCodeAction(withDoc('codeAction', [], (doc, p: CodeActionParams) => codeActions(doc, p)));
  connection.onHover(withDoc('hover', null, (doc, p: At) => hover(doc, p.position)));
  connection.onCompletion(withDoc('completion', [], (doc, p: At) => completion(doc, p.position)));
  connection.onDefinition(withDoc('definition', [], (doc, p: At) => definition(doc, p.position)));
  connection.onReferences(
    withDoc('references', [], (doc, p: ReferenceParams) => references(doc, p.position, p.context.includeDeclaration)),
  );
  connection.onPrepareRename(withDoc('prepareRename', null, (doc, p: At) => prepareRename(doc, p.position)));
  connection.onRenameRequest(withDoc('rename', null, (doc, p: RenameParams) => rename(doc, p.position, p.newName)));
  connection.onDocumentSymbol(withDoc('documentSymbol', [], (doc) => documentSymbols(doc)));
  connection.onFoldingRanges(withDoc('foldingRange', [], (doc) => foldingRanges(doc)));
  connection.onDocumentFormatting(withDoc('formatting', [], (doc) => formatting(doc)));
  connection.onCodeLens(withDoc('codeLens', [], (doc) => codeLenses(doc, settings.baseRef, log)));
  connection.onExecuteCommand(
    guard(log, 'executeCommand', null, (p: ExecuteCommandParams) =>
      p.command === SHOW_CHANGES_COMMAND ? showChanges(connection, p.arguments) : null,
    ),
  );

  return new Promise((resolve) => {
    connection.onShutdown(() => {
      shutdown = true;
    });
    connection.onExit(() => resolve(shutdown ? 0 : 1));
    documents.listen(connection);
    connection.listen();
  });
}
