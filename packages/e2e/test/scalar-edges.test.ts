/**
 * The edges of each bounded scalar's range (Int32, Int64, TimeSpan), as fast-check generates
 * them, are accepted or refused alike by the three readers of the contract's wire facts:
 * - the published OpenAPI document (`@service-api/openapi`), checked by ajv 2020 on the field's schema;
 * - the generated zod validators (`@service-api/validators`, the scalar helpers its record schemas use);
 * - the generated server (`@service-api/server`), which takes the value as a `$filter` literal (and an
 *   Int64 also as a record Id in the path): 200 or 404 when it accepts it, 400 when it refuses it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceServer, loadSpec } from '@service-api/server';
import { int32, int64, timeSpan } from '@service-api/validators';
import {
  formatTicks,
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
  TIME_SPAN_MAX_TICKS,
  TIME_SPAN_MIN_TICKS,
} from '@specgen/contract';
import { hashPassword } from '@specgen/runtime-auth';
import { loadConfig } from '@specgen/runtime-server';
import { createUser, openStore, type Store } from '@specgen/runtime-store';

const spec = loadSpec();
const LIST = '/en/001.1/api/v1/Inventory/ProductRecords';
let dir: string;
let store: Store;
let app: Awaited<ReturnType<typeof createServiceServer>>;
let session: string;

const document = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@service-api/openapi/openapi.json'), 'utf8'),
);
const ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false });
ajv.addSchema(document, 'openapi.json');
/** The document's schema of a ProductRecord field, as a client validating with the document reads it. */
const documentAccepts = (field: string) =>
  ajv.compile({ $ref: `openapi.json#/components/schemas/ProductRecord/properties/${field}` });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'specgen-scalar-edges-'));
  store = await openStore(`sqlite:${join(dir, 'service.db')}`);
  const config = loadConfig({ SECRETS_KEY: randomBytes(32).toString('hex'), PORT: '0' }, spec, { dataDir: dir });
  app = await createServiceServer({ config, store, log: false });
  await createUser(store, {
    username: 'reader',
    passwordHash: await hashPassword('pw', { N: 1024, r: 8, p: 1 }),
    permissions: ['Show serial number'],
  });
  const login = await app.inject({
    method: 'POST',
    url: '/en/001.1/login',
    payload: { Username: 'reader', Password: 'pw' },
  });
  session = login.json().SessionId;
});

