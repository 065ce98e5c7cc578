import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import { buildDocument, canonical, toJson, toYaml } from '../src/index.ts';
import type { Spec } from '@specgen/ir';
import { ByteStream } from '@specgen/generate-core';
import { documentChunks, documentTexts, entryTextStats, streamDocument } from '../src/document-text.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const plain = (d: Record<string, unknown>) => {
  const sorted = canonical(d);
  return { json: toJson(sorted, true), yaml: toYaml(sorted, '# header\n', true) };
};

describe('documentTexts (per-entry memo of openapi.json and openapi.yaml)', () => {
  it('gives the same bytes as serializing the whole canonical document, for every version', () => {
    for (const version of [null, ...spec.versions.slice(0, 2)]) {
      const document = buildDocument(spec, { serviceVersion: version, generatedBy: 'test' });
      expect(documentTexts(document, '# header\n')).toEqual(plain(document));
    }
  });

  it('re-serializes an edited schema and keeps the rest', () => {
    const document = buildDocument(spec, { serviceVersion: null });
    documentTexts(document, '# header\n');
    const components = document.components as { schemas: Record<string, Record<string, unknown>> };
    const [name, schema] = Object.entries(components.schemas)[0]!;
    const edited = {
      ...document,
      components: {
        ...components,
        schemas: { ...components.schemas, [name]: { ...schema, description: 'edited: "yes"' } },
      },
    };
    const texts = documentTexts(edited, '# header\n');
    expect(texts).toEqual(plain(edited));
    expect(texts.yaml).toContain('description: "edited: \\"yes\\""');
  });

  it('serializes again only the entries that are new objects or not frozen (an edit in a shared spec)', () => {
    const own = structuredClone(spec);
    const entries = (d: Record<string, unknown>) =>
      [
        ...Object.values(d.paths as Record<string, object>),
        ...Object.values((d.components as { schemas: Record<string, object> }).schemas),
      ].filter((v) => Object.keys(v).length > 0);
    const first = buildDocument(own, { serviceVersion: null });
    documentTexts(first, '# header\n');
    const edited: Spec = {
      ...own,
      resources: own.resources.map((r) => (r.name === 'Schedules' ? { ...r, description: 'Edited.' } : r)),
    };
    const second = buildDocument(edited, { serviceVersion: null });
    const before = new Set(entries(first));
    const expected = entries(second).filter((e) => !Object.isFrozen(e) || !before.has(e)).length;
    const made = entryTextStats.made;
    const texts = documentTexts(second, '# header\n');
    expect(entryTextStats.made - made).toBe(expected);
    // Most entries are kept: on this spec the read resources' are the larger part.
    expect(expected).toBeLessThan(entries(second).length / 2);
    expect(texts).toEqual(plain(second));
    expect(texts.yaml).toContain('description: Edited.');
  });

  it('writes the skeleton again when names, values that are no entries or the rest of the document change', () => {
    const document = buildDocument(spec, { serviceVersion: null });
    const components = document.components as { schemas: Record<string, unknown> };
    const paths = document.paths as Record<string, unknown>;
    const [first] = Object.keys(components.schemas);
    const variants: Record<string, unknown>[] = [
      document,
      { ...document, components: { ...components, schemas: { ...components.schemas, Added: { type: 'string' } } } },
      { ...document, components: { ...components, schemas: { ...components.schemas, [first!]: {} } } },
      { ...document, components: { ...components, schemas: { ...components.schemas, [first!]: [] } } },
      { ...document, info: { ...(document.info as object), description: 'Changed.' } },
      { ...document, paths: { '/a': { get: { operationId: 'a' } }, ...paths } },
      { ...document, paths: {} },
      document,
    ];
    for (const variant of variants) expect(documentTexts(variant, '# header\n')).toEqual(plain(variant));
    // A one-shot run cuts its skeleton at the entries as it writes it: the same bytes for each.
    const withNote = { ...document, 'x-note': '__specgen_openapi_entry_0__' };
    for (const variant of [...variants, withNote, { ...document, components: undefined }]) {
      const chunks = documentChunks(variant, '# header\n', false);
      expect({ json: chunks.json.join(''), yaml: chunks.yaml.join('') }).toEqual(plain(variant));
    }
  });

  it('falls back to plain serialization when a spec string looks like a placeholder', () => {
    const document = { ...buildDocument(spec, { serviceVersion: null }), 'x-note': '__specgen_openapi_entry_0__' };
    expect(documentTexts(document, '# header\n')).toEqual(plain(document));
  });

  it("gives the texts as fragments, the same strings as the last call's but for the edited entry", () => {
    const own = structuredClone(spec);
    const first = documentChunks(buildDocument(own, { serviceVersion: null }), '# header\n');
    const edited: Spec = {
      ...own,
      resources: own.resources.map((r) => (r.name === 'Schedules' ? { ...r, description: 'Edited.' } : r)),
    };
    const document = buildDocument(edited, { serviceVersion: null });
    const second = documentChunks(document, '# header\n');
    expect({ json: second.json.join(''), yaml: second.yaml.join('') }).toEqual(plain(document));
    for (const kind of ['json', 'yaml'] as const) {
      expect(second[kind].length).toBe(first[kind].length);
      // A fragment that is a different string object: the edited resource's entries, and entries never kept (not frozen).
      const fresh = second[kind].filter((c, i) => !Object.is(c, first[kind][i]) && c.length > 64);
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh.length).toBeLessThan(second[kind].length / 4);
      expect(fresh.some((c) => c.includes('Edited.'))).toBe(true);
    }
  });

  it('keeps nothing for a later call when asked (a one-shot run), with the same bytes', () => {
    const document = buildDocument(structuredClone(spec), { serviceVersion: null });
    const once = (keep: boolean) => {
      const chunks = documentChunks(document, '# header\n', keep);
      return { json: chunks.json.join(''), yaml: chunks.yaml.join('') };
    };
    expect(once(false)).toEqual(plain(document));
    const kept = entryTextStats.kept;
    expect(once(false)).toEqual(plain(document));
    expect(entryTextStats.kept).toBe(kept);
    // with keep, the second call finds the first call's texts
    once(true);
    once(true);
    expect(entryTextStats.kept).toBeGreaterThan(kept);
  });
});

