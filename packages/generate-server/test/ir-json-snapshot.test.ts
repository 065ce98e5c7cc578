/** `ir.json` read back (`specFromSnapshot`): every position back in place, older snapshots, and snapshots that do not fit. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecFile } from '@specgen/parser';
import { type Spec, specFromSnapshot } from '@specgen/ir';
import { irJsonText, sortKeys } from '../src/ir-json.ts';

const { spec } = parseSpecFile(join(import.meta.dirname, '../../../spec/service-api.md'));
const text = irJsonText('marker', spec);
const edited = (edit: (snapshot: Record<string, unknown>) => void) => {
  const snapshot = JSON.parse(text) as Record<string, unknown>;
  edit(snapshot);
  return JSON.stringify(snapshot);
};
const positions = (snapshot: Record<string, unknown>) => snapshot['positions'] as Record<string, unknown>;

describe('the ir.json snapshot read back', () => {
  it('gives the parsed spec, every source in place', () => {
    const back = specFromSnapshot(text);
    expect(back).toEqual(spec);
    expect(back.resources[0]?.fields[0]?.source).toEqual(spec.resources[0]?.fields[0]?.source);
  });

  it('puts back positions in another file and positions that go up', () => {
    const other: Spec = structuredClone(spec);
    type Fields = [Spec['resources'][0]['fields'][0], Spec['resources'][0]['fields'][0]];
    const [first, second] = other.resources.map((r) => r.fields) as [Fields, Fields];
    first[0].source = { file: 'spec/other.md', line: 3, column: 7 };
    second[1].source = { ...second[1].source, line: 1 };
    expect(specFromSnapshot(irJsonText('marker', other))).toEqual(other);
  });

  it('loads an older snapshot that prints each source in place', () => {
    const older = `${JSON.stringify({ '//': 'marker', ...(sortKeys(spec) as object) })}\n`;
    expect(specFromSnapshot(older)).toEqual(spec);
  });

  it.each([
    [
      'an entry with one position too few',
      (s: Record<string, unknown>) => {
        const list = positions(s)['resources'] as string[];
        list[1] = (list[1] as string).replace(/ \S+$/, '');
      },
      /positions for resources\[1\]: \d+ positions for more places/,
    ],
    [
      'an entry with one position too many',
      (s: Record<string, unknown>) => {
        const list = positions(s)['endpoints'] as string[];
        list[0] = `${list[0]} +1:3`;
      },
      /positions for endpoints\[0\]: 2 positions for 1 places/,
    ],
    [
      'a list cut short',
      (s: Record<string, unknown>) => {
        (positions(s)['resources'] as string[]).pop();
      },
      /positions.resources: expected \d+ texts, one per entry of resources/,
    ],
    ['no positions for a list', (s: Record<string, unknown>) => delete positions(s)['commands'], /commands\[0\]/],
    [
      'a text that is not positions',
      (s: Record<string, unknown>) => {
        (positions(s)['limits'] as string[])[0] = 'line 4';
      },
      /positions.limits\[0\]: "line" is not a position/,
    ],
    ['no file list', (s: Record<string, unknown>) => delete positions(s)['files'], /positions.files/],
    [
      'a positions member that is no object',
      (s: Record<string, unknown>) => (s['positions'] = []),
      /expected an object/,
    ],
    [
      'positions for a member the snapshot lacks',
      (s: Record<string, unknown>) => (positions(s)['widgets'] = []),
      /positions.widgets: the snapshot has no member widgets/,
    ],
    [
      'an entry printing its own source as well',
      (s: Record<string, unknown>) => {
        const [command] = s['commands'] as [Record<string, unknown>];
        command['source'] = { file: 'x.md', line: 1, column: 1 };
      },
      /commands\[0\] prints a source of its own as well/,
    ],
  ])('refuses %s, saying what does not fit', (_name, edit, message) => {
    const broken = edited(edit);
    expect(() => specFromSnapshot(broken, 'deploy/ir.json')).toThrow(message);
    expect(() => specFromSnapshot(broken, 'deploy/ir.json')).toThrow(/^deploy\/ir.json: the positions do not fit/);
  });
});
