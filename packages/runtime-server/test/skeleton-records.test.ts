/** Records a handler returns -> the JSON body the skeleton sends: a table of given/want cases. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pageBody, projector, projectors, recordBody } from '../src/skeleton/records.ts';
import { jsonText } from '../src/skeleton/types.ts';

const shape = { fieldNames: ['Id', 'Name', 'PartId', 'Part', 'Rows'], expandable: new Set(['Part', 'Rows']) };
const record = {
  Rows: [{ Id: 7n }],
  Part: { Id: 5n, Name: 'p' },
  PartId: 5n,
  Name: 'n "quoted"',
  Id: 9007199254740993n,
  Extra: 'dropped',
};
const none = { select: null, expand: [] };

const cases: Array<{ name: string; plan: { select: string[] | null; expand: string[] }; want: string }> = [
  {
    name: 'every field in spec order, Int64 as strings, related records null unless expanded, unknown keys dropped',
    plan: none,
    want: '{"Id":"9007199254740993","Name":"n \\"quoted\\"","PartId":"5","Part":null,"Rows":null}',
  },
  {
    name: '$select keeps spec order, not the order of the option',
    plan: { select: ['PartId', 'Id'], expand: [] },
    want: '{"Id":"9007199254740993","PartId":"5"}',
  },
  {
    name: '$select of an expandable field without $expand answers null',
    plan: { select: ['Part'], expand: [] },
    want: '{"Part":null}',
  },
  {
    name: '$expand keeps the related record, bigints inside it as strings',
    plan: { select: ['Id'], expand: ['Part'] },
    want: '{"Id":"9007199254740993","Part":{"Id":"5","Name":"p"}}',
  },
  {
    name: '$expand of a list',
    plan: { select: null, expand: ['Rows'] },
    want: '{"Id":"9007199254740993","Name":"n \\"quoted\\"","PartId":"5","Part":null,"Rows":[{"Id":"7"}]}',
  },
];

describe('skeleton records -> JSON', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(recordBody(projector(shape, c.plan), record)).toBe(c.want);
      expect(pageBody(projector(shape, c.plan), [record, record])).toBe(`[${c.want},${c.want}]`);
    });
  }

  it('a missing field is null; an empty page is []', () => {
    expect(recordBody(projector(shape, { select: ['Name'], expand: [] }), { Id: 1n })).toBe('{"Name":null}');
    expect(pageBody(projector(shape, none), [])).toBe('[]');
  });

  it("serialised JSON passes through untouched (the default handlers' fast path)", () => {
    const bytes = new TextEncoder().encode('[{"Id":"1"}]');
    expect(pageBody(projector(shape, { select: ['Name'], expand: [] }), jsonText(bytes))).toBe(bytes);
    expect(recordBody(projector(shape, none), jsonText('{"x":1}'))).toBe('{"x":1}');
  });

  it('records from an async iterable are streamed: the same bytes as from an array', async () => {
    async function* records() {
      yield record;
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield { ...record, Id: 2n };
    }
    const plan = { select: ['Id', 'Name'], expand: [] };
    const stream = pageBody(projector(shape, plan), records());
    expect(stream).toBeInstanceOf(Readable);
    let text = '';
    for await (const chunk of stream as Readable) text += String(chunk);
    expect(text).toBe(pageBody(projector(shape, plan), [record, { ...record, Id: 2n }]));
    let empty = '';
    for await (const chunk of pageBody(projector(shape, plan), (async function* () {})()) as Readable)
      empty += String(chunk);
    expect(empty).toBe('[]');
  });

  it('projectors builds one projector per plan object (plans are kept per query text), the same bytes as a fresh one', () => {
    const projectorOf = projectors(shape);
    const plan = { select: ['Id', 'PartId'], expand: [] };
    expect(projectorOf(plan)).toBe(projectorOf(plan));
    expect(projectorOf({ ...plan })).not.toBe(projectorOf(plan));
    expect(projectorOf(plan)(record)).toBe(projector(shape, plan)(record));
  });

  it('a list handler that returns neither an array, an async iterable nor jsonText is a programming error', () => {
    expect(() => pageBody(projector(shape, none), { Id: 1n } as never)).toThrow(
      /must return an array of records, an async iterable of records or jsonText/,
    );
  });
});
