/** The text projection agrees with a lossless parse-pick-stringify on every resource and on hostile strings. */
import fc from 'fast-check';
import { parse, stringify } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { projectJson } from '../src/project-json.ts';
import { resourceModels, seedEncoded, seedRecord, encodeRecord, type EncodedRecord } from '../src/index.ts';
import { loadSpec } from './harness.ts';

function reference(text: string, keep: Set<string>): string {
  const record = parse(text) as Record<string, unknown>;
  return stringify(Object.fromEntries(Object.entries(record).filter(([k]) => keep.has(k)))) ?? '';
}

describe('projectJson', () => {
  it('matches the reference for seeded records of every resource and random field sets', async () => {
    const spec = await loadSpec();
    for (const model of resourceModels({ spec })) {
      const records = Array.from({ length: 30 }, (_, i) => seedEncoded(model, i, true));
      const names = model.resource.fields.map((f) => f.name);
      fc.assert(
        fc.property(fc.constantFrom(...records), fc.subarray(names), (r: EncodedRecord, keep) => {
          expect(projectJson(r.json, new Set(keep))).toBe(reference(r.json, new Set(keep)));
        }),
        { numRuns: 50 },
      );
    }
  });

  it('keeps strings with commas, quotes, backslashes and key-like text intact', async () => {
    const spec = await loadSpec();
    const model = resourceModels({ spec }).find((m) => m.name === 'Schedules')!;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(',', '"', '\\', ':', '{', '}', 'a', 'é', '\n', '😀') }), (s) => {
        const encoded = encodeRecord(model, {
          ...seedRecord(model, 1, false),
          Code: s,
          Description: `","Id":"1",${s}`,
        });
        if (Array.isArray(encoded)) throw new Error(JSON.stringify(encoded));
        const keep = new Set(['Id', 'Code', 'Description', 'End']);
        expect(projectJson(encoded.json, keep)).toBe(reference(encoded.json, keep));
        expect(JSON.parse(projectJson(encoded.json, keep)).Code).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});