afterAll(async () => {
  await app?.close();
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Whether the server takes the text: 200/404 accepted, 400 refused; anything else fails the test. */
async function serverAccepts(url: string): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-service-sessionid': session } });
  if (res.statusCode !== 400 && res.statusCode !== 200 && res.statusCode !== 404)
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.statusCode !== 400;
}

const filter = (expression: string) => `${LIST}?$filter=${encodeURIComponent(expression)}`;

/** An integer within `spread` of one of the edges (or of zero). */
const nearEdges = (edges: bigint[], spread: number) =>
  fc
    .tuple(fc.constantFrom(...edges), fc.integer({ min: -spread, max: spread }))
    .map(([edge, offset]) => edge + BigInt(offset));

/** The same integer written with leading zeros, as JSON strings and filters may carry it. */
const withZeros = (value: bigint, zeros: number) =>
  value < 0n ? `-${'0'.repeat(zeros)}${-value}` : `${'0'.repeat(zeros)}${value}`;

const RUNS = { numRuns: 60 };

describe('values at the edges of a scalar range: document, validators and server agree', () => {
  it('Int32 (a JSON number; a $filter literal)', async () => {
    const edges = [BigInt(INT32_MIN), BigInt(INT32_MAX), 0n];
    const document = documentAccepts('WarrantyMonths');
    const validator = int32();
    await fc.assert(
      fc.asyncProperty(nearEdges(edges, 3), async (value) => {
        const n = Number(value);
        const byDocument = document(n);
        const byValidators = validator.safeParse(n).success;
        const byServer = await serverAccepts(filter(`WarrantyMonths eq ${value}`));
        expect({ value: String(value), byValidators, byServer }).toEqual({
          value: String(value),
          byValidators: byDocument,
          byServer: byDocument,
        });
      }),
      RUNS,
    );
  });

  it('Int64 (a JSON string, as the service writes it; a $filter literal and a record Id)', async () => {
    const edges = [INT64_MIN, INT64_MAX, 0n];
    const document = documentAccepts('Id');
    const validator = int64();
    await fc.assert(
      fc.asyncProperty(nearEdges(edges, 3), fc.nat(3), async (value, zeros) => {
        const text = withZeros(value, zeros);
        const byDocument = document(text);
        const byValidators = validator.safeParse(text).success;
        const byFilter = await serverAccepts(filter(`Id eq ${text}`));
        const byPath = await serverAccepts(`${LIST}/${text}`);
        expect({ text, byValidators, byFilter, byPath }).toEqual({
          text,
          byValidators: byDocument,
          byFilter: byDocument,
          byPath: byDocument,
        });
      }),
      RUNS,
    );
  });

  it('TimeSpan (ticks near TimeSpan.MinValue and MaxValue, written in the short and the full form)', async () => {
    const edges = [TIME_SPAN_MIN_TICKS, TIME_SPAN_MAX_TICKS, 0n];
    const document = documentAccepts('OperationTime');
    const validator = timeSpan();
    // Offsets up to a few seconds either side, so that every field of the text moves near an edge.
    const ticks = fc.oneof(nearEdges(edges, 3), nearEdges(edges, 50_000_000));
    await fc.assert(
      fc.asyncProperty(ticks, fc.boolean(), fc.nat(2), async (value, short, zeros) => {
        const text = timeSpanText(value, short, zeros);
        const byDocument = document(text);
        const byValidators = validator.safeParse(text).success;
        const byServer = await serverAccepts(filter(`OperationTime eq '${text}'`));
        expect({ text, byValidators, byServer }).toEqual({ text, byValidators: byDocument, byServer: byDocument });
      }),
      RUNS,
    );
  });

  it('refuses one past each end and accepts each end, everywhere', async () => {
    const cases: Array<[field: string, literal: string, value: unknown, ok: boolean]> = [
      ['WarrantyMonths', String(INT32_MAX), INT32_MAX, true],
      ['WarrantyMonths', String(INT32_MAX + 1), INT32_MAX + 1, false],
      ['Id', String(INT64_MIN), String(INT64_MIN), true],
      ['Id', String(INT64_MIN - 1n), String(INT64_MIN - 1n), false],
      ['OperationTime', "'10675199.02:48:05.4775807'", '10675199.02:48:05.4775807', true],
      ['OperationTime', "'10675199.02:48:05.4775808'", '10675199.02:48:05.4775808', false],
      ['OperationTime', "'-10675199.02:48:05.4775808'", '-10675199.02:48:05.4775808', true],
      ['OperationTime', "'99999999.00:00:00'", '99999999.00:00:00', false],
    ];
    const validators: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
      WarrantyMonths: int32(),
      Id: int64(),
      OperationTime: timeSpan(),
    };
    for (const [field, literal, value, ok] of cases) {
      const seen = {
        document: documentAccepts(field)(value),
        validators: validators[field]!.safeParse(value).success,
        server: await serverAccepts(filter(`${field} eq ${literal}`)),
      };
      expect(seen, `${field} ${literal}`).toEqual({ document: ok, validators: ok, server: ok });
    }
  });
});

/** `[-]d.hh:mm:ss.fffffff`, or with `short` the fraction's trailing zeros (and a zero day count) left out; `zeros` leading zeros on the days. */
function timeSpanText(ticks: bigint, short: boolean, zeros: number): string {
  const full = formatTicks(ticks);
  const [, sign, days, time, fraction] = /^(-?)(\d+)\.(\d{2}:\d{2}:\d{2})\.(\d{7})$/.exec(full)!;
  const padded = `${'0'.repeat(zeros)}${days}`;
  if (!short) return `${sign}${padded}.${time}.${fraction}`;
  const trimmed = fraction!.replace(/0+$/, '');
  return `${sign}${days === '0' && zeros === 0 ? '' : `${padded}.`}${time}${trimmed ? `.${trimmed}` : ''}`;
}
