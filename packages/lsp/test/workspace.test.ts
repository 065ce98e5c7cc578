/**
 * The server in a throwaway git repository: code lenses with the changes against a ref (the diff
 * package's severities), the lens command, `baseRef`, `specgen.config.json` `spec`, and a spec
 * file deleted while it is open. One server for the file.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CodeLensRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ExitNotification,
  ExecuteCommandRequest,
  HoverRequest,
  type CodeLens,
  type Hover,
} from 'vscode-languageserver-protocol';
import { diffSpecs } from '@specgen/diff';
import { specRepo, type TempRepo } from '@specgen/diff/testing';
import { parseSpec } from '@specgen/parser';
import { ROOT, startClient, type LspClient } from './client.ts';

const OLD = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
/** Removes ProductRecords.SerialNumber (breaking), makes ChargeNumber nullable, adds a Schedules field. */
const NEW = OLD.replace('| SerialNumber | String | Batch or serial number. | - |\n', '')
  .replace('| ChargeNumber | String | Charge number. | - |', '| ChargeNumber | String? | Charge number. | - |')
  .replace(
    '| BlockMessage | Comments | Expandable. | 24.4 |',
    '| BlockMessage | Comments | Expandable. | 24.4 |\n| Color | String | Colour. | 26.8 |',
  );

let repo: TempRepo;
let client: LspClient;
let uri: string;
const lenses = async () =>
  (await client.connection.sendRequest(CodeLensRequest.method, { textDocument: { uri } })) as CodeLens[];
const lensOn = (all: CodeLens[], line: string) => all.find((l) => l.range.start.line === NEW.split('\n').indexOf(line));

beforeAll(async () => {
  repo = specRepo(OLD, NEW);
  repo.git('tag', 'v1', 'origin/main');
  writeFileSync(join(repo.dir, 'specgen.config.json'), JSON.stringify({ spec: ['spec/service-api.md', 'api/*.md'] }));
  ({ client } = await startClient({ root: repo.dir }));
  uri = pathToFileURL(join(repo.dir, 'spec/service-api.md')).href;
  client.open(uri, NEW);
  expect(await client.diagnostics(uri)).toEqual([]);
});
afterAll(async () => {
  expect(await client.stop()).toBe(0);
  repo.remove();
});

describe('code lenses against a git ref', () => {
  it('counts the changes per resource with the diff package severities', async () => {
    const changes = diffSpecs(
      parseSpec(OLD, 'spec/service-api.md').spec,
      parseSpec(NEW, 'spec/service-api.md').spec,
    ).changes;
    const breaking = changes.filter((c) => c.resource === 'ProductRecords' && c.severity === 'breaking').length;
    expect(breaking).toBe(2);
    const all = await lenses();
    expect(lensOn(all, '### ProductRecords')?.command?.title).toBe('2 breaking changes vs origin/main');
    expect(lensOn(all, '### Schedules')?.command?.title).toBe('1 warning, 1 other change vs origin/main');
    expect(lensOn(all, '### SupplierPartLinks')?.command?.title).toBe('no changes vs origin/main');
    expect(lensOn(all, '**LoginRequest** (JSON body of the OIDC initiate request)')?.command?.title).toBe(
      'no changes vs origin/main',
    );
    expect(all[0]?.range.start.line).toBe(0);
    expect(all[0]?.command?.arguments?.[0].changes).toHaveLength(changes.length);
  });

  it('opens the list: the command shows and returns the changes', async () => {
    const lens = lensOn(await lenses(), '### ProductRecords')!;
    const list = (await client.connection.sendRequest(ExecuteCommandRequest.method, {
      command: lens.command!.command,
      arguments: lens.command!.arguments,
    })) as {
      subject: string;
      changes: { severity: string; message: string }[];
    };
    expect(list.subject).toBe('ProductRecords');
    expect(list.changes.map((c) => c.severity)).toEqual(['breaking', 'breaking']);
    expect(list.changes.map((c) => c.message).join('\n')).toMatch(/SerialNumber/);
    await expect.poll(() => client.messages.find((m) => m.startsWith('ProductRecords:'))).toMatch(/SerialNumber/);
  });

  it('follows the baseRef setting, and says so when the ref is unknown', async () => {
    client.settings = { baseRef: 'v1' };
    void client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { specgen: client.settings },
    });
    await expect
      .poll(async () => lensOn(await lenses(), '### ProductRecords')?.command?.title)
      .toBe('2 breaking changes vs v1');
    client.settings = { baseRef: 'no-such-ref' };
    void client.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { specgen: client.settings },
    });
    await expect
      .poll(async () => (await lenses())[0]?.command?.title)
      .toBe('no comparison: spec/service-api.md is not readable at no-such-ref');
    client.settings = {};
    void client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { specgen: {} } });
    await expect
      .poll(async () => lensOn(await lenses(), '### ProductRecords')?.command?.title)
      .toBe('2 breaking changes vs origin/main');
  });
});

