/** The code lens's change list as the extension shows it: given the lens argument, want the pick list. */
import { describe, expect, it } from 'vitest';
import { asChangeList, changeItems, changeListTitle, type ChangeList } from '../src/change-list.ts';

const list: ChangeList = {
  uri: 'file:///w/spec/service-api.md',
  subject: 'ProductRecords',
  baseRef: 'origin/main',
  changes: [
    { severity: 'info', rule: 'field-added', message: 'ProductRecords.Note was added', line: 90 },
    { severity: 'breaking', rule: 'field-removed', message: 'ProductRecords.Part was removed', line: 80 },
    { severity: 'warning', rule: 'field-nullable', message: 'ProductRecords.PartId became nullable', line: 79 },
    { severity: 'breaking', rule: 'type-changed', message: 'ProductRecords.Id changed type', line: 66 },
  ],
};

describe('the change list of a code lens', () => {
  it('accepts the lens argument and nothing else', () => {
    expect(asChangeList(list)).toBe(list);
    for (const other of [undefined, null, 'ProductRecords', {}, { ...list, changes: 'none' }, { ...list, uri: 1 }]) {
      expect(asChangeList(other)).toBeUndefined();
    }
  });

  it('titles the list with the subject, the count and the ref', () => {
    expect(changeListTitle(list)).toBe('ProductRecords: 4 changes vs origin/main');
    expect(changeListTitle({ ...list, changes: list.changes.slice(0, 1) })).toBe(
      'ProductRecords: 1 change vs origin/main',
    );
    expect(changeListTitle({ ...list, changes: [] })).toBe('ProductRecords: no changes vs origin/main');
  });

  it('lists breaking changes first, then warnings, then the rest, by line, each going to its 0-based line', () => {
    expect(changeItems(list)).toEqual([
      {
        label: '$(error) ProductRecords.Id changed type',
        description: 'breaking · type-changed · line 66',
        line: 65,
      },
      {
        label: '$(error) ProductRecords.Part was removed',
        description: 'breaking · field-removed · line 80',
        line: 79,
      },
      {
        label: '$(warning) ProductRecords.PartId became nullable',
        description: 'warning · field-nullable · line 79',
        line: 78,
      },
      { label: '$(info) ProductRecords.Note was added', description: 'info · field-added · line 90', line: 89 },
    ]);
  });
});
