/**
 * Hover, completion, definition, references, rename, symbols, folding and formatting over a real LSP
 * connection, on the real spec and on a spec with errors. One server for the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  type CompletionItem,
  type DocumentSymbol,
  type Hover,
  type Location,
  type Position,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { formatSpecText, parseSpec } from '@specgen/parser';
import { ROOT, startClient, uriOf, type LspClient } from './client.ts';
import { applyEdits } from './edits.ts';

const SPEC = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
const IR = parseSpec(SPEC, 'spec/service-api.md').spec;
const uri = uriOf('spec', 'lsp-features-test.md');

/** Position of `word` on the first line that starts with `lineStart` (plus `offset` characters into the word). */
function at(text: string, lineStart: string, word: string, offset = 1): Position {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith(lineStart));
  const character = lines[line]!.indexOf(word, lineStart.length > word.length ? 0 : 0);
  if (line < 0 || character < 0) throw new Error(`no "${word}" on a line starting "${lineStart}"`);
  return { line, character: character + offset };
}
const lineOf = (text: string, start: string) => text.split('\n').findIndex((l) => l.startsWith(start));
const withoutSources = (v: unknown) =>
  JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'source' ? undefined : x))) as unknown;

let client: LspClient;
const request = <R>(type: { method: string }, params: object) =>
  client.connection.sendRequest(type.method, params) as Promise<R>;
const hoverAt = async (p: Position) =>
  (
    (await request<Hover | null>(HoverRequest.type, { textDocument: { uri }, position: p }))?.contents as
      | { value: string }
      | undefined
  )?.value ?? '';
const complete = async (p: Position) =>
  (await request<CompletionItem[]>(CompletionRequest.type, { textDocument: { uri }, position: p })).map((i) => i.label);

