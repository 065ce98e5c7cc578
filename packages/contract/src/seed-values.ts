/**
 * Deterministic demo values by field type and name: realistic-looking numbers, codes, dates with
 * offsets and durations, every enumeration value in turn, nulls in nullable fields, and 64-bit
 * keys above 2^53 (the production service has such ids).
 *
 * Pure, so both sides read it: the runtime's `data seed` (runtime-resources) and the reference
 * site's example answers (generate-docs) show the same values.
 */
import type { Field, ScalarKind } from '@specgen/ir';

/** A scalar field as a stored column: what a value is made from. */
export interface SeedColumn {
  field: Field;
  name: string;
  type: ScalarKind;
  nullable: boolean;
}

export const BIG = 9_007_199_254_740_993n; // 2^53 + 1

const WORDS = [
  'Hydraulic pump',
  'Gear housing',
  'Control valve',
  'Drive shaft',
  'Sensor unit',
  'Bearing kit',
  'Motor flange',
  'Cooling fan',
  'Pressure gauge',
  'Seal set',
];
const OFFSETS = ['+01:00', '+02:00', 'Z', '-05:00', '+05:30'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Record i's Id: a third above 2^53, the rest six-digit. */
export function seedId(i: number): bigint {
  return i % 3 === 0 ? BIG + BigInt(i) : 100_000n + BigInt(i);
}

/** Keys of referenced records: a pool of 40 per type, some above 2^53. */
export function referenceKey(i: number, salt: number): bigint {
  const k = (i * 7 + salt) % 40;
  return k % 4 === 0 ? 380_497_447_683_684_000n + BigInt(k) : 1000n + BigInt(k);
}

export function dateTime(i: number, salt: number): string {
  const offset = OFFSETS[(i + salt) % OFFSETS.length]!;
  const utc = Date.UTC(2023, 0, 1) + ((i * 7919 + salt * 104_729) % (3 * 365 * 24 * 60)) * 60_000;
  const sign = offset === 'Z' ? 0 : offset.startsWith('-') ? -1 : 1;
  const minutes = offset === 'Z' ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(utc + minutes * 60_000);
  const text = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:00`;
  return `${text}${offset}`;
}

function timeSpan(i: number, salt: number): string {
  const seconds = (i * 613 + salt * 37) % (3 * 86_400);
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const text = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor(rest / 60) % 60)}:${pad(rest % 60)}`;
  return days > 0 ? `${days}.${text}` : text;
}

function text(c: SeedColumn, i: number): string {
  const n = c.name;
  if (n === 'SerialNumber') return `SN-${pad(i, 6)}`;
  if (n === 'SerialNumberWithPartNumber') return `SN-${pad(i, 6)} P-${1000 + (i % 97)}`;
  if (n === 'ChargeNumber') return `CH-${2024 + (i % 3)}-${pad(i % 500, 4)}`;
  if (n.endsWith('PartNumber')) return `MPN-${pad((i * 31) % 100_000, 5)}`;
  if (n === 'Code') return `SCH-${pad(i, 3)}`;
  if (n.endsWith('Id')) return `AAMkAGI2${pad(i, 8)}`;
  if (/Description|Comment/.test(n)) return `${WORDS[i % WORDS.length]} ${i % 2 === 0 ? 'standard' : 'heavy duty'}`;
  const value = `${n.replace(/([a-z])([A-Z])/g, '$1 $2')} ${i}`;
  return c.field.maxLength === null ? value : value.slice(0, c.field.maxLength);
}

/** The value of column `c` in record `i` (`salt` = the field's position, so fields differ). */
export function seedValue(c: SeedColumn, i: number, salt: number): unknown {
  if (c.name === 'Id') return String(seedId(i));
  if (c.nullable && (i + salt) % 5 === 0) return null;
  const e = c.field.enumeration;
  if (e && e.bitmask) {
    const all = e.values.reduce((acc, v) => acc | v.value, 0);
    return ((i * 5 + salt) % (all + 1)) & all;
  }
  if (e) return e.values[(i + salt) % e.values.length]!.value;
  switch (c.type) {
    case 'Int64':
      return c.name.endsWith('Id') || c.field.references
        ? String(referenceKey(i, salt))
        : String(((i * 977 + salt) % 100_000) * 60);
    case 'Int32':
      return (i * 13 + salt) % (c.name === 'WarrantyMonths' ? 61 : 1000);
    case 'Decimal':
      return ((i * 7_919 + salt * 13) % 1_000_000) / 100;
    case 'Boolean':
      return (i + salt) % 3 === 0;
    case 'String':
      return text(c, i);
    case 'DateTimeOffset':
      return dateTime(i, salt);
    case 'TimeSpan':
      return timeSpan(i, salt);
  }
}
