/**
 * `data seed`: a deterministic demo data set for every resource: records built by `seed-values`,
 * related records for expandable properties, written through the same checks as `data import`.
 */
import { naming } from '@specgen/naming';
import type { Store } from '@specgen/runtime-store';
import type { Expansion, ResourceModel } from './model.ts';
import { encodeRecord, type EncodedRecord } from './record-codec.ts';
import { seedValue } from '@specgen/contract';
import { withDeferredIndexes } from './tables.ts';
import { writeRecords } from './writer.ts';

export interface SeedOptions {
  /** Records per resource (default 60: every enumeration value appears). */
  count?: number;
  /** Also write related records for `$expand` (default true). */
  related?: boolean;
}

function relatedObject(x: Expansion, id: string, n: number): Record<string, unknown> {
  const kind = naming.recordType(x.target);
  const base: Record<string, unknown> = { Id: id };
  if (x.target === 'Comments') return { ...base, Text: `Comment ${n}: checked and approved` };
  if (x.target === 'Parts') return { ...base, PartNumber: `P-${1000 + n}`, Description: `Part ${n}` };
  if (x.target === 'Currencies') return { ...base, Code: ['SEK', 'EUR', 'USD', 'NOK'][n % 4] };
  if (x.target === 'Units') return { ...base, Code: ['pcs', 'kg', 'm', 'h'][n % 4] };
  return { ...base, Description: `${kind} ${n}` };
}

/** The raw input object of record `i` of a resource, as a user would import it. */
export function seedRecord(model: ResourceModel, i: number, related = true): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [salt, c] of model.columns.entries()) record[c.name] = seedValue(c, i, salt);
  if (!related) return record;
  for (const x of model.expansions) {
    if (x.keyField !== null) {
      const key = record[x.keyField];
      if (typeof key === 'string') record[x.name] = relatedObject(x, key, Number(BigInt(key) % 1000n));
    } else if (x.shape === 'list') {
      record[x.name] = Array.from({ length: i % 3 }, (_, k) =>
        relatedObject(x, String(BigInt(record.Id as string) * 10n + BigInt(k)), i + k),
      );
    }
  }
  return record;
}

export function seedEncoded(model: ResourceModel, i: number, related = true): EncodedRecord {
  const encoded = encodeRecord(model, seedRecord(model, i, related));
  if (Array.isArray(encoded))
    throw new Error(`seed record ${i} of ${model.name} is invalid: ${JSON.stringify(encoded)}`);
  return encoded;
}

export async function seedResources(
  store: Store,
  models: ResourceModel[],
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const count = options.count ?? 60;
  const written: Record<string, number> = {};
  await store.db.transaction().execute(async (trx) => {
    for (const model of models) {
      await withDeferredIndexes(trx, store.dialect, model, count, async () => {
        for (let start = 0; start < count; start += 1000) {
          const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) =>
            seedEncoded(model, start + k, options.related ?? true),
          );
          await writeRecords(trx, store.dialect, model, batch);
        }
      });
      written[model.name] = count;
    }
  });
  return written;
}
