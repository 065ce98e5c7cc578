/**
 * The bundled server as an editor runs it: `node <specgen bin> lsp --stdio`, spoken to with the
 * language server's own test client (`@specgen/lsp/testing`: vscode-languageserver-protocol over
 * stdio, published diagnostics by document version). Without the repository's NODE_OPTIONS (the
 * source condition), so the copy runs exactly as it does in the editor.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { LspClient } from '@specgen/lsp/testing';
import { InitializedNotification, InitializeRequest, type InitializeResult } from 'vscode-languageserver-protocol';

export async function startBundledServer(
  bin: string,
  workspace: string,
): Promise<{ client: LspClient; init: InitializeResult }> {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], {
    cwd: workspace,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const client = new LspClient(child, {});
  const died = client.exited.then((code) => {
    throw new Error(`the server exited (code ${code}) before answering initialize: ${client.stderr}`);
  });
  died.catch(() => undefined);
  const folder = pathToFileURL(workspace).href;
  const initialize = client.connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: folder,
    workspaceFolders: [{ uri: folder, name: 'workspace' }],
    capabilities: {
      workspace: { configuration: true },
      textDocument: {
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true },
      },
    },
  });
  const init = await Promise.race([initialize, died]);
  await client.connection.sendNotification(InitializedNotification.type, {});
  return { client, init };
}