describe('the workspace', () => {
  it('serves the files specgen.config.json names, and nothing else', async () => {
    const api = pathToFileURL(join(repo.dir, 'api/extra.md')).href;
    const other = pathToFileURL(join(repo.dir, 'spec/other.md')).href;
    const broken = NEW.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |');
    client.open(other, broken);
    client.open(api, broken);
    expect((await client.diagnostics(api)).map((d) => d.code)).toEqual(['unknown-type']);
    expect(client.published.some((p) => p.uri === other)).toBe(false);
    client.close(api);
    client.close(other);
  });

  it('reads specgen.config.json again when it changes', async () => {
    const later = pathToFileURL(join(repo.dir, 'spec/later.md')).href;
    client.open(later, NEW.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |'));
    const config = join(repo.dir, 'specgen.config.json');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, JSON.stringify({ spec: ['spec/*.md', 'api/*.md'] }));
    void client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(config).href, type: 2 }],
    });
    expect((await client.diagnostics(later, () => true)).map((d) => d.code)).toEqual(['unknown-type']);
    writeFileSync(config, before);
    void client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: pathToFileURL(config).href, type: 2 }],
    });
    expect(await client.diagnostics(later, (p) => p.diagnostics.length === 0)).toEqual([]);
    client.close(later);
  });

  it('without a workspace folder, serves the specs of the folder it was started in', async () => {
    const { client: single } = await startClient({ root: repo.dir, noFolders: true });
    const api = pathToFileURL(join(repo.dir, 'api/single.md')).href;
    single.open(api, NEW.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |'));
    expect((await single.diagnostics(api)).map((d) => d.code)).toEqual(['unknown-type']);
    // `exit` without `shutdown` first: status 1, as the protocol asks.
    void single.connection.sendNotification(ExitNotification.type);
    expect(await single.exited).toBe(1);
    single.connection.dispose();
  });

  it('keeps serving a spec whose file is deleted while open', async () => {
    mkdirSync(join(repo.dir, 'api'), { recursive: true });
    const path = join(repo.dir, 'api/gone.md');
    writeFileSync(path, NEW);
    const gone = pathToFileURL(path).href;
    client.open(gone, NEW);
    expect(await client.diagnostics(gone)).toEqual([]);
    rmSync(path);
    void client.connection.sendNotification(DidChangeWatchedFilesNotification.type, {
      changes: [{ uri: gone, type: 3 }],
    });
    client.replace(gone, NEW.replace('| Chargeable | Boolean |', '| Chargeable | Bolean |'));
    expect((await client.diagnostics(gone)).map((d) => d.code)).toEqual(['unknown-type']);
    const hover = (await client.connection.sendRequest(HoverRequest.method, {
      textDocument: { uri: gone },
      position: { line: NEW.split('\n').indexOf('### Schedules'), character: 5 },
    })) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('Schedules');
    const lens = (await client.connection.sendRequest(CodeLensRequest.method, {
      textDocument: { uri: gone },
    })) as CodeLens[];
    expect(lens[0]?.command?.title).toMatch(/^no comparison: api\/gone.md is not readable at origin\/main$/);
    client.close(gone);
  });
});
