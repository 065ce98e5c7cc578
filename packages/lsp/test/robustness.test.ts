/**
 * Bad input never kills the server: a half-typed table, a 5 MB line, binary bytes, edits out of order,
 * and a fast-check property: random edit sequences, after which the server answers every request and
 * its diagnostics equal a fresh parse of the same text (what `specgen parse` reports). One server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  type Diagnostic,
  type Position,
} from 'vscode-languageserver-protocol';
import { parseSpec } from '@specgen/parser';
import { ROOT, startClient, uriOf, type LspClient } from './client.ts';

const SPEC = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
let client: LspClient;

beforeAll(async () => {
  ({ client } = await startClient());
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

/** What the server published, as file positions, next to what a fresh parse reports. */
const asParsed = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`);
const freshParse = (text: string) =>
  parseSpec(text, 'x').diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

/** Every kind of request at a position; each must answer (an empty answer is fine). */
async function askEverything(uri: string, position: Position): Promise<void> {
  const doc = { textDocument: { uri } };
  await Promise.all([
    client.connection.sendRequest(HoverRequest.method, { ...doc, position }),
    client.connection.sendRequest(CompletionRequest.method, { ...doc, position }),
    client.connection.sendRequest(DocumentSymbolRequest.method, doc),
    client.connection.sendRequest(FoldingRangeRequest.method, doc),
    client.connection.sendRequest(DocumentFormattingRequest.method, {
      ...doc,
      options: { tabSize: 2, insertSpaces: true },
    }),
    client.connection.sendRequest(CodeActionRequest.method, {
      ...doc,
      range: { start: position, end: position },
      context: { diagnostics: [] },
    }),
  ]);
}

describe('bad input', () => {
  it('a table typed character by character', async () => {
    const uri = uriOf('spec', 'lsp-robust-typing.md');
    const base = SPEC.slice(0, SPEC.indexOf('### CaseEntryActivities'));
    const typed = '### Things\n\n| Name | Type | Notes |\n|---|---|---|\n| Id | Int6';
    client.open(uri, base);
    let text = base;
    for (const ch of typed) {
      const lines = text.split('\n');
      const position = { line: lines.length - 1, character: lines.at(-1)!.length };
      client.change(uri, [{ range: { start: position, end: position }, text: ch }]);
      text += ch;
    }
    expect(asParsed(await client.diagnostics(uri))).toEqual(freshParse(text));
    await askEverything(uri, { line: text.split('\n').length - 1, character: 3 });
    client.close(uri);
  });

  it('a 5 MB line and binary bytes', async () => {
    const uri = uriOf('spec', 'lsp-robust-bytes.md');
    const huge = SPEC.replace(
      '| Code | String | Human readable identifier. | - |',
      `| Code | String | ${'x'.repeat(5_000_000)} | - |`,
    );
    client.open(uri, huge);
    expect(asParsed(await client.diagnostics(uri))).toEqual(freshParse(huge));
    const line = huge.split('\n').findIndex((l) => l.startsWith('| Code | String |'));
    await askEverything(uri, { line, character: 2_000_000 });
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)).toString('latin1');
    const binary = `${SPEC.slice(0, 2000)}${bytes}\u0000\uD800${SPEC.slice(2000)}`;
    client.replace(uri, binary);
    expect(asParsed(await client.diagnostics(uri))).toEqual(freshParse(binary));
    await askEverything(uri, { line: 40, character: 10 });
    client.close(uri);
  });

  it('edits out of order and past the end of the text', async () => {
    const uri = uriOf('spec', 'lsp-robust-order.md');
    client.open(uri, SPEC, 5);
    await client.diagnostics(uri);
    client.change(
      uri,
      [{ range: { start: { line: 900, character: 4 }, end: { line: 2, character: 0 } }, text: '| x |' }],
      9,
    );
    client.change(
      uri,
      [{ range: { start: { line: 3, character: 999 }, end: { line: 9999, character: 0 } }, text: 'tail' }],
      7,
    );
    client.change(uri, [{ text: SPEC.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |') }], 10);
    expect((await client.diagnostics(uri)).map((d) => d.code)).toEqual(['unknown-type']);
    await askEverything(uri, { line: 0, character: 0 });
    client.close(uri);
  });
});

const FRAGMENTS = [
  '|',
  ' | ',
  '\n',
  '\n| A | Int64 | x | - |',
  'Int64',
  'Bolean',
  '?',
  '[]',
  '\n### Things\n',
  '\n## Errors\n',
  '2.x',
  '-',
  '**Label**',
  'References Foo',
  '\u0000',
  '\uD800',
  'é',
  '\r\n',
  '\n|---|---|\n',
  '`',
  '> ',
  '    ',
  'ProductRecords.Status: 0 A, 0 B',
];

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  // A CRLF cut in half counts as two line ends for the editor as for the parser; offsets never split one (see below).
  return { line: before.length - 1, character: before.at(-1)!.length };
}

describe('random edit sequences (fast-check)', () => {
  it('the server answers every request and its diagnostics equal a fresh parse', async () => {
    const uri = uriOf('spec', 'lsp-robust-property.md');
    let text = SPEC;
    client.open(uri, text);
    await client.diagnostics(uri);
    const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 40 }), insert: fc.constantFrom(...FRAGMENTS) });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        for (const e of edits) {
          let start = e.at % (text.length + 1);
          let end = Math.min(text.length, start + e.remove);
          if (text[start - 1] === '\r' && text[start] === '\n') start--;
          if (text[end - 1] === '\r' && text[end] === '\n') end++;
          client.change(uri, [
            { range: { start: positionAt(text, start), end: positionAt(text, end) }, text: e.insert },
          ]);
          text = text.slice(0, start) + e.insert + text.slice(end);
        }
        expect(asParsed(await client.diagnostics(uri))).toEqual(freshParse(text));
        await askEverything(uri, positionAt(text, edits[0]!.at % (text.length + 1)));
      }),
      { numRuns: Number(process.env.LSP_FUZZ_RUNS ?? 25) },
    );
    // The last text, checked against the CLI itself.
    const dir = mkdtempSync(join(tmpdir(), 'lsp-property-'));
    writeFileSync(join(dir, 'spec.md'), text);
    // Diagnostics go to stderr as JSON whatever the exit status (1 with errors, 0 with warnings only).
    const cli = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      [
        '--conditions=@specgen/source',
        join(ROOT, 'packages/cli/src/main.ts'),
        'parse',
        'spec.md',
        '--quiet',
        '--format',
        'json',
      ],
      { cwd: dir, encoding: 'utf8' },
    ).stderr;
    const published = await client.diagnostics(uri);
    const fromCli = (JSON.parse(cli || '[]') as { line: number; column: number; code: string; message: string }[]).map(
      (d) => `${d.line}:${d.column} ${d.code} ${d.message}`,
    );
    // A file holds UTF-8: a lone surrogate the editor sent is U+FFFD on disk (one UTF-16 unit, like it).
    const wellFormed = (d: string) =>
      d.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
    expect(asParsed(published).map(wellFormed)).toEqual(fromCli);
    client.close(uri);
  }, 120_000);
});
