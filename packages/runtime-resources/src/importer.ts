/**
 * `data import`: every record is checked against the resource's fields from the IR; when any
 * record is bad nothing is written and every problem is reported with its line and field.
 * Otherwise all records are written in one transaction (an existing Id is replaced).
 */
import type { Store } from '@specgen/runtime-store';
import { checkWithGenerated, type GeneratedValidators } from './generated-check.ts';
import { splitRecords } from './json-records.ts';
import type { ResourceModel } from './model.ts';
import { encodeRecord, type EncodedRecord } from './record-codec.ts';
import { withDeferredIndexes } from './tables.ts';
import { writeRecords } from './writer.ts';

export interface ImportProblem {
  line: number;
  field: string | null;
  message: string;
}

export type ImportResult = { ok: true; imported: number } | { ok: false; problems: ImportProblem[] };

/** `validators`: the generated schemas, checked after the IR checks pass (see generated-check.ts). */
export function checkRecords(
  model: ResourceModel,
  text: string,
  validators: GeneratedValidators | null = null,
): { records: EncodedRecord[]; problems: ImportProblem[] } {
  const { records, errors } = splitRecords(text);
  const problems: ImportProblem[] = errors.map((e) => ({ line: e.line, field: null, message: e.message }));
  const encoded: EncodedRecord[] = [];
  const seen = new Map<bigint, number>();
  for (const r of records) {
    const result = encodeRecord(model, r.value);
    if (Array.isArray(result)) {
      for (const e of result) problems.push({ line: r.line, field: e.field, message: e.message });
      continue;
    }
    // Checked as it will be served: properties the input leaves out (expandable ones, nullable fields) are null.
    const served = { ...Object.fromEntries(model.resource.fields.map((f) => [f.name, null])), ...(r.value as object) };
    const generated = validators ? checkWithGenerated(validators, model.name, served) : [];
    for (const e of generated) problems.push({ line: r.line, field: e.field, message: e.message });
    const first = seen.get(result.id);
    if (first !== undefined)
      problems.push({ line: r.line, field: 'Id', message: `duplicate Id ${result.id} (first on line ${first})` });
    seen.set(result.id, r.line);
    encoded.push(result);
  }
  return { records: encoded, problems: problems.sort((a, b) => a.line - b.line) };
}

/** `validators`: the generated validators module, when the caller has it (see generated-check.ts). */
export async function importRecords(
  store: Store,
  model: ResourceModel,
  text: string,
  validators: GeneratedValidators | null = null,
): Promise<ImportResult> {
  const { records, problems } = checkRecords(model, text, validators);
  if (problems.length > 0) return { ok: false, problems };
  await store.db
    .transaction()
    .execute((trx) =>
      withDeferredIndexes(trx, store.dialect, model, records.length, () =>
        writeRecords(trx, store.dialect, model, records),
      ),
    );
  return { ok: true, imported: records.length };
}

export function formatProblem(file: string, p: ImportProblem): string {
  return `${file}:${p.line}: ${p.field ?? 'record'}: ${p.message}`;
}
