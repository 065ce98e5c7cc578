import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import type { Field } from '@specgen/ir';
import { resourceKey } from '@specgen/generate-core';
import { generateTypes } from '../src/index.ts';
import { fixtureSpec } from './fixture.ts';

/** Every leaf path of a field except source positions, with a value that differs from the current one. */
function mutations(f: Field): [string, (g: Field) => void][] {
  const out: [string, (g: Field) => void][] = [];
  const walk = (value: unknown, path: string[]) => {
    // Positions are not part of the key; null and discriminators (`kind`) have no same-shaped alternative.
    if (path.at(-1) === 'source' || value === null || path.at(-1) === 'kind') return;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      return;
    }
    const changed = typeof value === 'boolean' ? !value : typeof value === 'number' ? value + 1 : `${String(value)}x`;
    out.push([
      path.join('.'),
      (g) => {
        let target = g as unknown as Record<string, unknown>;
        for (const k of path.slice(0, -1)) target = target[k] as Record<string, unknown>;
        target[path.at(-1)!] = changed;
      },
    ]);
  };
  walk(f, []);
  return out;
}

describe('resourceKey (watch-mode memo key)', () => {
  const widgets = () => fixtureSpec().resources[0]!;

  it('ignores source positions (a line added above a resource is no change)', () => {
    const moved = widgets();
    moved.source = { ...moved.source, line: 99 };
    moved.fields[3]!.source = { ...moved.fields[3]!.source, line: 120 };
    expect(resourceKey(moved)).toBe(resourceKey(widgets()));
  });

  const probes: Field[] = [
    widgets().fields.find((f) => f.name === 'Status')!,
    widgets().fields.find((f) => f.name === 'OldRevisionId')!,
    widgets().fields.find((f) => f.name === 'Comment')!,
  ];
  for (const probe of probes) {
    for (const [path, mutate] of mutations(probe)) {
      it(`changes when ${probe.name}.${path} changes`, () => {
        const r = widgets();
        const index = r.fields.findIndex((f) => f.name === probe.name);
        mutate(r.fields[index]!);
        expect(resourceKey(r)).not.toBe(resourceKey(widgets()));
      });
    }
  }

  it('a regenerated unchanged resource is the same text; a changed one is re-rendered', () => {
    const templates = createTemplateEngine();
    const options = { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' };
    const first = generateTypes({ spec: fixtureSpec(), templates, options });
    const edited = fixtureSpec();
    edited.resources[0]!.fields[1]!.notes = 'Renamed.';
    const second = generateTypes({ spec: edited, templates, options });
    const changed = second.filter((f, i) => f.contents !== first[i]!.contents).map((f) => f.path);
    expect(changed).toEqual(['types/src/resources/widget.ts']);
  });
});
