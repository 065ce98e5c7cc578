import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = fileURLToPath(new URL('../../../spec/service-api.md', import.meta.url));
export const specText = (): string => readFileSync(SPEC_PATH, 'utf8');

/** Deep copy without `source` (and `line`/`column` of blocks): compares IR apart from positions. */
export function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !['source', 'line', 'column', 'file'].includes(k))
        .map(([k, v]) => [k, withoutPositions(v)]),
    );
  }
  return value;
}

/** A small spec: one resource `Things` with its read path, plus `extraRows` in its table (from line 12). */
export function miniSpec(extraRows: string[] = [], after = ''): string {
  return [
    '# Mini', // 1
    '', // 2
    '## Resources and their fields', // 3
    '', // 4
    '### Things', // 5
    '', // 6
    'Represents a thing. Queryable, introduced in version 2.18. Type GUID: 3E3BFB7C-BB0C-495B-B88D-E1EFA1F50368.', // 7
    '', // 8
    '| Name | Type | Notes | Since |', // 9
    '|---|---|---|---|', // 10
    '| Id | Int64 | Business key. | - |', // 11
    ...extraRows, // 12...
    '',
    '## Endpoints',
    '',
    '### Read resources',
    '',
    '| Path tail | Required permission |',
    '|---|---|',
    '| Inventory/Things | Show things |',
    '',
    after,
  ].join('\n');
}
