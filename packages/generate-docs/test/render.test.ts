/**
 * The site from a hand-built IR (no parser): spec text is escaped everywhere it lands (pages, feed,
 * search index), a resource without an area or permission, a field obsolete without replacement,
 * newest-only output, and the Atom ids.
 */
import { field, resource, spec as makeSpec } from '@specgen/ir';
import { describe, expect, it } from 'vitest';
import { buildSite, type SiteOptions } from '../src/index.ts';
import { stableUrn } from '../src/render/atom.ts';

const HOSTILE = '<img src=x onerror="alert(1)"> & `code`';

const spec = makeSpec({
  title: `Hostile ${HOSTILE}`,
  versions: ['1.0', '1.2', '1.10'],
  newestVersion: '1.10',
  resources: [
    resource(
      'Widgets',
      [
        field('Id', 'Int64'),
        field('Label', 'String?', { notes: HOSTILE, since: '1.2', maxLength: 40 }),
        field('Old', 'Int32', {
          since: null,
          obsolete: { since: '1.10', replacedBy: null, source: { file: 'x', line: 1, column: 1 } },
        }),
      ],
      { description: HOSTILE, introduced: '1.0' },
    ),
  ],
});

const options: SiteOptions = {
  specFile: 'x.md',
  baseUrl: null,
  allVersions: true,
  unreleased: null,
  updated: '1970-01-01T00:00:00Z',
};
const files = new Map(buildSite(spec, options).map((f) => [f.path, f.contents]));

describe('the site from a hand-built IR', () => {
  it('escapes spec text on every page, in the feed and in the search index', () => {
    for (const [path, text] of files) {
      if (path.endsWith('.json')) continue;
      expect(text.includes('<img'), path).toBe(false);
    }
    const page = files.get('1.10/Common/Widgets.html') ?? '';
    expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; <code>code</code>');
    expect(files.get('changes.xml')).toContain(
      '<title>Hostile &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; `code`: changes',
    );
  });

  it('orders versions numerically (1.10 is the newest), a resource without area lives under Common', () => {
    expect([...files.keys()].filter((p) => p.endsWith('/index.html'))).toEqual([
      '1.0/index.html',
      '1.10/index.html',
      '1.2/index.html',
    ]);
    expect(files.get('index.html')).toContain('data-version="1.10"');
    expect(files.get('1.10/Common/Widgets.html')).toContain('a session (no permission named)');
  });

  it('a field obsolete without replacement shows as obsolete from its version on, with no "replaced by"', () => {
    const at = (v: string) => files.get(`${v}/Common/Widgets.html`) ?? '';
    expect(at('1.2')).not.toContain('obsolete since 1.10');
    expect(at('1.10')).toContain('obsolete since 1.10');
    expect(at('1.10')).not.toContain('Replaced by');
    expect(at('1.0')).not.toContain('id="Label"');
    expect(at('1.2')).toContain('id="Label"');
  });

  it('newest only: one version folder; the changes page still lists every version and links the newest pages', () => {
    const newest = new Map(buildSite(spec, { ...options, allVersions: false }).map((f) => [f.path, f.contents]));
    expect([...newest.keys()].filter((p) => /^\d/.test(p)).every((p) => p.startsWith('1.10/'))).toBe(true);
    const changes = newest.get('changes.html') ?? '';
    expect(changes).toContain('id="v-1.0"');
    expect(changes).toContain('href="1.10/Common/Widgets.html#Label"');
  });

  it('a name that is not a safe path segment stays inside its version folder', () => {
    const odd = makeSpec({ ...spec, resources: [resource('Gadgets', [field('Id', 'Int64')], { area: '../../etc' })] });
    const paths = buildSite(odd, options).map((f) => f.path);
    expect(paths).toContain('1.10/..-..-etc/Gadgets.html');
    expect(paths.every((p) => !p.split('/').includes('..'))).toBe(true);
  });

  it('Atom ids are name-based UUID URNs, stable and distinct per version', () => {
    expect(stableUrn('a')).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUrn('a')).toBe(stableUrn('a'));
    const ids = [...(files.get('changes.xml') ?? '').matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(4);
  });
});
