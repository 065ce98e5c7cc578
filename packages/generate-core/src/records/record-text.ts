/**
 * Per-field lines that several templates print, made here in code instead of a template `{{#each}}`:
 * a Handlebars loop over 30,000 fields allocated 10-20 times the text it printed (a data frame,
 * options and a block-params array per item, a string per piece), and these lines run for every field
 * of every resource. The templates keep the file's shape and print the finished text; the views still
 * hold every field for a user's template that prints them its own way (docs/templates.md).
 */

/** A records view, or a view built on one (the validators' schema view): fields with their key and since literal. */
export interface SinceFields {
  readonly fields: readonly { readonly key: string; readonly sinceLiteral: string }[];
}

const sinceObjects = new WeakMap<SinceFields, string>();

/**
 * The since-map object literal of a record, `{` to `}` with one `key: 'version',` line per field
 * (the types and the validators package print the same one: made once per view object).
 */
export function sinceObjectText(view: SinceFields): string {
  let text = sinceObjects.get(view);
  if (text === undefined) {
    // concatenated, not joined from a list: the text is flattened once, with the file it is printed in
    let out = '{\n';
    for (const f of view.fields) out += memberLine(f.key, f.sinceLiteral);
    text = `${out}}`;
    sinceObjects.set(view, text);
  }
  return text;
}

/**
 * An object literal's member line, `  Key: value,` (a since map's `  Id: '2.24',`, an enumeration's
 * `  None: 0,`), one string per key and value: keys and values repeat across records and enumerations
 * of a large spec, and a memo hit allocates nothing. Forgotten past 20,000 keys.
 */
export function memberLine(key: string, value: string | number): string {
  let byValue = MEMBER_LINES.get(key);
  if (byValue === undefined) {
    if (MEMBER_LINES.size >= 20_000) MEMBER_LINES.clear();
    byValue = new Map();
    MEMBER_LINES.set(key, byValue);
  }
  let line = byValue.get(value);
  if (line === undefined) {
    line = `  ${key}: ${value},\n`;
    byValue.set(value, line);
  }
  return line;
}
const MEMBER_LINES = new Map<string, Map<string | number, string>>();
