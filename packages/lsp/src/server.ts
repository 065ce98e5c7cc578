/**
 * The language server: documents are synced incrementally, each spec document is re-parsed by its own
 * incremental parser once per burst of edits (setImmediate coalesces them), and its diagnostics are
 * published. Features live one per module; every handler runs in `guard`.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
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
import { codeActions } from './code-actions.ts';
import { codeLenses, SHOW_CHANGES_COMMAND, showChanges } from './code-lens.ts';
import { completion } from './completion.ts';
import { toLspDiagnostic } from './diagnostics.ts';
import { documentSymbols, foldingRanges } from './symbols.ts';
import { formatting } from './formatting.ts';
import { guard } from './guard.ts';
import { hover } from './hover.ts';
import { definition, prepareRename, references, rename } from './navigation.ts';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_SECTION, type Settings } from './settings.ts';
import { SpecDocument } from './spec-document.ts';
import { filePath, Workspace } from './workspace.ts';
import { packageDocsUrl } from './docs-url.ts';

/** Runs the server on stdin/stdout until the client sends `exit`; resolves with the exit status. */
export function runStdioServer(): Promise<number> {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  return startServer(connection);
}

export function startServer(connection: Connection): Promise<number> {
  const documents = new TextDocuments(TextDocument);
  const specs = new Map<string, SpecDocument>();
  const pending = new Set<string>();
  let settings: Settings = DEFAULT_SETTINGS;
  let workspace = new Workspace([]);
  let docUrl: string | null = null;
  let canPullConfiguration = false;
  let canWatchFiles = false;
  let shutdown = false;
  const log = (message: string) => connection.console.error(message);

  /** The parsed spec behind a URI, current with the editor's text; null when the URI is not a spec. */
  const specDocument = (uri: string): SpecDocument | null => {
    const text = documents.get(uri);
    const spec = workspace.specOf(uri);
    if (!text || !spec) return null;
    let doc = specs.get(uri);
    if (!doc || doc.file !== spec.file) {
      doc = new SpecDocument(uri, spec.file, spec.path, spec.root);
      specs.set(uri, doc);
    }
    doc.update(text.getText(), text.version);
    return doc;
  };

  const validate = guard(log, 'diagnostics', undefined, (uri: string) => {
    pending.delete(uri);
    const doc = specDocument(uri);
    if (!doc) {
      if (specs.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
      return;
    }
    const diagnostics = doc.parsed.diagnostics.map((d) => toLspDiagnostic(d, doc.lines, docUrl));
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  });
  const schedule = (uri: string) => {
    if (pending.has(uri)) return;
    pending.add(uri);
    setImmediate(() => void validate(uri));
  };
  const revalidateAll = async () => {
    await workspace.refresh(settings.specGlobs);
    for (const problem of workspace.problems) log(problem);
    for (const uri of new Set([...specs.keys(), ...documents.keys()])) schedule(uri);
  };
  const pullSettings = async () => {
    if (!canPullConfiguration) return;
    const [value] = (await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }])) as unknown[];
    settings = readSettings(value);
  };

  connection.onInitialize((params: InitializeParams) => {
    const folders = params.workspaceFolders?.map((f) => filePath(f.uri)) ?? [
      params.rootUri ? filePath(params.rootUri) : params.rootPath,
    ];
    workspace = new Workspace(folders.filter((f): f is string => typeof f === 'string'));
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    settings = readSettings(options?.[SETTINGS_SECTION]);
    docUrl = workspace.diagnosticsDoc() ?? packageDocsUrl();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['|', ' ', '.'] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        codeLensProvider: { resolveProvider: false },
        executeCommandProvider: { commands: [SHOW_CHANGES_COMMAND] },
      },
      serverInfo: { name: 'specgen' },
    };
  });
  connection.onInitialized(
    guard(log, 'initialized', undefined, async () => {
      await pullSettings();
      await revalidateAll();
      // A changed specgen.config.* changes which files are specs.
      if (canWatchFiles) {
        await connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/specgen.config.{json,mjs,js}' }],
        });
      }
    }),
  );
  connection.onDidChangeConfiguration(
    guard(log, 'configuration', undefined, async (change: DidChangeConfigurationParams) => {
      if (canPullConfiguration) await pullSettings();
      else settings = readSettings((change.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION]);
      await revalidateAll();
    }),
  );
  connection.onDidChangeWatchedFiles(guard(log, 'watched files', undefined, revalidateAll));

  documents.onDidChangeContent((e: { document: TextDocument }) => schedule(e.document.uri));
  documents.onDidClose((e: { document: TextDocument }) => {
    pending.delete(e.document.uri);
    specs.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  type At = { textDocument: TextDocumentIdentifier; position: Position };
  const withDoc = <P extends { textDocument: TextDocumentIdentifier }, R>(
    name: string,
    fallback: R,
    run: (doc: SpecDocument, params: P) => R,
  ) =>
    guard(log, name, fallback, (params: P) => {
      const doc = specDocument(params.textDocument.uri);
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
