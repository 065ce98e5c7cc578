import { describe, expect, it } from 'vitest';
import { parseQueryOptions, QueryError } from '../src/index.ts';
import { SCHEMA } from './fixture.ts';

const cases: Array<[Record<string, string>, string]> = [
  [{ $filter: 'Foo eq 1' }, '$filter: unknown field "Foo" at position 1'],
  [{ $filter: 'Status eq 1 and Foo eq 2' }, '$filter: unknown field "Foo" at position 17'],
  [
    { $filter: "serialNumber eq 'x'" },
    '$filter: unknown field "serialNumber" (did you mean "SerialNumber"?) at position 1',
  ],
  [
    { $filter: "ManufacturerPartNumber eq 'x'" },
    '$filter: field "ManufacturerPartNumber" is not available in service version 26.5 (introduced in 26.7) at position 1',
  ],
  [
    { $filter: "Status eq 'abc'" },
    "$filter: 'abc' is not a value of Status (NotInitialized, Registrered, Inventory) at position 11",
  ],
  [{ $filter: 'SerialNumber eq 5' }, '$filter: type mismatch: SerialNumber is String, got number 5 at position 17'],
  [{ $filter: 'HasWarranty eq 1' }, '$filter: type mismatch: HasWarranty is Boolean, got number 1 at position 16'],
  [
    { $filter: 'Id eq 9223372036854775808' },
    '$filter: 9223372036854775808 is outside the 64-bit integer range (-9223372036854775808 to 9223372036854775807) at position 7',
  ],
  [
    { $filter: 'Status eq 2147483648' },
    '$filter: 2147483648 is outside the 32-bit integer range (-2147483648 to 2147483647) at position 11',
  ],
  [{ $filter: "SerialNumber eq 'abc" }, '$filter: unterminated string at position 17'],
  [{ $filter: '(Status eq 1' }, '$filter: expected ")" but found end of input at position 13'],
  [{ $filter: 'Status eq 1)' }, '$filter: unexpected ")" at position 12'],
  [{ $filter: 'Status eq' }, '$filter: expected a field, literal or "(" but found end of input at position 10'],
  [{ $filter: 'Status eq 1; DROP TABLE x' }, '$filter: unexpected character ";" at position 12'],
  [{ $filter: 'foo(Status)' }, '$filter: unknown function "foo" at position 1'],
  [{ $filter: 'has(Status, 1)' }, '$filter: has() needs a bitmask field; Status is not a bitmask at position 5'],
  [
    { $filter: "has(BlockContext, 'Nope')" },
    '$filter: "Nope" is not a flag of BlockContext (None, ManufacturingOrderWithdrawal, ManufacturingOrderClearance, CustomerOrderDelivery) at position 19',
  ],
  [{ $filter: 'like(Status, 1)' }, '$filter: like() needs a String field; Status is Int32 at position 6'],
  [{ $filter: 'contains(Status)' }, '$filter: contains() takes at least 2 arguments, got 1 at position 1'],
  [{ $filter: 'Status gt null' }, '$filter: null can only be compared with eq or ne at position 11'],
  [
    { $filter: 'Comment eq 1' },
    '$filter: "Comment" is an expandable property and cannot be used in a filter at position 1',
  ],
  [{ $filter: 'Status' }, '$filter: Status is Int32, not a condition; compare it with a value at position 1'],
  [{ $filter: 'WarrantyStartDate gt 2024-13-01' }, '$filter: month 13 is out of range in "2024-13-01" at position 22'],
  [
    { $filter: "OperationTime gt '25:00:00'" },
    '$filter: hours, minutes or seconds out of range in "25:00:00" at position 18',
  ],
  [{ $filter: '' }, '$filter: empty filter at position 1'],
  [{ $select: 'Id,,Status' }, '$select: empty item in list at position 4'],
  [{ $select: 'Id, Nope' }, '$select: unknown field "Nope" at position 5'],
  [{ $expand: 'Comment,Status' }, '$expand: "Status" is not expandable at position 9'],
  [{ $expand: 'Comments' }, '$expand: unknown field "Comments" at position 1'],
  [
    { $orderby: 'Status sideways' },
    '$orderby: expected "<field> [asc|desc]" but found "Status sideways" at position 8',
  ],
  [
    { $orderby: 'Id desc, Comment' },
    '$orderby: "Comment" is an expandable property and cannot be sorted by at position 10',
  ],
  [{ $orderby: 'Id, Id desc' }, '$orderby: "Id" appears twice at position 5'],
  [{ $top: '-1' }, '$top: expected a non-negative integer, got "-1" at position 1'],
  [{ $top: '1001' }, '$top: must be at most 1000, got 1001 at position 1'],
  [{ $skip: '1 OR 1=1' }, '$skip: expected a non-negative integer, got "1 OR 1=1" at position 1'],
  [{ $count: 'true' }, '$count: unknown query option'],
];

describe('query option errors point at the position', () => {
  it.each(cases)('%j', (raw, message) => {
    let error: unknown;
    try {
      parseQueryOptions(raw, SCHEMA);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueryError);
    expect((error as Error).message).toBe(message);
  });

  it('refuses collection options on a single record', () => {
    expect(() => parseQueryOptions({ $top: '1' }, SCHEMA, ['$select', '$expand'])).toThrow(
      '$top: not allowed for a single record',
    );
  });

  it('refuses filters nested too deeply, too long or with too many terms', () => {
    expect(() => parseQueryOptions({ $filter: `${'('.repeat(60)}Status eq 1${')'.repeat(60)}` }, SCHEMA)).toThrow(
      '$filter: nested more than 50 levels deep at position 51',
    );
    expect(() => parseQueryOptions({ $filter: `${'not '.repeat(60)}HasWarranty` }, SCHEMA)).toThrow(
      'nested more than 50 levels deep',
    );
    expect(() => parseQueryOptions({ $filter: `SerialNumber eq '${'x'.repeat(9000)}'` }, SCHEMA)).toThrow(
      '$filter: longer than 8000 characters at position 8001',
    );
    expect(() =>
      parseQueryOptions({ $filter: Array.from({ length: 700 }, () => `Id eq 1`).join(' or ') }, SCHEMA),
    ).toThrow('more than 2000 tokens');
    const wide = Array.from({ length: 400 }, (_, i) => `Status eq ${i}`).join(' or ');
    expect(parseQueryOptions({ $filter: wide }, SCHEMA).filter).not.toBeNull();
  });

  it('refuses an option given twice', () => {
    expect(() => parseQueryOptions({ $top: ['1', '2'] }, SCHEMA)).toThrow('$top: given more than once');
  });
});
