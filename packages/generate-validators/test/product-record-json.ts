/** Test support: a valid ProductRecord as JSON text, as the production service sends it. */

export const BIG = '380497447683684471'; // above 2^53, from the production service

/** A valid ProductRecord as the service would send it at the newest version. */
export function productRecordJson(overrides: Record<string, string> = {}): string {
  const fields: Record<string, string> = {
    Id: BIG, ProductRecordType: '1', SerialNumberWithPartNumber: '"SN-1 P-1"', CommentId: 'null', Comment: 'null',
    CertificateId: 'null', Certificate: 'null', WarrantyCommitmentId: 'null', WarrantyCommitment: 'null',
    InstallationCommentId: 'null', InstallationComment: 'null', SerialNumber: '"SN-1"', ChargeNumber: '""',
    PartId: '"9007199254740993"', Part: '{"Id": 9007199254740993, "Description": "bolt"}', ManufacturingOrderId: 'null',
    ManufacturingOrder: 'null', ExtraFields: 'null', HasWarranty: 'true', WarrantyStartDate: '"2026-01-31T00:00:00+01:00"',
    WarrantyEndDate: 'null', WarrantyMonths: '24', OwnerId: 'null', CustomerOrderId: 'null', CustomerOrder: 'null',
    CustomerOrderDeliveryRowId: 'null', CustomerOrderDeliveryRow: 'null', DeliveryAddressId: 'null', DeliveryAddress: 'null',
    BlockMessageId: 'null', BlockMessage: 'null', BlockedById: 'null', LifeCycleState: '0', BlockContext: '5',
    BlockedFromDate: 'null', BlockedToDate: 'null', MeasurementSetting: '12.5', OperationTime: '"-1.02:03:04.1234567"',
    NumberOfCycles: 'null', OperationReportings: 'null', CustomerOrderOurReferenceId: 'null', BusinessContactReferenceId: 'null',
    CustomerOrderPartRevisionId: 'null', PartRevisionId: 'null', PlannedDeliveryDate: 'null', ActualDeliveryDate: 'null',
    MeasurementSettingWarranty: 'null', OperationTimeWarranty: '"400.00:00:00"', NumberOfCyclesWarranty: 'null', PurchaseOrderId: 'null',
    ActualArrivalDate: 'null', ManufactureDate: 'null', InstallationOrderId: 'null', InstalledBy: 'null', InstallationDate: 'null',
    InstallationCode: '""', WarrantyCode: '""', RegistrationNo: '""', TypeDescription: '""', Status: '1', BestBeforeDate: 'null',
    ProductRecordBatchId: 'null', RemainingExposureTime: 'null', IsExposureTimeActive: 'false', ExposureTimeNumberOfCycles: 'null',
    ManufacturerPartNumber: '"MPN-1"',
    ...overrides,
  };
  return `{${Object.entries(fields).map(([k, val]) => `"${k}": ${val}`).join(', ')}}`;
}
