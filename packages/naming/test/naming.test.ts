import { describe, expect, it } from 'vitest';
import { naming, pascalFromLabel, singular, snake } from '../src/index.ts';

describe('naming resolver', () => {
  it.each([
    ['ProductRecords', 'ProductRecord'],
    ['ManufacturingOrderOperations', 'ManufacturingOrderOperation'],
    ['SupplierPartLinks', 'SupplierPartLink'],
    ['Schedules', 'Schedule'],
    ['CaseEntryActivities', 'CaseEntryActivity'],
    ['CustomerOrderRowInflows', 'CustomerOrderRowInflow'],
    ['Addresses', 'Address'],
    ['ManualOperationStatuses', 'ManualOperationStatus'],
    ['Currencies', 'Currency'],
    ['PartPurchaseExpenseValues', 'PartPurchaseExpenseValue'],
    ['CaseEntry', 'CaseEntry'],
  ])('singular(%s) = %s', (a, b) => expect(singular(a)).toBe(b));

  it('derives structure names from labels', () => {
    expect(pascalFromLabel('Device secret response')).toBe('DeviceSecretResponse');
    expect(pascalFromLabel('TOTP login request')).toBe('TotpLoginRequest');
  });

  it('names tables, enums and operations consistently', () => {
    expect(snake('ManufacturingOrderOperations')).toBe('manufacturing_order_operations');
    expect(naming.enumType('ProductRecords', 'Status')).toBe('ProductRecordStatus');
    expect(naming.listOperation('Schedules')).toBe('listSchedules');
    expect(naming.getOperation('Schedules')).toBe('getSchedule');
  });
});
