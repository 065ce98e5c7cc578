/**
 * The page model on the real spec: the fields of a resource at 22.6, 24.1 and 26.8, obsolete
 * fields, and the endpoints of each version (OIDC from 25.8 by the versioning rule).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareVersions, field, resource, spec as makeSpec } from '@specgen/ir';
import { parseSpec } from '@specgen/parser';
import { describe, expect, it } from 'vitest';
import {
  changesByVersion,
  endpointRows,
  resourcePage,
  siteVersions,
  SiteInputError,
  versionPage,
} from '../src/index.ts';

const ROOT = join(import.meta.dirname, '../../..');
const { spec } = parseSpec(readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8'), 'spec/service-api.md');
const products = spec.resources.find((r) => r.name === 'ProductRecords');
if (!products) throw new Error('ProductRecords missing from the spec');

const fieldNames = (version: string) => resourcePage(spec, products, version)?.fields.map((f) => f.name) ?? [];
const sinceOf = (name: string) => products.fields.find((f) => f.name === name)?.since ?? null;

describe('fields of a resource by version', () => {
  it.each(['22.6', '24.1', '26.8'])(
    'at %s: exactly the fields whose since is at or before it, in spec order',
    (version) => {
      const names = fieldNames(version);
      const expected = products.fields
        .filter((f) => f.since === null || compareVersions(f.since, version) <= 0)
        .map((f) => f.name);
      expect(names).toEqual(expected);
    },
  );

  it('PartRevisionId appears at 24.1; fields of 26.7 and 26.8 only at those versions', () => {
    expect(sinceOf('PartRevisionId')).toBe('24.1');
    expect(fieldNames('22.6')).not.toContain('PartRevisionId');
    expect(fieldNames('24.1')).toContain('PartRevisionId');
    const late = products.fields.filter((f) => f.since === '26.7').map((f) => f.name);
    expect(late.length).toBeGreaterThan(0);
    for (const name of late) {
      expect(fieldNames('24.1')).not.toContain(name);
      expect(fieldNames('26.8')).toContain(name);
    }
    expect(fieldNames('22.6').length).toBeLessThan(fieldNames('24.1').length);
    expect(fieldNames('24.1').length).toBeLessThan(fieldNames('26.8').length);
  });

  it('CustomerOrderPartRevisionId is in use at 22.6, obsolete and replaced by PartRevisionId from 24.1', () => {
    const at = (version: string) =>
      resourcePage(spec, products, version)?.fields.find((f) => f.name === 'CustomerOrderPartRevisionId');
    expect(at('22.6')?.obsolete).toBeNull();
    expect(at('24.1')?.obsolete).toEqual({ since: '24.1', replacedBy: 'PartRevisionId' });
    expect(at('26.8')?.obsolete).toEqual({ since: '24.1', replacedBy: 'PartRevisionId' });
  });

  it('a resource has no page before it was introduced (CustomerOrderRowInflows from 23.3)', () => {
    const inflows = spec.resources.find((r) => r.name === 'CustomerOrderRowInflows');
    expect(inflows?.introduced).toBe('23.3');
    if (!inflows) return;
    expect(resourcePage(spec, inflows, '22.6')).toBeNull();
    expect(resourcePage(spec, inflows, '23.3')?.name).toBe('CustomerOrderRowInflows');
    expect(versionPage(spec, '22.6').resources.map((r) => r.name)).not.toContain('CustomerOrderRowInflows');
  });

  it('the example answer has the fields of the version, Int64 as strings, the names of the generated packages', () => {
    const page = resourcePage(spec, products, '22.6');
    const records = JSON.parse(page?.example ?? '[]') as Array<Record<string, unknown>>;
    expect(records).toHaveLength(2);
    expect(Object.keys(records[0] ?? {})).toEqual(fieldNames('22.6'));
    expect(typeof records[0]?.['Id']).toBe('string');
    expect(page?.names).toMatchObject({
      type: 'ProductRecord',
      schema: 'ProductRecordSchema',
      versionView: 'ProductRecordAt',
    });
    expect(page?.curl).toContain("'http://localhost:8001/en/1/api/v1/Inventory/ProductRecords?$top=2'");
  });
});

describe('endpoints by version', () => {
  const ids = (version: string) => endpointRows(spec, version).map((e) => e.operationId);

  it('OIDC initiate and callback exist from 25.8, TOTP login and the commands always', () => {
    expect(ids('24.1')).not.toContain('oidcInitiate');
    expect(ids('25.2')).not.toContain('oidcCallback');
    expect(ids('25.8')).toEqual(expect.arrayContaining(['oidcInitiate', 'oidcCallback', 'totpLogin', 'login']));
    expect(ids('22.6')).toEqual(
      expect.arrayContaining(['totpLogin', 'getMultiFactorDeviceSecret', 'setMultiFactorAuthenticationDevice']),
    );
  });

  it('each endpoint lists every status it answers', () => {
    const callback = endpointRows(spec, '26.8').find((e) => e.operationId === 'oidcCallback');
    expect(callback?.statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['400', '401', '403', '410', '429']),
    );
  });

  it('the OIDC error table is listed only from 25.8', () => {
    const titles = (version: string) => versionPage(spec, version).errors.map((t) => t.title);
    expect(titles('24.1')).not.toContain('OIDC callback');
    expect(titles('25.8')).toContain('OIDC callback');
    expect(titles('24.1')).toContain('TOTP login and device registration');
  });

  it('the changes of 25.8 list the OIDC endpoints; of 24.1 PartRevisionId and the obsolete field', () => {
    const changes = changesByVersion(spec, siteVersions(spec, true));
    expect(changes.map((c) => c.version)).toEqual([...spec.versions].reverse());
    const at = (v: string) => changes.find((c) => c.version === v);
    expect(at('25.8')?.endpointsAdded.map((e) => e.operationId)).toEqual(['oidcInitiate', 'oidcCallback']);
    expect(at('24.1')?.fieldsAdded).toContainEqual(
      expect.objectContaining({ resource: 'ProductRecords', field: 'PartRevisionId' }),
    );
    expect(at('24.1')?.fieldsObsolete).toEqual([
      expect.objectContaining({ field: 'CustomerOrderPartRevisionId', replacedBy: 'PartRevisionId' }),
    ]);
    expect(at('23.3')?.resourcesAdded.map((r) => r.name)).toEqual(['CustomerOrderRowInflows']);
    expect(at('23.3')?.endpointsAdded.map((e) => e.operationId)).toEqual([
      'listCustomerOrderRowInflows',
      'getCustomerOrderRowInflow',
    ]);
  });
});

describe('versions', () => {
  it('newest only, or all, newest first', () => {
    expect(siteVersions(spec, false)).toMatchObject({ written: ['26.8'], newest: '26.8' });
    expect(siteVersions(spec, true).written).toEqual([...spec.versions].reverse());
  });

  it('a spec without versions is refused with a clear error', () => {
    const bare = makeSpec({ resources: [resource('Things', [field('Id', 'Int64')])] });
    expect(() => siteVersions({ ...bare, versions: [], newestVersion: null }, true)).toThrow(SiteInputError);
  });
});
