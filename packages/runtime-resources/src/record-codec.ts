/**
 * A whole imported record: every field checked (unknown fields refused), the typed column values,
 * the record's JSON text in spec order (expandable properties null), and the related records the
 * input carried in its expandable properties (stored for `$expand`).
 */
import { isLosslessNumber, stringify } from 'lossless-json';
import { parseInt64, type ScalarValue } from '@specgen/runtime-query';
import type { ResourceModel, ScalarColumn } from './model.ts';
import { encodeScalar } from './scalar-codec.ts';

export interface FieldError {
  field: string | null;
  message: string;
}

export interface RelatedRecord {
  /** Property of the parent, e.g. `Comment` or `ExtraFields`. */
  property: string;
  target: string;
  /** Key of a referenced record (single with a `<Name>Id` field), else null (owned by the parent). */
  id: bigint | null;
  position: number;
  json: string;
}

export interface EncodedRecord {
  id: bigint;
  values: Record<string, ScalarValue | null>;
  json: string;
  related: RelatedRecord[];
}

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isLosslessNumber(v);

/** A related object keeps what it carries; its Id (when present) is normalised to the Int64 string form. */
function relatedJson(
  value: JsonObject,
  errors: FieldError[],
  property: string,
): { id: bigint | null; json: string } | null {
  const rawId = value['Id'];
  if (rawId === undefined || rawId === null) return { id: null, json: stringify(value) ?? 'null' };
  const text = isLosslessNumber(rawId) ? rawId.value : typeof rawId === 'string' ? rawId : null;
  const parsed = text === null ? null : parseInt64(text);
  if (!parsed?.ok) {
    errors.push({ field: `${property}.Id`, message: parsed ? parsed.message : 'expected a 64-bit integer' });
    return null;
  }
  return { id: parsed.value, json: stringify({ ...value, Id: String(parsed.value) }) ?? 'null' };
}

interface Layout {
  known: Set<string>;
  fields: Array<{ name: string; key: string; column: ScalarColumn | undefined }>;
}

const layouts = new WeakMap<ResourceModel, Layout>();

/** Per model, computed once: field order, `"Name":` prefixes and columns. */
function layoutOf(model: ResourceModel): Layout {
  let layout = layouts.get(model);
  if (!layout) {
    const columns = new Map(model.columns.map((c) => [c.name, c]));
    layout = {
      known: new Set(model.resource.fields.map((f) => f.name)),
      fields: model.resource.fields.map((f) => ({
        name: f.name,
        key: `${JSON.stringify(f.name)}:`,
        column: columns.get(f.name),
      })),
    };
    layouts.set(model, layout);
  }
  return layout;
}

export function encodeRecord(model: ResourceModel, input: unknown): EncodedRecord | FieldError[] {
  if (!isObject(input)) return [{ field: null, message: 'expected a JSON object' }];
  const errors: FieldError[] = [];
  const { known, fields } = layoutOf(model);
  for (const key of Object.keys(input))
    if (!known.has(key)) errors.push({ field: key, message: `unknown field of ${model.name}` });
  const values: Record<string, ScalarValue | null> = {};
  let json = '{';
  const related: RelatedRecord[] = [];
  for (const f of fields) {
    let value = 'null';
    if (f.column) {
      const encoded = encodeScalar(f.column, input[f.name]);
      if (encoded.ok) {
        values[f.name] = encoded.value;
        value = encoded.json;
      } else errors.push({ field: f.name, message: encoded.message });
    }
    json += json.length === 1 ? f.key + value : `,${f.key}${value}`;
  }
  for (const expansion of model.expansions) {
    const raw = input[expansion.name];
    if (raw === undefined || raw === null) continue;
    const items = expansion.shape === 'list' ? raw : [raw];
    if (!Array.isArray(items) || !items.every(isObject)) {
      errors.push({
        field: expansion.name,
        message: expansion.shape === 'list' ? 'expected an array of objects' : 'expected an object',
      });
      continue;
    }
    items.forEach((item, position) => {
      const r = relatedJson(item, errors, expansion.name);
      if (!r) return;
      if (expansion.keyField !== null) {
        const key = values[expansion.keyField];
        if (r.id === null || key !== r.id) {
          errors.push({
            field: `${expansion.name}.Id`,
            message: `must equal ${expansion.keyField} (${key ?? 'null'})`,
          });
          return;
        }
      }
      related.push({
        property: expansion.name,
        target: expansion.target,
        id: expansion.keyField ? r.id : null,
        position,
        json: r.json,
      });
    });
  }
  if (errors.length > 0) return errors;
  return { id: values['Id'] as bigint, values, json: `${json}}`, related };
}
