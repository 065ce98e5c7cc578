import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { field } from '@specgen/ir';
import { naming } from '@specgen/naming';
import { parseSpecFile } from '@specgen/parser';
import { buildDocument } from '../src/index.ts';
import { fieldShareKey } from '../src/openapi/field-share.ts';

const SPEC = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));
const spec = parseSpecFile(SPEC).spec;

type Json = Record<string, unknown>;
/** A one-shot build (no memo): the only frozen objects in it are the ones the contract shares. */
const oneShot = () => buildDocument(spec, { serviceVersion: null, memo: false }) as Json;

const isDeepFrozen = (value: unknown): boolean => {
  if (value === null || typeof value !== 'object') return true;
  if (!Object.isFrozen(value)) return false;
  return Object.values(value).every(isDeepFrozen);
};

/** Every object of `value` with its JSON text, each visit (repeats by identity included). */
function visits(value: unknown, out: { object: object; text: string }[] = []) {
  if (value === null || typeof value !== 'object') return out;
  out.push({ object: value, text: JSON.stringify(value) });
  for (const child of Object.values(value)) visits(child, out);
  return out;
}

/** A `$ref` to a component other than a scalar kind's (Int64, TimeSpan, ...: json-schema.ts). */
const OWN_REF = /"\$ref":"#\/components\/schemas\/(?!(?:Nullable)?(?:Int64|Int32|Decimal|DateTimeOffset|TimeSpan)")/;

describe('objects the OpenAPI document shares (one frozen object per repeated piece)', () => {
  const doc = oneShot();
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  // the resource records' fields (a structure's field is a copy with the request limits spread in)
  const records = spec.resources.map((r) => schemas[naming.componentSchema(naming.recordType(r.name))] ?? {});
  const fieldSchemas = records.flatMap((s) => Object.values((s.properties as Json | undefined) ?? {}));

  it('gives fields of the same scalar facts one frozen schema, which no later step of the build changed', () => {
    const byText = new Map<string, Set<unknown>>();
    let repeats = 0;
    for (const schema of fieldSchemas) {
      const text = JSON.stringify(schema);
      // enumerations and references are a field's own (they name components); the scalar kinds' are shared
      if (OWN_REF.test(text)) continue;
      const set = byText.get(text) ?? new Set();
      if (byText.has(text)) repeats++;
      byText.set(text, set.add(schema));
    }
    // the real spec repeats field schemas (Ids, names, dates): 11 repeats at this writing
    expect(repeats).toBeGreaterThan(5);
    for (const set of byText.values()) {
      expect(set.size).toBe(1);
      const [schema] = set;
      expect(isDeepFrozen(schema)).toBe(true);
    }
  });

  it('refuses a change to a shared schema (a later step that set a key in place would throw, not corrupt others)', () => {
    const shared = fieldSchemas.find((s) => Object.isFrozen(s)) as Json;
    expect(shared).toBeDefined();
    expect(() => {
      shared.description = 'changed';
    }).toThrow(TypeError);
  });

  it('shares error response contents and decisions across operations, frozen', () => {
    const all = visits(doc.paths);
    const contents = all.filter((v) =>
      v.text.startsWith('{"application/json":{"schema":{"$ref":"#/components/schemas/ErrorMessage"}'),
    );
    expect(contents.length).toBeGreaterThan(50);
    const distinctTexts = new Set(contents.map((c) => c.text));
    expect(new Set(contents.map((c) => c.object)).size).toBe(distinctTexts.size);
    for (const c of contents) expect(isDeepFrozen(c.object)).toBe(true);
    const decisions = all.filter((v) => v.text.startsWith('{"unknown":') || v.text.startsWith('{"decision":'));
    expect(new Set(decisions.map((d) => d.object)).size).toBe(new Set(decisions.map((d) => d.text)).size);
  });

  it('writes the same document as a memoized (deep-frozen) build of new spec objects', () => {
    const memoized = buildDocument(structuredClone(spec), { serviceVersion: null });
    expect(JSON.stringify(doc)).toBe(JSON.stringify(memoized));
    // and a second one-shot build of the same spec gives the same text (nothing shared was changed)
    expect(JSON.stringify(oneShot())).toBe(JSON.stringify(doc));
  });
});

describe('fieldShareKey', () => {
  it('gives a field whose free text holds the key separator no shared key, so two different fields never collide', () => {
    const plain = field('Name', 'String', { notes: 'a' });
    expect(fieldShareKey(plain, undefined, false)).toBeTypeOf('string');
    // notes "a\u0001b" must not share with a field whose notes are "a" and whose next fact reads "b"
    expect(fieldShareKey(field('Name', 'String', { notes: 'a\u0001b' }), undefined, false)).toBeUndefined();
    expect(fieldShareKey(field('Name', 'String', { references: 'X\u0001' }), undefined, false)).toBeUndefined();
  });
});
