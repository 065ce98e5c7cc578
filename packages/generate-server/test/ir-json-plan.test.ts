/** ir-json-plan.ts: a moved entry's positions read along the plan of its places, its text reused when all moved alike. */
import { describe, expect, it } from 'vitest';
import { type Source, positionsText } from '@specgen/ir';
import { collect, movedText, planOf } from '../src/ir-json-plan.ts';
import { positionsOf } from '../src/ir-json-strip.ts';

const at = (line: number, column = 3, file = 'a.md'): Source => ({ file, line, column });
const entry = (top: number, rows: number[]) => ({
  kind: 'x',
  source: at(top, 1),
  type: { text: 'String' },
  fields: rows.map((line, i) => ({
    name: `f${i}`,
    source: at(line),
    obsolete: i === 1 ? { source: at(line + 40) } : null,
  })),
});

describe('the positions of a moved entry', () => {
  it('are read along the plan in the order of a whole walk, and the plan refuses another shape', () => {
    const first = entry(10, [12, 13, 14]);
    const plan = planOf(first);
    expect(plan).not.toBeNull();
    const moved = entry(11, [13, 14, 15]);
    const along: Source[] = [];
    expect(plan && collect(moved, plan, along)).toBe(true);
    const walked: Source[] = [];
    positionsOf(moved, walked);
    expect(along).toEqual(walked);
    expect(along.map((s) => s.line)).toEqual([11, 13, 14, 54, 15]);
    // a field more, or an obsolete rule gone: not the plan's shape
    expect(plan && collect(entry(11, [13, 14, 15, 16]), plan, [])).toBe(false);
    expect(plan && collect({ ...moved, fields: moved.fields.map((f) => ({ ...f, obsolete: null })) }, plan, [])).toBe(
      false,
    );
  });

  it('reuse the last text but for the first position only when every position moved alike', () => {
    const files = ['a.md'];
    const last = {};
    const text = (positions: Source[]) => movedText(positions, files, last);
    const fresh = (positions: Source[]) => JSON.stringify(positionsText(positions, files));
    const positions = [at(10, 1), at(12), at(13), at(53)];
    expect(text(positions)).toBe(fresh(positions));
    const shifted = positions.map((p) => ({ ...p, line: p.line + 7 }));
    expect(text(shifted)).toBe(fresh(shifted));
    const oneMoved = [at(17, 1), at(19), at(21), at(60)];
    expect(text(oneMoved)).toBe(fresh(oneMoved));
    const otherColumn = [at(17, 1), at(19), at(21, 4), at(60)];
    expect(text(otherColumn)).toBe(fresh(otherColumn));
    const otherFile = [at(17, 1), at(19, 3, 'b.md'), at(21), at(60)];
    expect(movedText(otherFile, ['a.md', 'b.md'], last)).toBe(
      JSON.stringify(positionsText(otherFile, ['a.md', 'b.md'])),
    );
    expect(text([at(5, 1)])).toBe('"5:1"');
  });
});
