/**
 * `generated/server/ir.json` after a row added to the spec: the entry lines print no positions, so
 * only the entry that really changed prints a new line; the positions of the entries below the row
 * change only in the `positions` member, and the snapshot still names the edited spec's lines.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specFromSnapshot } from '@specgen/ir';
import { runGenerate, scratch } from './generate-support.ts';

const ROW = '| Id | Int64 | Business key. | - |\n| SupplierId |';
const ADDED = '| AddedNote | String | A row added. | - |';

describe('ir.json after a row added to the spec', () => {
  it('differs only in the entry that changed and in the positions member', async () => {
    const run = scratch();
    const ir = join(run.out, 'server/ir.json');
    const args = ['--spec', run.spec, '--out', run.out, '--only', 'server', '--quiet'];
    expect((await runGenerate(args)).code).toBe(0);
    const before = readFileSync(ir, 'utf8');
    const text = readFileSync(run.spec, 'utf8');
    expect(text).toContain(ROW);
    const edited = text.replace(ROW, ROW.replace('\n', `\n${ADDED}\n`));
    writeFileSync(run.spec, edited);
    expect((await runGenerate(args)).code).toBe(0);
    const after = readFileSync(ir, 'utf8');

    const [a, b] = [before.split('\n'), after.split('\n')];
    expect(b.length).toBe(a.length);
    const positionsAt = b.indexOf('"positions":{');
    expect(positionsAt).toBeGreaterThan(0);
    expect(a.indexOf('"positions":{')).toBe(positionsAt);
    const changed = (from: number, to: number) =>
      b.map((_line, i) => i).filter((i) => i >= from && i < to && b[i] !== a[i]);
    // above the positions member: the one resource that holds the added row
    const entries = changed(0, positionsAt);
    expect(entries.length).toBe(1);
    expect(b[entries[0] as number]).toContain('"name":"AddedNote"');
    // in it: that resource's positions and those of every entry below the row
    expect(changed(positionsAt, b.length).length).toBeGreaterThan(3);

    // read back, the added field is at the edited spec's line of the row
    const spec = specFromSnapshot(after);
    const field = spec.resources.flatMap((r) => r.fields).find((f) => f.name === 'AddedNote');
    const rowLine = edited.split('\n').indexOf(ADDED) + 1;
    expect(field?.source).toEqual({ file: expect.stringMatching(/spec\.md$/), line: rowLine, column: 3 });
  });
});
