/**
 * A language-server client over stdio, as an editor runs one: `node <specgen bin> lsp --stdio`,
 * spoken to with vscode-languageserver-protocol (the library vscode-languageclient is built on).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createProtocolConnection,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type InitializeResult,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

export interface StdioServer {
  connection: ProtocolConnection;
  child: ChildProcess;
  initialized: InitializeResult;
  /** The next diagnostics the server publishes for `uri` (those already published count). */
  diagnostics(uri: string): Promise<Diagnostic[]>;
  stderr(): string;
  /** shutdown, exit; resolves with the process's exit code. */
  close(): Promise<number | null>;
}

export async function startStdioServer(bin: string, workspace: string, settings: object = {}): Promise<StdioServer> {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  // Without the repository's NODE_OPTIONS (the source condition): the server runs as it does in an editor.
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], {
    cwd: workspace,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (!child.stdout || !child.stdin) throw new Error('no stdio pipes');
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published = new Map<string, Diagnostic[]>();
  const waiting = new Map<string, (d: Diagnostic[]) => void>();
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const waiter = waiting.get(p.uri);
    waiting.delete(p.uri);
    if (waiter) waiter(p.diagnostics);
    else published.set(p.uri, p.diagnostics);
  });
  connection.listen();
  const workspaceUri = new URL(`file://${workspace}/`).href.replace(/\/$/, '');
  const died = exited.then((code) => {
    throw new Error(`the server exited (code ${code}) before answering initialize: ${stderr}`);
  });
  const initialize = connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: workspaceUri,
    workspaceFolders: [{ uri: workspaceUri, name: 'spec-workspace' }],
    capabilities: {
      textDocument: {
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: { codeDescriptionSupport: true },
      },
    },
    initializationOptions: { specgen: settings },
  });
  const initialized = await Promise.race([initialize, died]);
  died.catch(() => undefined);
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    child,
    initialized,
    stderr: () => stderr,
    diagnostics(uri) {
      const already = published.get(uri);
      if (already) {
        published.delete(uri);
        return Promise.resolve(already);
      }
      return new Promise((resolve) => waiting.set(uri, resolve));
    },
    async close() {
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
