/** Six ProductRecords with hand-picked values, for query cases whose answers are known. */
import type { Spec } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';
import { importRecords, resourceModels, seedRecord } from '@specgen/runtime-resources';

export const IDS: Record<number, string> = {
  1: '1',
  2: '2',
  3: '9007199254740993',
  4: '9007199254740994',
  5: '5',
  6: '6',
};

const ROWS: Array<Record<string, unknown>> = [
  {
    Id: 1,
    SerialNumber: 'A-100',
    Status: 4,
    BlockContext: 0,
    HasWarranty: true,
    CommentId: 10,
    WarrantyStartDate: '2024-01-01T00:00:00Z',
    OperationTime: '01:00:00',
    MeasurementSetting: 1.5,
    WarrantyMonths: 12,
  },
  {
    Id: '2',
    SerialNumber: 'a-200',
    Status: 4,
    BlockContext: 1,
    HasWarranty: false,
    CommentId: null,
    WarrantyStartDate: '2024-01-01T01:00:00+02:00',
    OperationTime: null,
    MeasurementSetting: null,
    WarrantyMonths: 24,
  },
  {
    Id: '9007199254740993',
    SerialNumber: 'B-300',
    Status: 1,
    BlockContext: 5,
    HasWarranty: true,
    CommentId: '9007199254740995',
    WarrantyStartDate: null,
    OperationTime: '1.00:00:00',
    MeasurementSetting: 2.25,
    WarrantyMonths: 0,
  },
  {
    Id: '9007199254740994',
    SerialNumber: "O'Brien",
    Status: 9,
    BlockContext: 4,
    HasWarranty: false,
    CommentId: 10,
    WarrantyStartDate: '2025-06-30T12:00:00-05:00',
    OperationTime: '00:30:00',
    MeasurementSetting: -3,
    WarrantyMonths: 36,
  },
  {
    Id: 5,
    SerialNumber: 'C_100%',
    Status: 0,
    BlockContext: 31,
    HasWarranty: true,
    CommentId: 20,
    WarrantyStartDate: '2024-01-01T00:00:00.5Z',
    OperationTime: '01:00:00',
    MeasurementSetting: 0,
    WarrantyMonths: 12,
  },
  {
    Id: 6,
    SerialNumber: 'Zeta',
    Status: 5,
    BlockContext: 2,
    HasWarranty: false,
    CommentId: null,
    WarrantyStartDate: null,
    OperationTime: null,
    MeasurementSetting: 100,
    WarrantyMonths: 6,
  },
];

export async function loadKnownData(store: Store, spec: Spec): Promise<void> {
  const model = resourceModels({ spec }).find((m) => m.name === 'ProductRecords')!;
  const records = ROWS.map((row, i) => ({ ...seedRecord(model, i, false), ...row }));
  const result = await importRecords(store, model, JSON.stringify(records));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
}
