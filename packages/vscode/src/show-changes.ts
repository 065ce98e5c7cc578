/**
 * `specgen.showChanges`: the server registers the command (its code lenses run it) and
 * vscode-languageclient forwards it; the extension's middleware answers it here instead, in the
 * editor's own pick list. From the command palette (no argument) it shows the active spec's summary
 * lens ("the spec": every change against the base ref).
 */
import { commands, Range, Selection, Uri, window, type CodeLens } from 'vscode';
import { asChangeList, changeItems, changeListTitle, SHOW_CHANGES_COMMAND, type ChangeList } from './change-list.ts';

export async function showChanges(args: unknown[]): Promise<void> {
  const list = asChangeList(args[0]) ?? (await activeDocumentChanges());
  if (!list) {
    void window.showInformationMessage('specgen: open a spec file to see its changes against the base ref.');
    return;
  }
  if (list.changes.length === 0) {
    void window.showInformationMessage(changeListTitle(list));
    return;
  }
  const picked = await window.showQuickPick(changeItems(list), {
    title: changeListTitle(list),
    matchOnDescription: true,
  });
  if (!picked) return;
  const editor = await window.showTextDocument(Uri.parse(list.uri));
  const at = new Range(picked.line, 0, picked.line, 0);
  editor.selection = new Selection(at.start, at.end);
  editor.revealRange(at);
}

/** The first `specgen.showChanges` lens of the active editor: the whole spec's list. */
async function activeDocumentChanges(): Promise<ChangeList | undefined> {
  const document = window.activeTextEditor?.document;
  if (!document) return undefined;
  const lenses = await commands.executeCommand<CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  const lens = (lenses ?? []).find((l) => l.command?.command === SHOW_CHANGES_COMMAND);
  return asChangeList(lens?.command?.arguments?.[0]);
}
