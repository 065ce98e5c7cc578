/** The spec's IR against the golden file (RECORD=1 rewrites it; a stale or missing golden fails). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Spec } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../src/index.ts';
import { toStableJson } from '../src/json.ts';
import { specText } from './helpers.ts';

const GOLDEN = fileURLToPath(new URL('./golden/service-api.ir.json', import.meta.url));
const FILE = 'spec/service-api.md';

describe('golden IR of spec/service-api.md', () => {
  const { spec, diagnostics } = parseSpec(specText(), FILE);
  const json = toStableJson(spec);

  it('parses without diagnostics and validates against the IR schema', () => {
    expect(diagnostics).toEqual([]);
    expect(() => Spec.parse(spec)).not.toThrow();
  });

  it('matches the golden file', () => {
    if (process.env.RECORD === '1') writeFileSync(GOLDEN, json);
    expect(existsSync(GOLDEN), 'golden missing: run RECORD=1 pnpm vitest run packages/parser').toBe(true);
    expect(json, 'golden stale: run RECORD=1 pnpm vitest run packages/parser').toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it('gives byte-identical output for the same input', () => {
    expect(toStableJson(parseSpec(specText(), FILE).spec)).toBe(json);
  });
});

describe('statements of the spec in the IR', () => {
  const { spec } = parseSpec(specText(), FILE);
  const resource = (name: string) => spec.resources.find((r) => r.name === name)!;
  const field = (r: string, f: string) => resource(r).fields.find((x) => x.name === f)!;

  it('reads resources with area, path, permission, GUID in lower case and introduced version', () => {
    expect(spec.resources.map((r) => r.name)).toEqual([
      'ProductRecords',
      'ManufacturingOrderOperations',
      'SupplierPartLinks',
      'Schedules',
      'CaseEntryActivities',
      'CustomerOrderRowInflows',
    ]);
    const pr = resource('ProductRecords');
    expect(pr).toMatchObject({
      area: 'Inventory',
      path: 'Inventory/ProductRecords',
      permission: 'Show serial number',
      introduced: '2.18',
      queryable: true,
      hasSinceColumn: true,
    });
    expect(resource('ManufacturingOrderOperations').typeGuid).toBe('c1a9916e-607f-4720-9941-eec496c92e2d');
    expect(resource('CaseEntryActivities').hasSinceColumn).toBe(false);
    expect(pr.source).toEqual({ file: FILE, line: 60, column: 5 });
  });

  it('decomposes field types, notes, enumerations and versions', () => {
    expect(field('ProductRecords', 'CommentId').type).toEqual({
      text: 'Int64?',
      base: { kind: 'scalar', scalar: 'Int64' },
      nullable: true,
      array: false,
    });
    expect(field('ProductRecords', 'ExtraFields')).toMatchObject({
      expandable: true,
      type: { array: true, base: { kind: 'ref', target: 'ExtraFields', known: false } },
    });
    expect(field('ProductRecords', 'OwnerId').references).toBe('Customers');
    expect(field('ProductRecords', 'ManufacturerPartNumber').maxLength).toBe(50);
    expect(field('ProductRecords', 'CustomerOrderPartRevisionId').obsolete).toMatchObject({
      since: '24.1',
      replacedBy: 'PartRevisionId',
    });
    const status = field('ProductRecords', 'Status').enumeration!;
    expect(status.origin).toBe('statuses');
    expect(status.values.map((v) => `${v.value} ${v.name}`)).toContain('1 Registrered');
    expect(status.values.at(-1)).toMatchObject({ value: 9, name: 'Historical' });
    expect(field('ProductRecords', 'BlockContext').enumeration).toMatchObject({ bitmask: true, origin: 'notes' });
    expect(field('ProductRecords', 'BlockContext').enumeration!.values.map((v) => v.value)).toEqual([
      0, 1, 2, 4, 8, 16,
    ]);
    expect(field('CaseEntryActivities', 'Id').since).toBeNull();
    expect(spec.versions.slice(0, 3)).toEqual(['2.18', '2.24', '2.27']);
    expect(spec.versions.indexOf('2.9')).toBe(-1);
    expect(spec.newestVersion).toBe('26.8');
  });

  it('reads the sign-in structures, endpoints and commands', () => {
    expect(spec.structures.map((s) => [s.name, s.openEnded])).toEqual([
      ['LoginRequest', true],
      ['LoginResponse', true],
      ['DeviceSecretResponse', false],
      ['TotpLoginRequest', false],
    ]);
    expect(spec.structures[3]!.fields[1]!.type).toMatchObject({
      text: 'Integer',
      base: { kind: 'scalar', scalar: 'Int32' },
    });
    const [initiate, callback, totp] = spec.endpoints;
    expect(initiate).toMatchObject({
      id: 'oidcInitiate',
      method: 'POST',
      path: '/{languageCode}/{companyNumber}/login/oidc',
      query: [{ name: 'redirectUrl', required: true }],
      body: 'LoginRequest',
      since: '25.8',
    });
    expect(initiate!.success).toMatchObject({ status: 200, contentType: 'text/plain' });
    expect(callback).toMatchObject({
      id: 'oidcCallback',
      method: 'GET',
      body: null,
      since: '25.8',
      success: { contentType: 'application/json', body: 'LoginResponse' },
    });
    expect(callback!.query).toEqual([
      { name: 'code', required: true },
      { name: 'state', required: true },
    ]);
    expect(totp).toMatchObject({
      id: 'totpLogin',
      body: 'TotpLoginRequest',
      since: null,
      headers: ['Content-Type', 'Accept', 'Cache-Control'],
    });
    expect(spec.commands[0]).toMatchObject({
      name: 'GetMultiFactorDeviceSecret',
      response: 'DeviceSecretResponse',
      responseHeaders: ['X-Service-SessionId'],
    });
  });

  it('reads errors, limits, transitions, versioning and unknowns', () => {
    expect(spec.errorTables.map((t) => t.appliesTo)).toEqual([
      ['oidcInitiate'],
      ['oidcCallback'],
      ['totpLogin', 'SetMultiFactorAuthenticationDevice'],
    ]);
    expect(spec.errorTables[2]!.cases[0]).toMatchObject({
      status: 410,
      body: 'Login failed',
      condition: 'MfaToken wrong or expired.',
    });
    expect(spec.limits[0]).toMatchObject({ id: 'mfaTokenValidity', value: { kind: 'duration', milliseconds: 90_000 } });
    expect(spec.limits[1]).toMatchObject({
      id: 'manufacturerPartNumberLength',
      value: { kind: 'maxLength', value: 50 },
    });
    expect(spec.transitions.map((t) => t.status)).toEqual([null, null, 200, null, 410, 401, null, null, 400]);
    expect(spec.versioning.map((v) => v.rule)).toEqual(['apiSegment', 'endpointsFrom', 'note', 'obsolete']);
    expect(spec.unknowns.map((u) => u.id)).toEqual(
      expect.arrayContaining([
        'structures.LoginRequest.fields',
        'commands.methodPath',
        'read.queryOptions',
        'read.responseShape',
        'limits.pageSize',
        'limits.throttling',
        'limits.oidcFlowLifetime',
        'session.lifetime',
        'events',
        'errors.oidcBody',
      ]),
    );
    expect(spec.unknowns).toHaveLength((specText().match(/not shown/g) ?? []).length);
    expect(spec.readPathPrefix).toBe('/{languageCode}/{companyNumber}/api/v1');
  });
});
