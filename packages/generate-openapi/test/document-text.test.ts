import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import { buildDocument, canonical, toJson, toYaml } from '../src/index.ts';
import { documentTexts } from '../src/document-text.ts';

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
    const components = document['components'] as { schemas: Record<string, Record<string, unknown>> };
    const [name, schema] = Object.entries(components.schemas)[0]!;
    const edited = { ...document, components: { ...components, schemas: { ...components.schemas, [name]: { ...schema, description: 'edited: "yes"' } } } };
    const texts = documentTexts(edited, '# header\n');
    expect(texts).toEqual(plain(edited));
    expect(texts.yaml).toContain('description: "edited: \\"yes\\""');
  });

  it('falls back to plain serialization when a spec string looks like a placeholder', () => {
    const document = { ...buildDocument(spec, { serviceVersion: null }), 'x-note': '__specgen_openapi_entry_0__' };
    expect(documentTexts(document, '# header\n')).toEqual(plain(document));
  });
});
