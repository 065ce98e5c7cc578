import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseSpecFile } from '@specgen/parser';
import { buildDocument } from '../src/index.ts';
import { conformanceChecker, type ObservedAnswer } from './support/conformance.ts';

const { spec } = parseSpecFile(fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url)));
const checker = conformanceChecker(buildDocument(spec, { serviceVersion: null }));
const PR = '/en/001.1/api/v1/Inventory/ProductRecords';
const json = (
  method: string,
  url: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ObservedAnswer => ({
  method,
  url,
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

describe('the conformance checker (independent validator over the document)', () => {
  it('accepts $select answers: partial records with or without Id', () => {
    expect(checker.check(json('GET', `${PR}?$select=SerialNumber`, 200, [{ SerialNumber: 'A1' }]))).toEqual([]);
    expect(checker.check(json('GET', `${PR}/7?$select=Id`, 200, { Id: '7' }))).toEqual([]);
  });

  it('refuses a field of the wrong type, an undocumented status, content type or session header', () => {
    expect(checker.check(json('GET', PR, 200, [{ Id: true }]))[0]).toMatch(/does not match the documented schema/);
    expect(checker.check(json('GET', PR, 418, 'teapot'))[0]).toMatch(
      /status 418 is not documented for listProductRecords/,
    );
    expect(
      checker.check({ method: 'GET', url: PR, status: 200, headers: { 'content-type': 'text/plain' }, body: '[]' })[0],
    ).toMatch(/content type "text\/plain"/);
    expect(checker.check(json('GET', PR, 200, [], { 'x-service-sessionid': 'abc' }))[0]).toMatch(/does not list/);
    expect(checker.check(json('GET', PR, 200, [], { 'set-cookie': 'a=b' }))[0]).toMatch(/sends set-cookie/);
    // The rate-limited sign-in routes document the limiter's headers, with Retry-After on 429.
    expect(
      checker.check(
        json('POST', '/en/001.1/login', 429, 'Too many attempts', { 'x-ratelimit-limit': '60', 'retry-after': '60' }),
      ),
    ).toEqual([]);
    expect(
      checker.check(json('POST', '/en/001.1/login', 403, 'User login failed', { 'retry-after': '60' }))[0],
    ).toMatch(/sends retry-after/);
  });

  it('checks sign-in answers: the LoginResponse and the TOTP 429', () => {
    expect(checker.check(json('POST', '/en/001.1/login', 200, { $id: '1', SessionId: null, MfaToken: 'x' }))).toEqual(
      [],
    );
    expect(checker.check(json('POST', '/en/001.1/login', 200, { SessionId: 5 }))[0]).toMatch(/SessionId|schema/);
    expect(checker.check(json('POST', '/en/001.1/login/totp', 429, 'Login failed'))).toEqual([]);
    expect(checker.check(json('POST', '/en/001.1/login/oidc', 503, 'OIDC sign-in is not configured'))).toEqual([]);
  });

  it('lets a path that is no operation answer 404 with a JSON string, and nothing else', () => {
    expect(checker.check(json('GET', '/en/001.1/nothing', 404, 'No route GET /en/001.1/nothing'))).toEqual([]);
    expect(checker.check(json('GET', '/en/001.1/nothing', 200, {}))[0]).toMatch(/no operation/);
  });
});
