/** A small query schema resembling ProductRecords, built by hand. */
import type { QueryField, QuerySchema, ScalarType } from '../src/index.ts';

function f(
  name: string,
  type: ScalarType,
  nullable = false,
  enumValues: Record<string, number> | null = null,
  bitmask = false,
): QueryField {
  return { name, type, nullable, enumValues: enumValues ? new Map(Object.entries(enumValues)) : null, bitmask };
}

export const FIELDS = [
  f('Id', 'Int64'),
  f('SerialNumber', 'String'),
  f('CommentId', 'Int64', true),
  f('Status', 'Int32', false, { NotInitialized: 0, Registrered: 1, Inventory: 4 }),
  f(
    'BlockContext',
    'Int32',
    false,
    { None: 0, ManufacturingOrderWithdrawal: 1, ManufacturingOrderClearance: 2, CustomerOrderDelivery: 4 },
    true,
  ),
  f('HasWarranty', 'Boolean'),
  f('WarrantyStartDate', 'DateTimeOffset', true),
  f('OperationTime', 'TimeSpan', true),
  f('MeasurementSetting', 'Decimal', true),
];

export const SCHEMA: QuerySchema = {
  resource: 'ProductRecords',
  fields: new Map(FIELDS.map((x) => [x.name, x])),
  expandable: new Set(['Comment', 'Part']),
  later: new Map([['ManufacturerPartNumber', '26.7']]),
  version: '26.5',
  defaultTop: 100,
  maxTop: 1000,
};
