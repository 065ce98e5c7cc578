import { parseSpecFile } from '@specgen/parser';
import { Schemas } from './src/schemas.ts';
const { spec } = parseSpecFile('spec/service-api.md');
const s = new Schemas(spec, '25.8');
console.log(
  s.field('ProductRecords', 'Status', 4),
  s.field('ProductRecords', 'Status', 8),
  s.field('ProductRecords', 'Id', '123'),
  s.field('ProductRecords', 'Id', 1.5),
  s.field('ProductRecords', 'WarrantyStartDate', 'x'),
  s.field('ProductRecords', 'Comment', null),
  s.field('ProductRecords', 'BlockContext', 64),
);
