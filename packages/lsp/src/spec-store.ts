/**
 * The open documents that are specs: each has its own SpecDocument (its incremental parser), parsed
 * again once per burst of edits (setImmediate coalesces them), with its diagnostics published. A
 * document that is closed, or that the patterns no longer name, has its diagnostics cleared.
 */
import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { toLspDiagnostic } from './diagnostics.ts';
import { guard, type Log } from './guard.ts';
import { SpecDocument } from './spec-document.ts';
import type { Workspace } from './workspace.ts';

export class SpecStore {
  readonly #specs = new Map<string, SpecDocument>();
  readonly #pending = new Set<string>();
  workspace: Workspace;
  /** docs/diagnostics.md, the target of each diagnostic's code link; null: no link. */
  docUrl: string | null = null;

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    workspace: Workspace,
    private readonly log: Log,
  ) {
    this.workspace = workspace;
    documents.onDidChangeContent((e) => this.schedule(e.document.uri));
    documents.onDidClose((e) => this.#clear(e.document.uri));
  }

  /** The parsed spec behind a URI, current with the editor's text; null when the URI is not a spec. */
  get(uri: string): SpecDocument | null {
    const text = this.documents.get(uri);
    const spec = this.workspace.specOf(uri);
    if (!text || !spec) return null;
    let doc = this.#specs.get(uri);
    if (!doc || doc.file !== spec.file) {
      doc = new SpecDocument(uri, spec.file, spec.path, spec.root);
      this.#specs.set(uri, doc);
    }
    doc.update(text.getText(), text.version);
    return doc;
  }

  /** Publishes the document's diagnostics after the edits already queued. */
  schedule(uri: string): void {
    if (this.#pending.has(uri)) return;
    this.#pending.add(uri);
    setImmediate(() => void guard(this.log, 'diagnostics', undefined, () => this.#validate(uri))());
  }

  /** Reads the patterns again (settings or config changed) and publishes every open document anew. */
  async refresh(editorGlobs: readonly string[]): Promise<void> {
    await this.workspace.refresh(editorGlobs);
    for (const problem of this.workspace.problems) this.log(problem);
    for (const uri of new Set([...this.#specs.keys(), ...this.documents.keys()])) this.schedule(uri);
  }

  #validate(uri: string): void {
    this.#pending.delete(uri);
    const doc = this.get(uri);
    if (!doc) {
      if (this.#specs.has(uri)) this.#clear(uri);
      return;
    }
    const diagnostics = doc.parsed.diagnostics.map((d) => toLspDiagnostic(d, doc.lines, this.docUrl));
    void this.connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  }

  #clear(uri: string): void {
    this.#pending.delete(uri);
    this.#specs.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}
