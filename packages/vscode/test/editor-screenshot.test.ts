/**
 * What the extension shows, without an editor: the language server bundled in the .vsix is asked,
 * over stdio, for the hover on a field of the real spec and for the diagnostics and quick fix of a
 * typo; the answers are rendered as an editor-like page (editor-view.ts) in headless chromium.
 * `SCREENSHOTS=1` also writes docs/images/editor-hover.png and docs/images/editor-diagnostics.png
 * (the README shows them).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LspClient } from '@specgen/lsp/testing';
import { launchBrowser } from '@specgen/test-support/browser';
import type { Browser } from 'playwright-core';
import {
  CodeActionRequest,
  HoverRequest,
  type CodeAction,
  type Command,
  type Diagnostic,
  type MarkupContent,
} from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorHtml, type EditorView } from './editor-view.ts';
import { startBundledServer } from './lsp-stdio.ts';
import { PACKAGE_DIR, unpackExtension } from './vsix.ts';

const REPO = join(PACKAGE_DIR, '../..');
const IMAGES = join(REPO, 'docs/images');
const SPEC_TEXT = readFileSync(join(REPO, 'spec/service-api.md'), 'utf8');
const lines = SPEC_TEXT.split('\n');
const lineOf = (needle: string) => lines.findIndex((l) => l.startsWith(needle));
/** The value, or a failure naming what the server did not answer. */
function found<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the server answered no ${what}`);
  return value;
}

/** The field hovered: a nullable reference column introduced after the resource. */
const FIELD = 'CertificateId';
const FIELD_LINE = lineOf(`| ${FIELD} |`);
/** The typo: `String` misspelled in the ProductRecords table. */
const TYPO_LINE = lineOf('| SerialNumberWithPartNumber | String |');
const BROKEN_TEXT = lines.map((l, i) => (i === TYPO_LINE ? l.replace('| String |', '| Strng |') : l)).join('\n');
const RESOURCE_LINE = lineOf('### ProductRecords');

let scratch: string;
let client: LspClient;
let browser: Browser;
let uri: string;

beforeAll(async () => {
  const unpacked = await unpackExtension();
  scratch = unpacked.dir;
  const workspace = join(scratch, 'workspace');
  mkdirSync(join(workspace, 'spec'), { recursive: true });
  writeFileSync(join(workspace, 'spec/service-api.md'), SPEC_TEXT);
  // As in this repository: the diagnostics link to the workspace's docs/diagnostics.md.
  mkdirSync(join(workspace, 'docs'));
  copyFileSync(join(REPO, 'docs/diagnostics.md'), join(workspace, 'docs/diagnostics.md'));
  uri = pathToFileURL(join(workspace, 'spec/service-api.md')).href;
  ({ client } = await startBundledServer(unpacked.serverBin, workspace));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (client) await client.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function render(view: EditorView, image: string): Promise<{ hover: string; squiggles: number }> {
  const page = await browser.newPage({ viewport: { width: 1120, height: 900 } });
  try {
    await page.setContent(editorHtml(view));
    const hover = view.hover ? ((await page.locator('.hover').textContent()) ?? '') : '';
    const squiggles = await page.locator('.squiggle').count();
    if (process.env.SCREENSHOTS === '1') await page.locator('.window').screenshot({ path: join(IMAGES, image) });
    return { hover, squiggles };
  } finally {
    await page.close();
  }
}

const newTextOf = (action: CodeAction | Command): string[] => {
  if (!('edit' in action) || !action.edit) return [];
  const fromChanges = Object.values(action.edit.changes ?? {}).flat();
  const fromDocuments = (action.edit.documentChanges ?? []).flatMap((c) => ('edits' in c ? c.edits : []));
  return [...fromChanges, ...fromDocuments].map((e) => ('newText' in e ? e.newText : e.snippet.value));
};

describe('the editor view of the bundled language server', () => {
  it('hover on a field of the real spec: its type, since version and names, shown under the word', async () => {
    client.open(uri, SPEC_TEXT);
    expect(await client.diagnostics(uri)).toEqual([]);
    const at = { line: FIELD_LINE, character: (lines[FIELD_LINE] ?? '').indexOf(FIELD) + 3 };
    const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at });
    const markdown = (hover?.contents as MarkupContent | undefined)?.value ?? '';
    expect(markdown).toContain(FIELD);
    expect(markdown).toContain('Int64');
    expect(markdown).toContain('2.24');
    const shown = await render(
      {
        file: 'spec/service-api.md',
        text: SPEC_TEXT,
        from: RESOURCE_LINE,
        to: FIELD_LINE + 4,
        diagnostics: [],
        hover: { at, markdown },
      },
      'editor-hover.png',
    );
    expect(shown.hover).toContain(FIELD);
    expect(shown.hover).toContain('Int64');
    expect(shown.squiggles).toBe(0);
  }, 60_000);

  it('a typo: the diagnostic at its range, with code, suggestion and quick fix, squiggled in the view', async () => {
    client.replace(uri, BROKEN_TEXT);
    const diagnostics: Diagnostic[] = await client.diagnostics(uri);
    const typo = found(
      diagnostics.find((d) => d.code === 'unknown-type'),
      'unknown-type diagnostic',
    );
    const column = (lines[TYPO_LINE] ?? '').indexOf('| String |') + 2;
    expect(typo.range).toEqual({
      start: { line: TYPO_LINE, character: column },
      end: { line: TYPO_LINE, character: column + 'Strng'.length },
    });
    expect(typo.message).toContain('did you mean String?');
    expect(typo.codeDescription?.href).toMatch(/\/docs\/diagnostics\.md#unknown-type$/);
    const actions = await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: typo.range,
      context: { diagnostics: [typo] },
    });
    const fix = found(
      (actions ?? []).find((a) => newTextOf(a).includes('String')),
      'quick fix to String',
    );
    expect(fix.title).toBeTruthy();
    const view: EditorView = {
      file: 'spec/service-api.md',
      text: BROKEN_TEXT,
      from: RESOURCE_LINE,
      to: TYPO_LINE + 6,
      diagnostics,
      hover: {
        at: typo.range.start,
        markdown: `**${typo.message}** \`${String(typo.code)}\`\n\nQuick Fix: ${fix.title}`,
      },
    };
    const shown = await render(view, 'editor-diagnostics.png');
    const visible = diagnostics.filter((d) => d.range.start.line >= view.from && d.range.start.line <= view.to);
    expect(shown.squiggles).toBe(visible.length);
    expect(shown.hover).toContain(fix.title);
  }, 60_000);
});
