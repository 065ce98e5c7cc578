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

describe('quick fixes the catalogue describes, and the missing-since fix', () => {
  const uri = uriOf('spec', 'lsp-fixes-test.md');
  const actionsFor = async (range: Diagnostic['range'], diagnostics: Diagnostic[]) =>
    (await client.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range,
      context: { diagnostics },
    })) as CodeAction[];
  /** Applies the action titled `title` to `text`, sends it, and returns the new text. */
  const apply = (text: string, action: CodeAction | undefined) => {
    const edits = (action?.edit?.changes?.[uri] ?? []) as TextEdit[];
    expect(edits.length).toBeGreaterThan(0);
    client.change(
      uri,
      edits.map((e) => ({ range: e.range, text: e.newText })),
    );
    return applyEdits(text, edits);
  };

  it('removes a repeated row, fills a short row, writes a dash over a malformed version', async () => {
    let text = SPEC.replace(
      '| Code | String | Human readable identifier. | - |',
      '| Code | String | Human readable identifier. | - |\n| Code | String | Again. | - |',
    )
      .replace('| Brand | String | Brand of the link. | 2.47 |', '| Brand | String | Brand of the link. |')
      .replace(
        '| Storage | String | Storage of the link. | 2.47 |',
        '| Storage | String | Storage of the link. | 2.4x |',
      );
    client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    expect(diagnostics.map((d) => d.code)).toEqual(['table-missing-cell', 'malformed-version', 'duplicate-field']);
    for (const d of diagnostics) {
      const title = {
        'duplicate-field': 'Remove the repeated row',
        'table-missing-cell': 'Add the missing cells (a dash each)',
        'malformed-version': 'Write a dash (no version)',
      }[String(d.code)];
      const current = (await client.diagnostics(uri)).find((x) => x.code === d.code);
      expect(current).toBeDefined();
      text = apply(
        text,
        (await actionsFor(current!.range, [current!])).find((a) => a.title === title),
      );
      await client.diagnostics(uri);
    }
    expect(await client.diagnostics(uri)).toEqual([]);
    const brand = parseSpec(text, 'x').spec.resources.find((r) => r.name === 'SupplierPartLinks')!;
    expect(brand.fields.find((f) => f.name === 'Brand')?.since).toBeNull();
    expect(brand.fields.find((f) => f.name === 'Storage')?.since).toBeNull();
    expect(text).toBe(
      SPEC.replace(
        '| Brand | String | Brand of the link. | 2.47 |',
        '| Brand | String | Brand of the link. | - |',
      ).replace(
        '| Storage | String | Storage of the link. | 2.47 |',
        '| Storage | String | Storage of the link. | - |',
      ),
    );
  });

  it('fixes a misspelt payload type to the structure it suggests', async () => {
    let text = SPEC.replace('200 JSON device secret response', '200 JSON device secrte response');
    client.replace(uri, text);
    const diagnostics = await client.diagnostics(uri);
    expect(diagnostics.map((d) => d.code)).toEqual(['unknown-payload-type']);
    const { range } = diagnostics[0] as Diagnostic;
    const line = text.split('\n')[range.start.line] ?? '';
    expect(line.slice(range.start.character, range.end.character)).toBe('device secrte response');
    const actions = await actionsFor(range, diagnostics);
    text = apply(
      text,
      actions.find((a) => a.title === 'Change to Device secret response'),
    );
    expect(await client.diagnostics(uri)).toEqual([]);
    expect(text).toBe(SPEC.replace('200 JSON device secret response', '200 JSON Device secret response'));
    const command = parseSpec(text, 'x').spec.commands.find((c) => c.name === 'GetMultiFactorDeviceSecret');
    expect(command?.response).toBe('DeviceSecretResponse');
  });

  it('sets a dash Since cell to the newest version of the spec', async () => {
    let text = SPEC;
    client.replace(uri, text);
    await client.diagnostics(uri);
    const line = LINES.findIndex((l) => l.startsWith('| SupplierPartNumber |'));
    const range = { start: { line, character: 3 }, end: { line, character: 3 } };
    const newest = parseSpec(SPEC, 'x').spec.newestVersion;
    const action = (await actionsFor(range, [])).find(
      (a) => a.title === `Set Since to ${newest} (the newest version of the spec)`,
    );
    text = apply(text, action);
    expect(await client.diagnostics(uri)).toEqual([]);
    const links = parseSpec(text, 'x').spec.resources.find((r) => r.name === 'SupplierPartLinks')!;
    expect(links.fields.find((f) => f.name === 'SupplierPartNumber')?.since).toBe(newest);
    const none = LINES.findIndex((l) => l.startsWith('| Brand |'));
    expect(
      (await actionsFor({ start: { line: none, character: 3 }, end: { line: none, character: 3 } }, [])).map(
        (a) => a.title,
      ),
    ).toEqual([]);
    client.close(uri);
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
