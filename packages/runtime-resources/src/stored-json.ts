/**
 * A record's stored JSON: text on PostgreSQL, UTF-8 bytes on SQLite (written as a BLOB, so a page
 * of records is answered by concatenating bytes, with no decoding and re-encoding per request).
 */
export type StoredJson = string | Uint8Array;

export function jsonText(value: StoredJson): string {
  return typeof value === 'string'
    ? value
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8');
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** `[a,b,c]` from the stored values: bytes when every value is bytes, else text. */
export function jsonArray(values: StoredJson[]): string | Buffer {
  if (values.every((v) => typeof v === 'string')) return `[${values.join(',')}]`;
  const parts: Uint8Array[] = [OPEN];
  values.forEach((v, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(typeof v === 'string' ? Buffer.from(v, 'utf8') : v);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
