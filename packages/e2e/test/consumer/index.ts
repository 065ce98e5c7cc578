/**
 * A consumer project outside the workspace: it installs the packed tarballs of the generated
 * packages from npm and uses every one of them. tsc checks it, node runs it; any broken
 * package (missing export, wrong types, lost digits) makes tsc or an assertion fail.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  ProductRecordBlockContextFlags,
  ProductRecordStatus,
  compareVersions,
  type ProductRecord,
  type ProductRecordAt,
  type Schedule,
} from '@service-api/types';
import {
  ScheduleSchema,
  parseJson,
  parseJsonAs,
  schemaAt,
  stringifyJson,
  validate,
  validateJson,
} from '@service-api/validators';
import openapi, { operations, serviceVersion } from '@service-api/openapi';
import {
  createClient,
  isNetworkError,
  isServiceError,
  NetworkError,
  stringifyJson as clientStringifyJson,
  totpCode,
} from '@service-api/client';

// ---- @service-api/types: records, enums, bitmask helpers and a version view
type At241 = ProductRecordAt<'24.1'>;
const fieldsAt241: Array<keyof At241> = ['Id', 'PartRevisionId', 'CustomerOrderPartRevisionId'];
// @ts-expect-error RemainingExposureTime was introduced in 26.7
const later: keyof At241 = 'RemainingExposureTime';
assert.equal(ProductRecordStatus.Registrered, 1);
assert.deepEqual(ProductRecordBlockContextFlags.flags(5), ['ManufacturingOrderWithdrawal', 'CustomerOrderDelivery']);
assert.equal(compareVersions('2.9', '2.18'), -1);

// ---- @service-api/validators: a 64-bit id above 2^53, as JSON number and as string
const scheduleJson = (id: string) =>
  `{"Id": ${id}, "Code": "S1", "Description": "Day", "ScheduleLength": 8, "Start": 0, "End": 8, "OvertimeScheduleId": null,
    "FlexInStart": null, "FlexInEnd": null, "FlexOutStart": null, "FlexOutEnd": null, "IsNightSchedule": false, "Type": 1,
    "AmountSwh": null, "ScheduleNumberForExport": "E", "BlockedContextType": 0, "BlockedById": null, "BlockedFromDate": null,
    "BlockedToDate": "2024-02-29T23:59:59+01:00", "BlockedStatus": 0, "BlockMessageId": null, "BlockMessage": null}`;
for (const id of ['380497447683684471', '"380497447683684471"']) {
  const result = validate(ScheduleSchema, parseJson(scheduleJson(id)));
  assert.ok(result.success, JSON.stringify(!result.success && result.issues));
  const schedule: Schedule = result.data;
  assert.equal(schedule.Id, 380497447683684471n);
}
const old = validate(schemaAt('Schedules', '22.2'), parseJson('{"Id": 1, "Code": "S", "Description": "d"}'));
assert.ok(old.success);
// stringifyJson writes bigint as the service writes Int64 (JSON strings) and reads back to the same record
for (const id of ['380497447683684471', '"380497447683684471"']) {
  const decoded = validate(ScheduleSchema, parseJson(scheduleJson(id)));
  assert.ok(decoded.success);
  const written = stringifyJson(decoded.data);
  assert.ok(written.includes('"Id":"380497447683684471"'), written);
  assert.equal(clientStringifyJson(decoded.data), written);
  const again = validate(ScheduleSchema, parseJson(written));
  assert.ok(again.success);
  assert.deepEqual(again.data, decoded.data);
  // the same record read straight from the text (validateJson / parseJsonAs), as from parseJson
  const read: Schedule = parseJsonAs(ScheduleSchema, written, 'Schedule');
  assert.deepEqual(read, decoded.data);
  assert.deepEqual(validateJson(ScheduleSchema, scheduleJson(id)), decoded);
}
const wrong = validate(ScheduleSchema, parseJson(scheduleJson('"12x"')));
assert.ok(!wrong.success && wrong.issues.some((i) => i.path === 'Id'));
assert.deepEqual(validateJson(ScheduleSchema, scheduleJson('"12x"')), wrong);

// ---- @service-api/openapi: the document as a module and as the shipped JSON file
const require = createRequire(import.meta.url);
const fromFile = JSON.parse(readFileSync(require.resolve('@service-api/openapi/openapi.json'), 'utf8')) as {
  openapi: string;
  info: { version: string };
};
assert.equal(openapi.openapi, '3.1.0');
assert.equal(fromFile.info.version, serviceVersion);
assert.equal(operations.listProductRecords.path, '/{languageCode}/{companyNumber}/api/v1/Inventory/ProductRecords');
assert.ok(openapi.paths['/{languageCode}/{companyNumber}/login/totp']);

// ---- @service-api/client against a tiny local HTTP stub
const SESSION = '0b8e7d52-4c8f-4a55-9b66-1d8f0c1e2a3b';
function stub(req: IncomingMessage, res: ServerResponse, body: string): ServerResponse {
  const url = new URL(req.url ?? '/', 'http://stub');
  const send = (status: number, payload: string): ServerResponse =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(payload);
  if (req.method === 'POST' && url.pathname === '/en/001.1/login') {
    const login = JSON.parse(body) as { Username: string; Password: string };
    if (login.Password !== 'secret') return send(403, JSON.stringify('User login failed'));
    res.setHeader('X-Service-SessionId', SESSION);
    return send(200, JSON.stringify({ $id: '1', SessionId: SESSION, MfaToken: null }));
  }
  if (req.headers['x-service-sessionid'] !== SESSION) return send(401, JSON.stringify('Session is missing or invalid'));
  if (url.pathname === '/en/001.1/api/v1/Inventory/ProductRecords') {
    assert.equal(url.searchParams.get('$select'), 'Id,SerialNumber');
    assert.equal(url.searchParams.get('$orderby'), 'SerialNumber desc');
    assert.equal(url.searchParams.get('$filter'), "SerialNumber eq 'A''1'");
    return send(
      200,
      '[{"Id": 380497447683684471, "SerialNumber": "A\'1"}, {"Id": "9007199254740993", "SerialNumber": "B"}]',
    );
  }
  return send(404, JSON.stringify(`no route ${url.pathname}`));
}

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    try {
      stub(req, res, body);
    } catch (error) {
      res.writeHead(500).end(JSON.stringify(String(error)));
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
try {
  const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, languageCode: 'en', companyNumber: '001.1' });
  const failed = await client
    .login({ Username: 'demo', Password: 'nope', ForceRelogin: false })
    .catch((e: unknown) => e);
  assert.ok(isServiceError(failed, 403) && failed.body === 'User login failed');
  await client.login({ Username: 'demo', Password: 'secret', ForceRelogin: true });
  assert.equal(client.sessionId, SESSION);
  const rows = await client.productRecords.list({
    $select: ['Id', 'SerialNumber'],
    $orderby: [['SerialNumber', 'desc']],
    $filter: (f) => f.eq('SerialNumber', "A'1"),
  });
  const ids: bigint[] = rows.map((r) => r.Id);
  assert.deepEqual(ids, [380497447683684471n, 9007199254740993n]);
  // @ts-expect-error PartId was not selected
  rows[0]?.PartId;
  const unselected: (records: ProductRecord[]) => number = (records) => records.length;
  assert.equal(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000, { digits: 8 }), '94287082');
  console.log(
    `consumer ok: ${Object.keys(operations).length} operations, ${rows.length} records, ${fieldsAt241.length + unselected([]) + later.length} checks`,
  );
} finally {
  server.close();
}

// ---- @service-api/client: no answer (the stub's port, now closed) is a NetworkError naming method and URL
await new Promise<void>((resolve) => server.once('close', () => resolve()));
const offline = createClient({ baseUrl: `http://127.0.0.1:${port}`, languageCode: 'en', companyNumber: '001.1' });
const unreachable = await offline.session().catch((e: unknown) => e);
assert.ok(isNetworkError(unreachable) && unreachable instanceof NetworkError, String(unreachable));
assert.equal(unreachable.method, 'GET');
assert.equal(unreachable.url, `http://127.0.0.1:${port}/en/001.1/session`);
assert.match(unreachable.message, /^GET http:\/\/127\.0\.0\.1:\d+\/en\/001\.1\/session failed: fetch failed/);
assert.ok(unreachable.cause instanceof TypeError);
console.log(`consumer ok: no answer is a ${unreachable.name}`);