describe('streamDocument (a one-shot run writing openapi.json and openapi.yaml as it makes them)', () => {
  const streamed = (document: Record<string, unknown>) => {
    const parts = { json: [] as Buffer[], yaml: [] as Buffer[] };
    const out = {
      json: new ByteStream((b) => parts.json.push(Buffer.from(b))),
      yaml: new ByteStream((b) => parts.yaml.push(Buffer.from(b))),
    };
    streamDocument(document, '# header\n', out);
    out.json.end();
    out.yaml.end();
    return { json: Buffer.concat(parts.json).toString('utf8'), yaml: Buffer.concat(parts.yaml).toString('utf8') };
  };

  it('writes the same bytes as serializing the whole canonical document, for every version', () => {
    for (const version of [null, ...spec.versions]) {
      const document = buildDocument(structuredClone(spec), { serviceVersion: version });
      expect(streamed(document)).toEqual(plain(document));
    }
  });

  it('writes an entry shared by several names (the contract shares frozen schemas) at each of them', () => {
    const shared = Object.freeze({ type: 'string', enum: ['A', 'B'] });
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { First: shared, Second: { type: 'integer' }, Third: shared, 'Ünïcode 😀': shared } },
    };
    expect(streamed(document)).toEqual(plain(document));
    expect(streamed(document).json.match(/"enum"/g)).toHaveLength(3);
  });

  it('writes a document without paths or schemas', () => {
    const document = { openapi: '3.1.0', info: { title: 'none', version: '1' } };
    expect(streamed(document)).toEqual(plain(document));
  });
});

describe('canonical', () => {
  it('returns a part already in canonical order as it is, and copies only what it reorders', () => {
    const ordered = { type: 'object', properties: { A: { type: 'string' }, B: { type: 'integer' } } };
    expect(canonical(ordered)).toBe(ordered);
    const array = [ordered, { $ref: '#/x' }];
    expect(canonical(array)).toBe(array);
    const mixed = { properties: { B: { type: 'integer' }, A: { type: 'string', format: 'x' } }, type: 'object' };
    const sorted = canonical(mixed) as typeof mixed;
    expect(sorted).not.toBe(mixed);
    expect(JSON.stringify(sorted)).toBe(
      '{"type":"object","properties":{"A":{"type":"string","format":"x"},"B":{"type":"integer"}}}',
    );
    // an unchanged child is shared, a reordered one is a copy; the input is never changed
    expect(sorted.properties.B).toBe(mixed.properties.B);
    expect(Object.keys(mixed)).toEqual(['properties', 'type']);
    const withUndefined = { type: 'string', format: undefined };
    expect(canonical(withUndefined)).toEqual({ type: 'string' });
    expect(Object.keys(canonical(withUndefined) as object)).toEqual(['type']);
  });
});
