/**
 * The generated client, built with tsc from the real spec and driven through a fake fetch:
 * requests (paths, query options, headers, bodies), session handling, lossless decoding,
 * validation and typed errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { parseSpecFile } from '@specgen/parser';
import { generateWorkspace, tsc } from './workspace.ts';

const { spec } = parseSpecFile(fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url)));
let ws: ReturnType<typeof generateWorkspace>;
let lib: any;
let built: Record<string, { status: number; output: string }>;

interface Call {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch answering from a route table; records every call. */
function fakeFetch(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${url.pathname}`;
    const handler = routes[key];
    return handler ? handler(call) : new Response(JSON.stringify(`no route ${key}`), { status: 404 });
  };
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });
const text = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers });
const BASE = '/en/001.1';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A full Schedule as a client holds it (Int64 as bigint, one beyond 2^53). */
const scheduleRecord = {
  Id: 380497447683684471n,
  Code: 'S1',
  Description: 'Day',
  ScheduleLength: 8n,
  Start: 0n,
  End: 8n,
  OvertimeScheduleId: 9007199254740993n,
  FlexInStart: null,
  FlexInEnd: null,
  FlexOutStart: null,
  FlexOutEnd: null,
  IsNightSchedule: false,
  Type: 1,
  AmountSwh: null,
  ScheduleNumberForExport: 'E',
  BlockedContextType: 0,
  BlockedById: null,
  BlockedFromDate: null,
  BlockedToDate: '2024-02-29T23:59:59+01:00',
  BlockedStatus: 0,
  BlockMessageId: null,
  BlockMessage: null,
};

function client(routes: Record<string, (call: Call) => Response>, extra: Record<string, unknown> = {}) {
  const fake = fakeFetch(routes);
  return {
    c: lib.createClient({
      baseUrl: 'http://127.0.0.1:8001',
      languageCode: 'en',
      companyNumber: '001.1',
      fetch: fake.fetch,
      ...extra,
    }),
    calls: fake.calls,
  };
}

beforeAll(() => {
  ws = generateWorkspace(spec);
  built = {};
  for (const target of ['types', 'validators', 'openapi', 'client']) built[target] = tsc(join(ws.dir, target));
}, 180_000);
afterAll(() => ws?.dispose());

describe('generated client (real spec, newest version)', () => {
  it('compiles with tsc to JavaScript and declarations without errors (client and openapi)', async () => {
    expect(built.client!.output).toBe('');
    expect(built.client!.status).toBe(0);
    expect(built.openapi!.output).toBe('');
    const openapi = await import(pathToFileURL(join(ws.dir, 'openapi/dist/index.js')).href);
    expect(openapi.default.openapi).toBe('3.1.0');
    expect(openapi.operations.listProductRecords.method).toBe('GET');
    lib = await import(pathToFileURL(join(ws.dir, 'client/dist/index.js')).href);
    expect(typeof lib.createClient).toBe('function');
    expect(lib.serviceVersion).toBe('26.8');
  });

  it('credential login keeps the SessionId and sends it in X-Service-SessionId', async () => {
    const { c, calls } = client({
      [`POST ${BASE}/login`]: () =>
        json({ $id: '1', SessionId: '8c7e0d5a-0000-4000-8000-000000000001', MfaToken: null }),
      [`GET ${BASE}/api/v1/TimeRecording/Schedules`]: () => json([]),
    });
    const res = await c.login({ Username: 'demo', Password: 'pw', ForceRelogin: true });
    expect(res.SessionId).toBe('8c7e0d5a-0000-4000-8000-000000000001');
    expect(calls[0]!.body).toEqual({ Username: 'demo', Password: 'pw', ForceRelogin: true });
    expect(calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.headers['X-Service-SessionId']).toBeUndefined();
    await c.schedules.list();
    expect(calls[1]!.headers['X-Service-SessionId']).toBe('8c7e0d5a-0000-4000-8000-000000000001');
  });

  it('MFA: no session until totpLogin; a text code is sent as the JSON integer', async () => {
    const { c, calls } = client({
      [`POST ${BASE}/login`]: () => json({ $id: '1', SessionId: null, MfaToken: 'tok' }),
      [`POST ${BASE}/login/totp`]: () =>
        json({ SessionId: 's-2', MfaToken: null }, 200, { 'X-Service-SessionId': 's-2' }),
    });
    const first = await c.login({ Username: 'mfa', Password: 'pw', ForceRelogin: false });
    expect(first.MfaToken).toBe('tok');
    expect(c.sessionId).toBeNull();
    await c.totpLogin({ MfaToken: 'tok', Code: '012345' });
    expect(calls[1]!.body).toEqual({ MfaToken: 'tok', Code: 12345 });
    expect(calls[1]!.headers['Cache-Control']).toBe('no-cache');
    expect(c.sessionId).toBe('s-2');
    await expect(c.totpLogin({ MfaToken: 'tok', Code: '12a' })).rejects.toThrow(RangeError);
  });

  it('error answers are ServiceErrors with status and the JSON string body; query values stay out of messages', async () => {
    const { c } = client({
      [`POST ${BASE}/login`]: () => json('User login failed', 403),
      [`POST ${BASE}/login/totp`]: () => json('Login failed', 410),
      [`GET ${BASE}/login/oidc/callback`]: () => json('', 400),
    });
    const err = await c.login({ Username: 'x', Password: 'y', ForceRelogin: false }).catch((e: unknown) => e);
    expect(lib.isServiceError(err, 403)).toBe(true);
    expect(err.body).toBe('User login failed');
    expect(err.text).toBe('User login failed');
    const gone = await c.totpLogin({ MfaToken: 't', Code: 1 }).catch((e: unknown) => e);
    expect([gone.status, gone.body]).toEqual([410, 'Login failed']);
    const cb = await c.oidcCallback({ code: 'SECRET-CODE', state: 'st' }).catch((e: unknown) => e);
    expect(cb.status).toBe(400);
    expect(cb.message).not.toContain('SECRET-CODE');
  });

  it('OIDC: initiate returns the URL text; the callback sends the cookies of the initiate answer', async () => {
    const { c, calls } = client({
      [`POST ${BASE}/login/oidc`]: () =>
        text('https://idp.example/authorize?state=abc', 200, { 'Set-Cookie': 'oidc_flow=f1; Path=/; HttpOnly' }),
      [`GET ${BASE}/login/oidc/callback`]: () => json({ SessionId: 's-oidc', MfaToken: null }),
    });
    const url = await c.oidcInitiate({ redirectUrl: 'http://127.0.0.1:8001/' }, { ForceRelogin: false });
    expect(url).toBe('https://idp.example/authorize?state=abc');
    expect(calls[0]!.url.searchParams.get('redirectUrl')).toBe('http://127.0.0.1:8001/');
    expect(calls[0]!.headers.Accept).toBe('text/plain');
    await c.oidcCallback({ code: 'c1', state: 'abc' });
    expect(calls[1]!.headers.Cookie).toBe('oidc_flow=f1');
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({ code: 'c1', state: 'abc' });
    expect(c.sessionId).toBe('s-oidc');
  });

  it('device registration: the code from totpCode(Secret) is what an authenticator computes', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const { c, calls } = client({
      [`POST ${BASE}/api/v1/Common/Commands/GetMultiFactorDeviceSecret`]: () =>
        json({
          $id: '1',
          MfaToken: 'enrol',
          Secret: secret,
          QrCode: 'data:image/png;base64,AA',
          ExpiryDate: '2030-01-01T00:00:00.000Z',
        }),
      [`POST ${BASE}/api/v1/Common/Commands/SetMultiFactorAuthenticationDevice`]: () =>
        json({ $id: '1', DeviceRegistered: true, SessionId: 's-3', MfaToken: null }),
    });
    const issued = await c.getMultiFactorDeviceSecret({ MfaToken: 'pw-token' });
    expect(calls[0]!.body).toEqual({ MfaToken: 'pw-token' });
    const now = Date.now();
    const code = lib.totpCode(issued.Secret, now);
    expect(code).toBe(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now }));
    const done = await c.setMultiFactorAuthenticationDevice({ MfaToken: issued.MfaToken, Code: code });
    expect(done.DeviceRegistered).toBe(true);
    expect(calls[1]!.body).toEqual({ MfaToken: 'enrol', Code: Number(code) });
    expect(c.sessionId).toBe('s-3');
  });

  it('totpCode matches the RFC 6238 Appendix B vectors', () => {
    const seeds = {
      SHA1: '12345678901234567890',
      SHA256: '12345678901234567890123456789012',
      SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
    } as const;
    const vectors: Array<[number, string, string, string]> = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [t, sha1, sha256, sha512] of vectors) {
      const got = (['SHA1', 'SHA256', 'SHA512'] as const).map((algorithm) =>
        lib.totpCode(Secret.fromUTF8(seeds[algorithm]).base32, new Date(t * 1000), { digits: 8, algorithm }),
      );
      expect(got).toEqual([sha1, sha256, sha512]);
    }
    expect(() => lib.totpCode('not base32!', 0)).toThrow(RangeError);
  });

  it('list sends every query option and decodes Int64 strings and numbers beyond 2^53 exactly', async () => {
    const { c, calls } = client({
      [`GET ${BASE}/api/v1/Inventory/ProductRecords`]: () =>
        text(
          '[{"Id": 380497447683684471, "SerialNumber": "A", "PartId": "9007199254740993", "Part": {"Id": "18446744073709", "Name": "x"}, "ExtraFields": [{"Id": 7}]}]',
        ),
    });
    const rows = await c.productRecords.list({
      $filter: (f: any) =>
        f.and(f.eq('SerialNumber', "O'Hara"), f.has('BlockContext', 'CustomerOrderDelivery'), f.eq('CommentId', null)),
      $select: ['Id', 'SerialNumber', 'PartId', 'Part', 'ExtraFields'],
      $expand: ['Part', 'ExtraFields'],
      $orderby: [['SerialNumber', 'desc'], 'Id'],
      $top: 10,
      $skip: 20,
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      $filter: "(SerialNumber eq 'O''Hara') and (has(BlockContext, 'CustomerOrderDelivery')) and (isnull(CommentId))",
      $select: 'Id,SerialNumber,PartId,Part,ExtraFields',
      $expand: 'Part,ExtraFields',
      $orderby: 'SerialNumber desc,Id',
      $top: '10',
      $skip: '20',
    });
    expect(rows).toEqual([
      {
        Id: 380497447683684471n,
        SerialNumber: 'A',
        PartId: 9007199254740993n,
        Part: { Id: 18446744073709n, Name: 'x' },
        ExtraFields: [{ Id: 7n }],
      },
    ]);
    await expect(c.productRecords.list({ $top: -1 })).rejects.toThrow(RangeError);
    await expect(c.productRecords.list({ $select: [] })).rejects.toThrow(RangeError);
  });

  it('get addresses .../{Id} with an exact id; a 404 is a ServiceError; bad ids are refused before sending', async () => {
    const { c, calls } = client({
      [`GET ${BASE}/api/v1/Inventory/ProductRecords/380497447683684471`]: () =>
        text('{"Id": "380497447683684471", "SerialNumber": "B"}'),
      [`GET ${BASE}/api/v1/Inventory/ProductRecords/5`]: () => json('ProductRecords 5 was not found', 404),
    });
    expect(await c.productRecords.get(380497447683684471n)).toEqual({ Id: 380497447683684471n, SerialNumber: 'B' });
    const missing = await c.productRecords.get(5).catch((e: unknown) => e);
    expect([missing.status, missing.body]).toEqual([404, 'ProductRecords 5 was not found']);
    await expect(c.productRecords.get(1.5)).rejects.toThrow(RangeError);
    await expect(c.productRecords.get(2 ** 60)).rejects.toThrow(RangeError);
    await expect(c.productRecords.get('1 or 1=1')).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(2);
  });

  it('a malformed Int64 or a non-JSON body is a DecodeError', async () => {
    const { c } = client({
      [`GET ${BASE}/api/v1/TimeRecording/Schedules`]: () => text('[{"Id": "12x"}]'),
      [`GET ${BASE}/api/v1/Inventory/CaseEntryActivities`]: () => text('<html>'),
    });
    const bad = await c.schedules.list().catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(lib.DecodeError);
    expect(bad.message).toMatch(/\[0\]\.Id: expected an Int64/);
    await expect(c.caseEntryActivities.list()).rejects.toBeInstanceOf(lib.DecodeError);
  });

  it('validate: true checks records with the generated validators (path and rule), narrowed to $select', async () => {
    const good = { Id: '1', Code: 'S', Description: 'd' };
    const { c } = client(
      {
        [`GET ${BASE}/api/v1/TimeRecording/Schedules`]: (call) =>
          json(call.url.searchParams.get('$top') === '1' ? [good] : [{ ...good, Id: 'x' }]),
      },
      { validate: true },
    );
    expect(await c.schedules.list({ $select: ['Id', 'Code', 'Description'], $top: 1 })).toEqual([
      { Id: 1n, Code: 'S', Description: 'd' },
    ]);
    const err = await c.schedules.list({ $select: ['Id', 'Code', 'Description'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(lib.DecodeError);
    expect(err.issues[0]).toMatchObject({ path: '[0].Id', rule: 'int64.format' });
    // Without $select the full record is required: a missing field fails.
    await expect(c.schedules.list({ $top: 1 })).rejects.toBeInstanceOf(lib.DecodeError);
    // The narrowed schema is kept per $select list: a shorter list after a longer one checks (and keeps) only its fields.
    expect(await c.schedules.list({ $select: ['Id'], $top: 1 })).toEqual([{ Id: 1n }]);
    expect(await c.schedules.list({ $select: ['Id', 'Code', 'Description'], $top: 1 })).toEqual([
      { Id: 1n, Code: 'S', Description: 'd' },
    ]);
  });

  it('logout ends the session on the server and forgets it locally', async () => {
    const { c, calls } = client(
      { [`POST ${BASE}/logout`]: () => new Response(null, { status: 204 }) },
      { sessionId: 'old' },
    );
    expect(c.sessionId).toBe('old');
    await c.logout();
    expect(calls[0]!.headers['X-Service-SessionId']).toBe('old');
    expect(c.sessionId).toBeNull();
  });

  it('refuses a bad configuration', () => {
    expect(() => lib.createClient({ baseUrl: 'localhost:8001', languageCode: 'en', companyNumber: '001.1' })).toThrow(
      TypeError,
    );
  });

  it("a request to a closed port is a NetworkError naming the method and URL (no query), with fetch's error as cause", async () => {
    const port = await closedPort();
    const c = lib.createClient({ baseUrl: `http://127.0.0.1:${port}`, languageCode: 'en', companyNumber: '001.1' });
    const login = await c.login({ Username: 'demo', Password: 'secret', ForceRelogin: true }).catch((e: unknown) => e);
    expect(login).toBeInstanceOf(lib.NetworkError);
    expect(lib.isNetworkError(login)).toBe(true);
    expect(lib.isServiceError(login)).toBe(false);
    expect(login).toMatchObject({ name: 'NetworkError', method: 'POST', url: `http://127.0.0.1:${port}${BASE}/login` });
    expect(login.message).toContain(`POST http://127.0.0.1:${port}${BASE}/login failed: fetch failed`);
    expect(login.message).toMatch(/ECONNREFUSED/);
    expect(login.message).not.toContain('secret');
    expect(login.cause).toBeInstanceOf(TypeError);
    expect(login.cause.cause.code).toBe('ECONNREFUSED');

    const list = await c.schedules.list({ $filter: "Code eq 'private'" }).catch((e: unknown) => e);
    expect(list).toMatchObject({
      name: 'NetworkError',
      method: 'GET',
      url: `http://127.0.0.1:${port}${BASE}/api/v1/TimeRecording/Schedules`,
    });
    expect(list.message).not.toContain('private');
  });

  it("a body that breaks off is a NetworkError; the caller's own abort is not wrapped", async () => {
    const broken = () =>
      new Response(new ReadableStream({ start: (controller) => controller.error(new Error('connection reset')) }), {
        status: 200,
      });
    const { c } = client({ [`GET ${BASE}/api/v1/TimeRecording/Schedules`]: broken });
    const err = await c.schedules.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(lib.NetworkError);
    expect(err.message).toContain('connection reset');

    const port = await closedPort();
    const real = lib.createClient({ baseUrl: `http://127.0.0.1:${port}`, languageCode: 'en', companyNumber: '001.1' });
    const controller = new AbortController();
    controller.abort(new Error('user cancelled'));
    const aborted = await real.schedules.list({ signal: controller.signal }).catch((e: unknown) => e);
    expect(aborted).not.toBeInstanceOf(lib.NetworkError);
    expect(aborted.message).toBe('user cancelled');
  });

  it("stringifyJson is the validators' one: bigint as JSON strings, read back exactly by parseJson and the schemas", async () => {
    const validators = await import(pathToFileURL(join(ws.dir, 'validators/dist/index.js')).href);
    expect(lib.stringifyJson).toBe(validators.stringifyJson);
    expect(lib.parseJson).toBe(validators.parseJson);
    const written = lib.stringifyJson({ Id: 380497447683684471n, Ids: [9007199254740993n] });
    expect(written).toBe('{"Id":"380497447683684471","Ids":["9007199254740993"]}');
    expect(lib.requestJson({ Id: 1n })).toBe('{"Id":"1"}');
    const { c, calls } = client(
      { [`GET ${BASE}/api/v1/TimeRecording/Schedules`]: () => text(`[${lib.stringifyJson(scheduleRecord)}]`) },
      { validate: true },
    );
    const [schedule] = await c.schedules.list();
    expect(schedule.Id).toBe(380497447683684471n);
    expect(schedule).toEqual(scheduleRecord);
    expect(JSON.parse(lib.stringifyJson(schedule))).toEqual(JSON.parse(lib.stringifyJson(scheduleRecord)));
    expect(calls).toHaveLength(1);
  });
});
