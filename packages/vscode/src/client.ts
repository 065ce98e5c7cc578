/**
 * The language client: starts `<specgen bin> lsp --stdio` (docs/lsp.md) with the editor's own Node
 * (`process.execPath` with ELECTRON_RUN_AS_NODE, as vscode-languageclient's `fork` does; `node` from
 * the PATH when the editor's is older than the CLI needs, server-module.ts) and sends it
 * the `specgen` settings: at start (initializationOptions) and on every change (configurationSection).
 * The server itself decides which markdown files are specs; the client offers it every markdown file.
 */
import { workspace, type LogOutputChannel } from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type Middleware,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { serverRuntime, type ServerModule } from './server-module.ts';
import { currentSettings, SETTINGS_SECTION } from './settings.ts';

export const CLIENT_ID = 'specgen';
const CLIENT_NAME = 'specgen language server';

export function createClient(
  server: ServerModule,
  cwd: string | undefined,
  output: LogOutputChannel,
  middleware: Middleware,
): LanguageClient {
  const run = {
    command: serverRuntime(server, { execPath: process.execPath, version: process.versions.node }),
    args: [server.bin, 'lsp'],
    transport: TransportKind.stdio,
    options: { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } },
  };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'markdown' }],
    synchronize: { configurationSection: SETTINGS_SECTION },
    initializationOptions: { [SETTINGS_SECTION]: currentSettings(workspace.getConfiguration(SETTINGS_SECTION)) },
    outputChannel: output,
    middleware,
  };
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}
