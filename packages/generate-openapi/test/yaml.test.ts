import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { yamlOf } from '../src/yaml.ts';

describe('yamlOf (YAML writer for JSON data)', () => {
  it('round-trips tricky scalars, keys, nesting and empty collections through a YAML parser', () => {
    const tricky = [
      'true',
      'False',
      'null',
      'yes',
      'no',
      '~',
      '',
      ' ',
      '1',
      '2.18',
      '0x1F',
      '-a',
      '- a',
      '[x',
      '{y}',
      'a: b',
      'a:',
      'x #y',
      '#c',
      '&anchor',
      '*alias',
      '!tag',
      '|',
      '>',
      "'q'",
      '"d"',
      '%',
      '@',
      '`',
      'é ü 日本',
      'line\nbreak',
      'tab\there',
      'trailing ',
      'Comma, separated; (list) [x]',
      '.inf',
      '-.nan',
      '2024-01-31T10:00:00+01:00',
      '1.02:03:04',
    ];
    const value = {
      scalars: tricky,
      keys: Object.fromEntries(tricky.map((t, i) => [t, i])),
      numbers: [0, -1, 1.5, 2147483647, -2147483648, 1e21],
      flags: [true, false, null],
      nested: [[1, [2, []]], { a: { b: [{ c: {} }, []] } }, [], {}],
      '200': { $ref: '#/components/schemas/X', 'x-since': '2.18' },
    };
    expect(parse(yamlOf(value))).toEqual(value);
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => yamlOf({ n: Number.NaN })).toThrow(TypeError);
    expect(() => yamlOf({ b: 1n })).toThrow(TypeError);
  });
});
