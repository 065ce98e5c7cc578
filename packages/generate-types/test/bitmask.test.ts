/** The generated bitmask helpers and run-time version order, imported from generated sources. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTemplateEngine } from '@specgen/generate-core';
import { generateTypes } from '../src/index.ts';
import { fixtureSpec } from './fixture.ts';

let types: Record<string, any>;
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'specgen-types-'));
  const files = generateTypes({
    spec: fixtureSpec(),
    templates: createTemplateEngine(),
    options: { serviceVersion: null, specFile: 'fixture.md', packageVersion: '0.1.0' },
  });
  for (const f of files) {
    mkdirSync(dirname(join(root, f.path)), { recursive: true });
    writeFileSync(join(root, f.path), f.contents);
  }
  types = await import(join(root, 'types/src/index.ts'));
});

describe('bitmask helpers', () => {
  const flags = () => types.WidgetBlockContextFlags;

  it('lists the flags that occupy a bit, in bit order (None is not a flag)', () => {
    expect(flags().names).toEqual(['Withdrawal', 'Clearance', 'Delivery']);
  });

  it('has / set / flags / of', () => {
    const f = flags();
    expect(f.has(5, 'Delivery')).toBe(true);
    expect(f.has(5, 'Clearance')).toBe(false);
    expect(f.has(5, 'None')).toBe(false);
    expect(f.set(1, 'Clearance')).toBe(3);
    expect(f.set(7, 'Withdrawal', false)).toBe(6);
    expect(f.flags(6)).toEqual(['Clearance', 'Delivery']);
    expect(f.flags(0)).toEqual([]);
    expect(f.of('Withdrawal', 'Delivery')).toBe(5);
  });

  it('isValid refuses unknown bits, negatives and fractions', () => {
    const f = flags();
    expect([0, 7, 8, -1, 1.5].map((v) => f.isValid(v))).toEqual([true, true, false, false, false]);
  });

  it('refuses an unknown flag name', () => {
    expect(() => flags().has(1, 'Nope')).toThrow(/unknown flag "Nope"/);
  });
});

describe('enumerations and versions at run time', () => {
  it('keeps the spec spelling', () => {
    expect(types.WidgetStatus).toEqual({ NotInitialized: 0, Registrered: 1, Historical: 9 });
  });

  it('compares versions numerically', () => {
    expect(types.compareVersions('2.9', '2.18')).toBe(-1);
    expect(types.compareVersions('24.1', '24.1.0')).toBe(0);
    expect(types.availableAt('2.18', '2.9')).toBe(false);
    expect(types.availableAt(null, '2.9')).toBe(true);
    expect(() => types.compareVersions('x', '1')).toThrow(/malformed service version/);
    expect(types.serviceVersions).toEqual(['2.9', '2.18', '2.45', '22.6', '24.1']);
  });

  it('exports since maps that agree with the IR', () => {
    expect(types.WidgetSince).toMatchObject({ Id: null, Price: '2.9', ValidFrom: '2.18', LeadTime: '24.1' });
  });
});
