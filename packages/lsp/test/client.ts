/**
 * A real LSP client for the tests: spawns `specgen lsp --stdio` from the CLI's sources (tsx with the
 * @specgen/source condition, as the CLI tests run it) and speaks JSON-RPC over its stdin/stdout with
 * vscode-languageserver-protocol. Collects published diagnostics and shown messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  ConfigurationRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type Diagnostic,
  type InitializeResult,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export interface ClientOptions {
  /** Workspace folder (default: the repository root). */
  root?: string;
  /** What the client answers for section `specgen`. */
  settings?: Record<string, unknown>;
  /** Send no workspace folder and no root (an editor with a single file open); the server runs in `root`. */
  noFolders?: boolean;
}

export class LspClient {
  readonly connection: MessageConnection;
  readonly published: PublishDiagnosticsParams[] = [];
  readonly messages: string[] = [];
  stderr = '';
  #waiters: { test: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  #versions = new Map<string, number>();
  readonly exited: Promise<number | null>;

  constructor(
    readonly child: ChildProcess,
    public settings: Record<string, unknown>,
  ) {
    if (!child.stdout || !child.stdin) throw new Error('no stdio');
    this.connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    this.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      this.published.push(p);
      const done = this.#waiters.filter((w) => w.test(p));
      this.#waiters = this.#waiters.filter((w) => !done.includes(w));
      for (const w of done) w.resolve(p);
    });
    this.connection.onNotification('window/showMessage', (p: { message: string }) => {
      this.messages.push(p.message);
    });
    this.connection.onNotification('window/logMessage', () => undefined);
    this.connection.onRequest(ConfigurationRequest.type, (p) =>
      p.items.map((i) => (i.section === 'specgen' ? this.settings : null)),
    );
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.listen();
  }

  /** The next diagnostics published for `uri` that pass `test` (a version, by default the latest sent). */
  diagnostics(uri: string, test?: (p: PublishDiagnosticsParams) => boolean): Promise<Diagnostic[]> {
    const version = this.#versions.get(uri);
    const check = (p: PublishDiagnosticsParams) => p.uri === uri && (test ? test(p) : p.version === version);
    const seen = this.published.findLast((p) => p.uri === uri);
    if (seen && check(seen)) return Promise.resolve(seen.diagnostics);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri}; stderr: ${this.stderr}`)), 20_000);
      const settle = (p: PublishDiagnosticsParams) => {
        clearTimeout(timer);
        resolve(p.diagnostics);
      };
      this.#waiters.push({ test: check, resolve: settle });
    });
  }

  open(uri: string, text: string, version = 1): void {
    this.#versions.set(uri, version);
    void this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'markdown', version, text },
    });
  }

  change(uri: string, changes: TextDocumentContentChangeEvent[], version?: number): number {
    const next = version ?? (this.#versions.get(uri) ?? 0) + 1;
    this.#versions.set(uri, Math.max(next, this.#versions.get(uri) ?? 0));
    void this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: next },
      contentChanges: changes,
    });
    return next;
  }

  /** Replaces the whole text (a full-document change event). */
  replace(uri: string, text: string): number {
    return this.change(uri, [{ text }]);
  }

  close(uri: string): void {
    this.#versions.delete(uri);
    void this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async stop(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    void this.connection.sendNotification(ExitNotification.type);
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}

export async function startClient(options: ClientOptions = {}): Promise<{ client: LspClient; init: InitializeResult }> {
  const root = options.root ?? ROOT;
  // tsx as a loader of this node process (not the tsx wrapper, which runs a second process):
  // the server's pid is the child's.
  const child = spawn(
    process.execPath,
    ['--import', TSX_LOADER, '--conditions=@specgen/source', join(ROOT, 'packages/cli/src/main.ts'), 'lsp', '--stdio'],
    {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const client = new LspClient(child, options.settings ?? {});
  const init = await client.connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: options.noFolders ? null : pathToFileURL(root).href,
    workspaceFolders: options.noFolders ? null : [{ uri: pathToFileURL(root).href, name: 'workspace' }],
    capabilities: {
      workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
      textDocument: { publishDiagnostics: { versionSupport: true } },
    },
  });
  await client.connection.sendNotification(InitializedNotification.type, {});
  return { client, init };
}

/** `file://` URI of a path under the repository root. */
export function uriOf(...segments: string[]): string {
  return pathToFileURL(join(ROOT, ...segments)).href;
}
