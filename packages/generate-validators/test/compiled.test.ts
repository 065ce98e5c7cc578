/**
 * The generated schemas compile themselves with zod's `z.compile` on their first parse: every
 * exported schema is one that z.compile takes whole (no silent fall-back to zod's own parser), a
 * parse installs the compiled fast path, its results are those of zod's own parser (valid and
 * invalid values alike), schemaAt's schemas are kept and compiled too, and
 * `z.config({ jitless: true })` keeps zod's own parser. (Resources and closed structures run their
 * generated fast path first: `fast-path.test.ts`.)
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Validators, loadValidators } from './load-generated.ts';
import { productRecordJson } from './product-record-json.ts';

let v: Validators;
beforeAll(async () => {
  v = await loadValidators();
}, 60_000);

afterEach(() => {
  z.config({ jitless: false });
});

/** The same object schema on zod's own parser (`.pick()` builds a new schema, not compiled). */
function onZodsParser(schema: z.ZodObject): z.ZodObject {
  // Every key of the shape; typed as zod wants a mask of a string-keyed shape (no numeric keys).
  const mask = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, true])) as Record<string, true> &
    Record<number, never>;
  return schema.pick(mask);
}

const isCompiled = (schema: z.ZodType) => typeof (schema._zod.bag as { validator?: unknown }).validator === 'function';

describe('compiled on first parse', () => {
  it('every exported schema compiles whole (z.compile strict)', () => {
    const names = Object.keys(v).filter((name) => name.endsWith('Schema'));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(() => z.compile(v[name], { strict: true }), name).not.toThrow();
  });

  it("a first parse installs the compiled fast path; the decoded record is the one zod's own parser gives", () => {
    const schema = v.ProductRecordSchema as z.ZodObject;
    const record = v.parseJson(productRecordJson());
    const data = schema.parse(record);
    expect(isCompiled(schema)).toBe(true);
    expect(data).toEqual(onZodsParser(schema).parse(record));
    expect(data.Id).toBe(380497447683684471n);
    expect(data.Part).toEqual({ Id: 9007199254740993n, Description: 'bolt' });
  });

  it("a value the fast path refuses gets the issues of zod's own parser, every one of them", () => {
    const schema = v.ProductRecordSchema as z.ZodObject;
    schema.safeParse(v.parseJson(productRecordJson()));
    const bad = v.parseJson(
      productRecordJson({
        Id: '"12a"',
        WarrantyMonths: '1e10',
        Status: '8',
        Comment: '{"Text": "hi"}',
        OperationTime: '"24:00:00"',
      }),
    );
    const compiled = schema.safeParse(bad);
    const runtime = onZodsParser(schema).safeParse(bad);
    expect(compiled.success).toBe(false);
    expect(compiled.error!.issues).toEqual(runtime.error!.issues);
    expect(compiled.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'Id',
      'Comment.Id',
      'WarrantyMonths',
      'OperationTime',
      'Status',
    ]);
  });

  it('composed into a page of records (z.array), it decodes and reports paths as before', () => {
    const page = z.array(v.ProductRecordSchema);
    const records = [v.parseJson(productRecordJson()), v.parseJson(productRecordJson({ Id: '"7"' }))];
    expect(page.parse(records).map((r: { Id: bigint }) => r.Id)).toEqual([380497447683684471n, 7n]);
    expect(page.safeParse([records[0], { ...records[1], Id: 1.5 }]).error!.issues[0]).toMatchObject({
      path: [1, 'Id'],
      message: 'int64.integer: expected an integer, received 1.5',
    });
  });

  it('schemaAt keeps one schema per resource and field set, compiled on its first parse', () => {
    const at241 = v.schemaAt('ProductRecords', '24.1') as z.ZodObject;
    expect(v.schemaAt('ProductRecords', '24.2')).toBe(at241); // no field was introduced between 24.1 and 24.4
    expect(v.schemaAt('ProductRecords', '26.8')).not.toBe(at241);
    const json = productRecordJson().replace(
      /, "(RemainingExposureTime|IsExposureTimeActive|ExposureTimeNumberOfCycles|ManufacturerPartNumber)": [^,}]+/g,
      '',
    );
    expect(at241.safeParse(v.parseJson(json)).success).toBe(true);
    expect(isCompiled(at241)).toBe(true);
  });

  it("with z.config({ jitless: true }) nothing is compiled: the generated fast path (plain code) or zod's own parser", async () => {
    const fresh = await loadValidators();
    z.config({ jitless: true });
    const open = fresh.LoginRequestSchema as z.ZodObject;
    expect(open.safeParse({ ForceRelogin: false, Username: 'u' }).success).toBe(true);
    expect(isCompiled(open)).toBe(false);
    const schema = fresh.TotpLoginRequestSchema as z.ZodObject;
    expect(schema.safeParse({ MfaToken: 't', Code: 123456 }).success).toBe(true);
    expect(fresh.validate(schema, { MfaToken: 't', Code: '123456' }).issues[0]).toMatchObject({
      path: 'Code',
      rule: 'int32',
    });
  }, 60_000);
});
