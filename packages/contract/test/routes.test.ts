import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { NO_SOURCE, field, resource, spec as makeSpec, type Endpoint } from '@specgen/ir';
import { parseSpecFile } from '@specgen/parser';
import { COMMANDS_PATH, collectionPath, endpointAvailable, fastifyPath, routes, withinPrefix } from '../src/index.ts';

const SPEC = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));
const { spec } = parseSpecFile(SPEC);
const ops = (v: string | null) => routes(spec, v).map((r) => `${r.method} ${r.path}`);

describe('routes of spec/service-api.md', () => {
  it('has no OIDC route before 25.8 (versioning rule) and both from 25.8', () => {
    expect(ops('22.6').some((o) => o.includes('/login/oidc'))).toBe(false);
    expect(ops('25.8')).toEqual(
      expect.arrayContaining([
        `POST /{languageCode}/{companyNumber}/login/oidc`,
        `GET /{languageCode}/{companyNumber}/login/oidc/callback`,
      ]),
    );
  });

  it('lists each method and path once, with unique operation ids', () => {
    for (const v of ['22.6', '25.8', null]) {
      expect(new Set(ops(v)).size).toBe(ops(v).length);
      const ids = routes(spec, v).map((r) => r.operationId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('documents the statuses the server answers outside the happy path', () => {
    const byId = new Map(routes(spec, '25.8').map((r) => [r.operationId, r]));
    expect(Object.keys(byId.get('totpLogin')!.responses)).toEqual(['200', '400', '401', '410', '413', '415', '429']);
    expect(Object.keys(byId.get('oidcInitiate')!.responses)).toEqual(['200', '400', '413', '415', '503']);
    expect(Object.keys(byId.get('getSession')!.responses)).toEqual(['200', '400', '401', '403']);
    for (const r of routes(spec, '25.8')) expect(r.responses['400']).toBeDefined();
  });

  it('gives Fastify paths inside and outside the prefix', () => {
    const get = routes(spec, null).find((r) => r.kind === 'get')!;
    expect(get.fastifyPath).toBe(fastifyPath(get.path));
    expect(get.prefixedPath.startsWith('/api/v1/')).toBe(true);
    expect(get.prefixedPath.endsWith('/:Id')).toBe(true);
    expect(withinPrefix(`${COMMANDS_PATH}/X`)).toBe('/api/v1/Common/Commands/X');
  });

  it('answers the same array for the same spec and version', () => {
    expect(routes(spec, '25.8')).toBe(routes(spec, '25.8'));
  });
});

describe('read paths', () => {
  const r = resource('Things', [field('Id', 'Int64')], { area: 'Stock', queryable: true, permission: 'Show things' });
  it('follow spec.readPathPrefix, with or without {path}', () => {
    expect(collectionPath(makeSpec({ readPathPrefix: '/{languageCode}/{companyNumber}/api/v2' }), r)).toBe(
      '/{languageCode}/{companyNumber}/api/v2/Stock/Things',
    );
    expect(collectionPath(makeSpec({ readPathPrefix: '/{languageCode}/{companyNumber}/data/{path}/query' }), r)).toBe(
      '/{languageCode}/{companyNumber}/data/Stock/Things/query',
    );
    const s = makeSpec({ readPathPrefix: '/{languageCode}/{companyNumber}/api/v2', resources: [r] });
    expect(
      routes(s, null)
        .filter((x) => x.resource === 'Things')
        .map((x) => x.prefixedPath),
    ).toEqual(['/api/v2/Stock/Things', '/api/v2/Stock/Things/:Id']);
    expect(routes(s, null).find((x) => x.kind === 'list')!.permission).toBe('Show things');
  });

  it('endpointAvailable applies endpointsFrom rules as well as since', () => {
    const e: Endpoint = {
      kind: 'endpoint',
      id: 'x',
      method: 'GET',
      path: '/{languageCode}/{companyNumber}/login/oidc/x',
      pathParams: [],
      query: [],
      body: null,
      headers: [],
      request: '',
      success: { status: 200, contentType: 'text/plain', body: null, text: '' },
      since: null,
      source: NO_SOURCE,
    };
    const s = makeSpec({
      versioning: [
        {
          kind: 'versioning',
          rule: 'endpointsFrom',
          version: '25.8',
          pathContains: '/login/oidc',
          text: '',
          source: NO_SOURCE,
        },
      ],
    });
    expect(endpointAvailable(s, e, '25.7')).toBe(false);
    expect(endpointAvailable(s, e, '25.8')).toBe(true);
  });
});
