/**
 * Projection of a stored record's JSON text to some of its members, without parsing values.
 * Stored records are flat objects written by the record codec: `{"Key":value,...}` where a value is
 * null, a number, true/false or a JSON string (expandable properties are stored as null), so members
 * split at top-level commas outside strings.
 */
export function projectJson(text: string, keep: ReadonlySet<string>): string {
  let out = '';
  let i = 1; // after '{'
  const end = text.length - 1; // the closing '}'
  while (i < end) {
    const keyEnd = text.indexOf('"', i + 1);
    const key = text.slice(i + 1, keyEnd);
    let j = keyEnd + 2; // after ':'
    if (text.charCodeAt(j) === 34) {
      j++;
      while (text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      j++;
    } else {
      while (j < end && text.charCodeAt(j) !== 44) j++;
    }
    if (keep.has(key)) out += out === '' ? text.slice(i, j) : `,${text.slice(i, j)}`;
    i = j + 1; // skip ','
  }
  return `{${out}}`;
}
