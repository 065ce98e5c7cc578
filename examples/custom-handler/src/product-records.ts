/**
 * ProductRecords from memory: three records, Ids 1, 2 and 3. The handlers get the query options
 * parsed and checked against ProductRecords at the served version; they apply `$skip` and `$top`
 * here, and the server applies `$select` to what they return. A wrong field type in a record, or
 * a record missing a field, does not compile: the records are typed `ProductRecord`.
 */
import { HttpError, type Handlers } from '@service-api/server';
import { ProductRecordLifeCycleState, ProductRecordProductRecordType, ProductRecordStatus, type ProductRecord } from '@service-api/types';

function productRecord(id: bigint, serialNumber: string, partId: bigint): ProductRecord {
  return {
    Id: id, ProductRecordType: ProductRecordProductRecordType.ProductRecord, SerialNumberWithPartNumber: `${serialNumber}/P${partId}`,
    CommentId: null, Comment: null, CertificateId: null, Certificate: null, WarrantyCommitmentId: null, WarrantyCommitment: null,
    InstallationCommentId: null, InstallationComment: null, SerialNumber: serialNumber, ChargeNumber: '', PartId: partId, Part: null,
    ManufacturingOrderId: null, ManufacturingOrder: null, ExtraFields: null, HasWarranty: false, WarrantyStartDate: null,
    WarrantyEndDate: null, WarrantyMonths: 0, OwnerId: null, CustomerOrderId: null, CustomerOrder: null, CustomerOrderDeliveryRowId: null,
    CustomerOrderDeliveryRow: null, DeliveryAddressId: null, DeliveryAddress: null, BlockMessageId: null, BlockMessage: null,
    BlockedById: null, LifeCycleState: ProductRecordLifeCycleState.ApprovalForUse, BlockContext: 0, BlockedFromDate: null,
    BlockedToDate: null, MeasurementSetting: null, OperationTime: null, NumberOfCycles: null, OperationReportings: null,
    CustomerOrderOurReferenceId: null, BusinessContactReferenceId: null, CustomerOrderPartRevisionId: null, PartRevisionId: null,
    PlannedDeliveryDate: null, ActualDeliveryDate: null, MeasurementSettingWarranty: null, OperationTimeWarranty: null,
    NumberOfCyclesWarranty: null, PurchaseOrderId: null, ActualArrivalDate: null, ManufactureDate: '2026-01-15T08:00:00+01:00',
    InstallationOrderId: null, InstalledBy: null, InstallationDate: null, InstallationCode: '', WarrantyCode: '', RegistrationNo: '',
    TypeDescription: 'In-memory example', Status: ProductRecordStatus.Inventory, BestBeforeDate: null, ProductRecordBatchId: null,
    RemainingExposureTime: null, IsExposureTimeActive: false, ExposureTimeNumberOfCycles: null, ManufacturerPartNumber: '',
  };
}

export const RECORDS: readonly ProductRecord[] = [
  productRecord(1n, 'SN-0001', 100n),
  productRecord(2n, 'SN-0002', 100n),
  productRecord(3n, 'SN-0003', 200n),
];

export const productRecords: Partial<Handlers['ProductRecords']> = {
  async list({ query }) {
    if (query.filter !== null || query.orderBy.length > 0 || query.expand.length > 0) {
      throw new HttpError(400, 'This example serves ProductRecords from memory: $filter, $orderby and $expand are not supported.');
    }
    return RECORDS.slice(query.skip, query.skip + query.top);
  },
  async get({ id }) {
    return RECORDS.find((r) => r.Id === id) ?? null;
  },
};
