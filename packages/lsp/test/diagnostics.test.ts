/** Diagnostics over a real LSP connection: open, change, quick fix, revert, close, and what is not a spec. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  DidChangeConfigurationNotification,
  type CodeAction,
  type Diagnostic,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { parseSpec } from '@specgen/parser';
import { ROOT, startClient, uriOf, type LspClient } from './client.ts';
import { applyEdits } from './edits.ts';

const SPEC = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
const LINES = SPEC.split('\n');
/** 0-based line of `| Chargeable | Boolean | ...` in CaseEntryActivities. */
const CHARGEABLE = LINES.findIndex((l) => l.startsWith('| Chargeable | Boolean |'));

let client: LspClient;
beforeAll(async () => {
  ({ client } = await startClient());
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

describe('diagnostics as you type', () => {
  const uri = uriOf('spec', 'lsp-diagnostics-test.md');
  let text = SPEC;

  it('publishes none for the real spec on open', async () => {
    client.open(uri, SPEC);
    expect(await client.diagnostics(uri)).toEqual([]);
  });

  let typo: Diagnostic;
  it('reports a typo at its exact range with its code and a link to the code in docs/diagnostics.md', async () => {
    const character = LINES[CHARGEABLE]!.indexOf('Boolean');
    const range = {
      start: { line: CHARGEABLE, character },
      end: { line: CHARGEABLE, character: character + 'Boolean'.length },
    };
    client.change(uri, [{ range, text: 'Bolean' }]);
    text = applyEdits(text, [{ range, newText: 'Bolean' }]);
    const diagnostics = await client.diagnostics(uri);
    expect(diagnostics).toHaveLength(1);
    typo = diagnostics[0]!;
    expect(typo).toMatchObject({
      code: 'unknown-type',
      severity: 1,
      source: 'specgen',
      range: {
        start: { line: CHARGEABLE, character },
        end: { line: CHARGEABLE, character: character + 'Bolean'.length },
      },
      codeDescription: { href: `${uriOf('docs', 'diagnostics.md')}#unknown-type` },
    });
    expect(typo.message).toContain('did you mean Boolean?');
    expect(readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8')).toContain('## `unknown-type`');
  });

  it('offers the suggestion as a quick fix; applied, the error is gone', async () => {
    const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: typo.range,
      context: { diagnostics: [typo] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.title === 'Change to Boolean');
    expect(fix?.kind).toBe('quickfix');
    const edits = fix!.edit!.changes![uri] as TextEdit[];
    text = applyEdits(text, edits);
    expect(text).toBe(SPEC);
    client.change(
      uri,
      edits.map((e) => ({ range: e.range, text: e.newText })),
    );
    expect(await client.diagnostics(uri)).toEqual([]);
  });

  it('follows a change and its revert, equal to a fresh parse each time', async () => {
    const broken = SPEC.replace('| Id | Int64 | Business key. | - |', '| Id | Int64 | Business key. | 2.x |');
    client.replace(uri, broken);
    const diagnostics = await client.diagnostics(uri);
    const fresh = parseSpec(broken, 'x').diagnostics;
    expect(diagnostics.map((d) => [d.code, d.message, d.range.start.line + 1, d.range.start.character + 1])).toEqual(
      fresh.map((d) => [d.code, d.message, d.line, d.column]),
    );
    expect(diagnostics[0]).toMatchObject({ code: 'malformed-version' });
    client.replace(uri, SPEC);
    expect(await client.diagnostics(uri)).toEqual([]);
  });

  it('clears the diagnostics of a closed document', async () => {
    client.replace(uri, SPEC.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |'));
    expect(await client.diagnostics(uri)).toHaveLength(1);
    client.close(uri);
    expect(await client.diagnostics(uri, (p) => p.version === undefined)).toEqual([]);
  });
});

describe('which files are specs', () => {
  const broken = SPEC.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |');

  it('gives other markdown nothing, and clears a spec that the settings no longer name', async () => {
    const readme = uriOf('docs', 'lsp-not-a-spec.md');
    const spec = uriOf('spec', 'lsp-settings-test.md');
    client.open(readme, broken);
    client.open(spec, broken);
    expect(await client.diagnostics(spec)).toHaveLength(1);
    expect(client.published.some((p) => p.uri === readme)).toBe(false);
    client.settings = { specGlobs: ['docs/lsp-*.md'] };
    void client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { specgen: client.settings },
    });
    expect(await client.diagnostics(spec, (p) => p.diagnostics.length === 0)).toEqual([]);
    expect(await client.diagnostics(readme, () => true)).toHaveLength(1);
    client.settings = {};
    void client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { specgen: {} } });
    expect(await client.diagnostics(readme, (p) => p.diagnostics.length === 0)).toEqual([]);
    client.close(readme);
    client.close(spec);
  });
});