beforeAll(async () => {
  ({ client } = await startClient());
  client.open(uri, SPEC);
  expect(await client.diagnostics(uri)).toEqual([]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
});

describe('hover', () => {
  it('on a field: type, nullability, since, obsolete, path, permission and the generated names', async () => {
    const text = await hoverAt(at(SPEC, '| CustomerOrderPartRevisionId |', 'CustomerOrderPartRevisionId'));
    for (const part of [
      '`Int64?`',
      'nullable',
      'Since: 2.51',
      'Obsolete since 24.1; replaced by PartRevisionId',
      'References Revisions',
      'Inventory/ProductRecords',
      '"Show serial number"',
      "`ProductRecord['CustomerOrderPartRevisionId']`",
      '`ProductRecordSchema`',
      '#/components/schemas/ProductRecord',
    ])
      expect(text).toContain(part);
  });

  it('on a resource heading: path, permission and field count', async () => {
    const text = await hoverAt(at(SPEC, '### Schedules', 'Schedules'));
    const schedules = IR.resources.find((r) => r.name === 'Schedules')!;
    expect(text).toContain(`GET /{languageCode}/{companyNumber}/api/v1/TimeRecording/Schedules`);
    expect(text).toContain('Permission: Show basic data for attendance');
    expect(text).toContain(`Fields: ${schedules.fields.length}`);
  });

  it('on a structure: where it is used', async () => {
    const text = await hoverAt(at(SPEC, '**LoginResponse**', 'LoginResponse', 3));
    expect(text).toContain('success response of GET /{languageCode}/{companyNumber}/login/oidc/callback');
    expect(text).toContain('success response of POST /{languageCode}/{companyNumber}/login/totp');
  });
});

describe('completion', () => {
  it('in a type cell: scalars, structures, resources and referenced names, then ? and []', async () => {
    const labels = await complete(at(SPEC, '| Chargeable |', 'Boolean', 3));
    for (const name of ['Int64', 'TimeSpan', 'LoginRequest', 'ProductRecords', 'Comments', 'Parts'])
      expect(labels).toContain(name);
    const full = await complete(at(SPEC, '| Chargeable |', 'Boolean', 'Boolean'.length));
    expect(full.slice(0, 3)).toEqual(['Boolean?', 'Boolean[]', 'Boolean[]?']);
  });

  it('in a Since cell: the versions of the spec, newest first', async () => {
    const labels = await complete(at(SPEC, '| Brand | String |', '2.47', 2));
    expect(labels[0]).toBe(IR.newestVersion);
    expect(new Set(labels)).toEqual(new Set([...IR.versions, '-']));
  });

  it('in Notes: References <Resource>', async () => {
    const labels = await complete(at(SPEC, '| Chargeable |', 'Whether', 0));
    expect(labels).toContain('References ProductRecords');
    expect(labels).toContain('References Comments');
  });

  it('in the read-resources table: the permission names', async () => {
    const labels = await complete(at(SPEC, '| Purchase/SupplierPartLinks |', 'Show supplier', 2));
    expect(labels).toEqual([...new Set(IR.resources.map((r) => r.permission!))].sort());
  });
});

describe('definition and references', () => {
  const definitionAt = (p: Position) =>
    request<Location[]>(DefinitionRequest.type, { textDocument: { uri }, position: p });

  it('goes from a structure name in the endpoints table to its bold label', async () => {
    const [loc] = await definitionAt(
      at(SPEC, '| POST | /{languageCode}/{companyNumber}/login/oidc?', 'LoginRequest', 2),
    );
    expect(loc?.range.start.line).toBe(lineOf(SPEC, '**LoginRequest**'));
  });

  it('from "replaced by PartRevisionId" to the field, and from References to the resource', async () => {
    const [field] = await definitionAt(at(SPEC, '| CustomerOrderPartRevisionId |', 'by PartRevisionId', 5));
    expect(field?.range.start.line).toBe(lineOf(SPEC, '| PartRevisionId |'));
    const [resource] = await definitionAt(at(SPEC, '| OvertimeScheduleId |', 'references Schedules', 13));
    expect(resource?.range.start.line).toBe(lineOf(SPEC, '### Schedules'));
  });

  it("from an error table's heading to the endpoints and commands it applies to", async () => {
    const locations = await definitionAt(at(SPEC, '### TOTP login and device registration', 'TOTP'));
    expect(locations.map((l) => l.range.start.line).sort((a, b) => a - b)).toEqual(
      [
        lineOf(SPEC, '| POST | /{languageCode}/{companyNumber}/login/totp'),
        lineOf(SPEC, '| SetMultiFactorAuthenticationDevice |'),
      ].sort((a, b) => a - b),
    );
  });

  it('lists every reference of a structure, with or without its declaration', async () => {
    const p = at(SPEC, '**LoginResponse**', 'LoginResponse', 3);
    const all = await request<Location[]>(ReferencesRequest.type, {
      textDocument: { uri },
      position: p,
      context: { includeDeclaration: true },
    });
    const uses = await request<Location[]>(ReferencesRequest.type, {
      textDocument: { uri },
      position: p,
      context: { includeDeclaration: false },
    });
    expect(all.length).toBe(uses.length + 1);
    const lines = SPEC.split('\n');
    for (const l of uses)
      expect(lines[l.range.start.line]!.slice(l.range.start.character, l.range.end.character)).toBe('LoginResponse');
    const expected = lines.flatMap((l, i) =>
      i === lineOf(SPEC, '**LoginResponse**') ? [] : [...l.matchAll(/\bLoginResponse\b/g)].map(() => i),
    );
    expect(uses.map((l) => l.range.start.line).sort((a, b) => a - b)).toEqual(expected);
  });
});

describe('rename', () => {
  const renameAt = async (text: string, p: Position, newName: string) => {
    const edit = await request<WorkspaceEdit>(RenameRequest.type, { textDocument: { uri }, position: p, newName });
    return applyEdits(text, edit.changes![uri]!);
  };

  it('of a field updates its row, "replaced by" notes and the Versioning statement', async () => {
    const p = at(SPEC, '| PartRevisionId |', 'PartRevisionId');
    expect(await request(PrepareRenameRequest.type, { textDocument: { uri }, position: p })).toMatchObject({
      placeholder: 'PartRevisionId',
    });
    const renamed = await renameAt(SPEC, p, 'PartRevisionKey');
    const { spec, diagnostics } = parseSpec(renamed, 'x');
    expect(diagnostics).toEqual([]);
    const records = spec.resources.find((r) => r.name === 'ProductRecords')!;
    expect(records.fields.map((f) => f.name)).toContain('PartRevisionKey');
    expect(records.fields.map((f) => f.name)).not.toContain('PartRevisionId');
    expect(records.fields.find((f) => f.name === 'CustomerOrderPartRevisionId')!.obsolete).toMatchObject({
      replacedBy: 'PartRevisionKey',
    });
    expect(spec.versioning.find((v) => v.rule === 'obsolete')).toMatchObject({ replacedBy: 'PartRevisionKey' });
  });

  it('of a structure updates the label, the endpoints and every mention', async () => {
    const renamed = await renameAt(SPEC, at(SPEC, '**LoginRequest**', 'LoginRequest', 3), 'SignInRequest');
    const { spec, diagnostics } = parseSpec(renamed, 'x');
    expect(diagnostics).toEqual([]);
    expect(spec.structures.map((s) => s.name)).toEqual(
      IR.structures.map((s) => (s.name === 'LoginRequest' ? 'SignInRequest' : s.name)),
    );
    expect(spec.endpoints.map((e) => e.body)).toEqual(
      IR.endpoints.map((e) => (e.body === 'LoginRequest' ? 'SignInRequest' : e.body)),
    );
    expect(spec.structures.find((s) => s.name === 'SignInRequest')!.openEnded).toBe(true);
    expect(renamed).not.toMatch(/\bLoginRequest\b/);
  });

  it('of a structure known by its label renames the label and the "JSON <label>" payloads', async () => {
    const renamed = await renameAt(SPEC, at(SPEC, '**Device secret response**', 'Device', 3), 'DeviceSecret');
    const { spec, diagnostics } = parseSpec(renamed, 'x');
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual([]);
    expect(spec.commands.find((c) => c.name === 'GetMultiFactorDeviceSecret')!.response).toBe('DeviceSecret');
  });

  it('refuses a name a field of the same owner has', async () => {
    await expect(
      request(RenameRequest.type, {
        textDocument: { uri },
        position: at(SPEC, '| PartRevisionId |', 'PartRevisionId'),
        newName: 'PartId',
      }),
    ).rejects.toThrow(/already has a field PartId/);
  });
});

describe('symbols and folding', () => {
  it('nests sections, then resources and structures, then fields', async () => {
    const symbols = await request<DocumentSymbol[]>(DocumentSymbolRequest.type, { textDocument: { uri } });
    const title = symbols[0]!;
    expect(title.name).toBe(IR.title);
    const resources = title.children!.find((s) => s.name === 'Resources and their fields')!;
    const records = resources.children!.find((s) => s.name === 'ProductRecords')!;
    expect(records.children!.map((f) => f.name)).toEqual(
      IR.resources.find((r) => r.name === 'ProductRecords')!.fields.map((f) => f.name),
    );
    const structures = resources.children!.find((s) => s.name === 'Sign-in structures')!;
    expect(structures.children!.map((s) => s.name)).toEqual(IR.structures.map((s) => s.name));
    expect(title.children!.map((s) => s.name)).toContain('Errors');
  });

  it('folds every section and every table', async () => {
    const ranges = await request<{ startLine: number; endLine: number }[]>(FoldingRangeRequest.type, {
      textDocument: { uri },
    });
    const header = lineOf(SPEC, '| Path tail | Required permission |');
    expect(ranges).toContainEqual(expect.objectContaining({ startLine: header, endLine: header + 7 }));
    expect(ranges).toContainEqual(expect.objectContaining({ startLine: lineOf(SPEC, '### Schedules') }));
  });
});

describe('formatting', () => {
  it('aligns every table, is idempotent, equals specgen format and keeps the IR apart from positions', async () => {
    const edits = await request<TextEdit[]>(DocumentFormattingRequest.type, {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(edits.length).toBeGreaterThan(0);
    const formatted = applyEdits(SPEC, edits);
    expect(formatted).toBe(formatSpecText(SPEC));
    expect(formatted.replace(/[ \t]+/g, '').replace(/-+/g, '-')).toBe(SPEC.replace(/[ \t]+/g, '').replace(/-+/g, '-'));
    const rows = formatted.split('\n');
    const table = rows.slice(lineOf(formatted, '| Name '), lineOf(formatted, '| Name ') + 40);
    const pipes = (l: string) => [...l.matchAll(/\|/g)].map((m) => m.index);
    for (const row of table) expect(pipes(row)).toEqual(pipes(table[0]!));
    expect(withoutSources(parseSpec(formatted, 'x').spec)).toEqual(withoutSources(parseSpec(SPEC, 'x').spec));
    client.replace(uri, formatted);
    expect(await client.diagnostics(uri)).toEqual([]);
    expect(
      await request<TextEdit[]>(DocumentFormattingRequest.type, {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true },
      }),
    ).toEqual([]);
    client.replace(uri, SPEC);
    expect(await client.diagnostics(uri)).toEqual([]);
  });
});

describe('a spec with errors', () => {
  const broken = SPEC.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |')
    .replace('| Brand | String | Brand of the link. | 2.47 |', '| Brand | String | Brand of the link. |')
    .replace(
      '| Code | String | Human readable identifier. | - |',
      '| Code | String | Human readable identifier. | - |\n| Code | String | again | - |',
    );
  const errors = uriOf('spec', 'lsp-features-errors.md');

  it('still answers hover, completion, symbols and definition', async () => {
    client.open(errors, broken);
    const diagnostics = await client.diagnostics(errors);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['duplicate-field', 'table-missing-cell', 'unknown-type']);
    const hover = (await client.connection.sendRequest(HoverRequest.method, {
      textDocument: { uri: errors },
      position: at(broken, '| Chargeable |', 'Chargeable'),
    })) as Hover;
    expect((hover.contents as { value: string }).value).toContain('`Bolean`');
    const labels = (await client.connection.sendRequest(CompletionRequest.method, {
      textDocument: { uri: errors },
      position: at(broken, '| Chargeable |', 'Bolean', 3),
    })) as CompletionItem[];
    expect(labels.map((i) => i.label)).toContain('Boolean');
    const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.method, {
      textDocument: { uri: errors },
    })) as DocumentSymbol[];
    expect(symbols.length).toBe(1);
    client.close(errors);
  });
});
