export { PageCache, planKey, DEFAULT_PAGE_CACHE_BYTES } from './page-cache.ts';
export { apiDocsPlugin } from './api-docs.ts';
export { dataCommand, DATA_HELP, type DataCommandOptions } from './data-command.ts';
export { seedResourceData } from './seed-data.ts';
export {
  resourceModel,
  resourceModels,
  isExpandable,
  type ResourceModel,
  type Expansion,
  type ScalarColumn,
} from './model.ts';
export { resourceView, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ResourceView } from './view.ts';
export { ensureResourceTables, analyzeResourceTables, type TableChange } from './tables.ts';
export { importRecords, checkRecords, formatProblem, type ImportProblem, type ImportResult } from './importer.ts';
export type { GeneratedValidators } from './generated-check.ts';
export { seedResources, seedRecord, seedEncoded, type SeedOptions } from './seed.ts';
export { encodeRecord, type EncodedRecord, type FieldError } from './record-codec.ts';
export { listRecords, getRecord } from './reader.ts';
export { writeRecords } from './writer.ts';
export { createResourceReads, type ResourceReads, type RecordPlan } from './resource-reads.ts';
