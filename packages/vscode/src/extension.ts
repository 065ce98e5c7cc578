/**
 * The specgen extension: runs the specgen language server (`specgen lsp --stdio`, docs/lsp.md) for
 * the workspace's spec files. Activation (package.json `activationEvents`): a workspace with a
 * `specgen.config.*` or `spec/*.md`, or any markdown file; in the last case the server starts only
 * when the workspace has a spec (or `specgen.specGlobs` names some), so other markdown costs nothing.
 * Commands: `specgen.restartServer`, and `specgen.showChanges` (the code lenses' list, show-changes.ts).
 */
import { commands, window, workspace, type ExtensionContext, type LogOutputChannel } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { SHOW_CHANGES_COMMAND } from './change-list.ts';
import { createClient } from './client.ts';
import { bundledCli, serverModule, type ServerModule } from './server-module.ts';
import { SETTINGS_SECTION } from './settings.ts';
import { showChanges } from './show-changes.ts';

export const RESTART_COMMAND = 'specgen.restartServer';
/** What tells a workspace that writes a spec (the server's own default is `spec/*.md`). */
const SPEC_MARKERS = '{specgen.config.*,spec/*.md}';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const output = window.createOutputChannel('specgen', { log: true });
  context.subscriptions.push(
    output,
    commands.registerCommand(RESTART_COMMAND, async () => {
      await stop();
      await start(context, output);
    }),
  );
  if (await workspaceHasSpecs()) await start(context, output);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function workspaceHasSpecs(): Promise<boolean> {
  const globs = workspace.getConfiguration(SETTINGS_SECTION).get<string[]>('specGlobs') ?? [];
  if (globs.length > 0) return true;
  return (await workspace.findFiles(SPEC_MARKERS, '**/node_modules/**', 1)).length > 0;
}

/** Starts the workspace's CLI; when that fails (not built, too old for `lsp`), the bundled copy. */
async function start(context: ExtensionContext, output: LogOutputChannel): Promise<void> {
  const folders = (workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  const server = serverModule(folders, context.extensionPath);
  try {
    await startWith(server, folders[0], output);
  } catch (error) {
    if (server.source === 'bundled') throw error;
    const reason = error instanceof Error ? error.message : String(error);
    output.warn(`the workspace's specgen ${server.version} (${server.bin}) did not start: ${reason}`);
    void window.showWarningMessage(
      `specgen: the workspace's CLI did not start the language server; using the extension's copy.`,
    );
    await stop();
    await startWith(bundledCli(context.extensionPath), folders[0], output);
  }
}

async function startWith(server: ServerModule, cwd: string | undefined, output: LogOutputChannel): Promise<void> {
  output.info(`starting specgen ${server.version} (${server.source}): ${server.bin} lsp --stdio`);
  client = createClient(server, cwd, output, {
    executeCommand: (command, args, next) =>
      command === SHOW_CHANGES_COMMAND ? showChanges(args) : next(command, args),
  });
  await client.start();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  try {
    await running?.stop();
  } catch {
    // A server that never started (or already died) has nothing to stop.
  }
}
