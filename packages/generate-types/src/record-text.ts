/**
 * The per-field and per-enumeration text of a resource module (`templates/types/resource.ts.hbs` prints
 * it as `enumDeclarations` and `interfaceBody`), made in code rather than in template loops: see
 * generate-core's records/record-text.ts for why. The pieces are concatenated (about 25% less CPU
 * than pushing them to a list joined once, the flattening of the text when it is written included).
 */
import { type EnumView, type FieldView, memberLine } from '@specgen/generate-core';

/** The interface's body, `{` to `}`: each field's JSDoc and its declaration (`Key?: Type;`). */
export function interfaceBody(fields: readonly FieldView[]): string {
  let out = '{\n';
  for (const f of fields) {
    out += '  /**\n';
    for (const line of f.doc) out += docLine(line);
    out += `   */\n  ${f.key}${f.optional ? '?: ' : ': '}${f.type};\n`;
  }
  return `${out}}`;
}

/**
 * A field's JSDoc line as printed, one string per distinct line: most lines repeat across fields
 * (`Spec type: ...`, `@since ...`, a scalar's note), and a memo hit allocates nothing. Forgotten past 20,000 lines.
 */
function docLine(line: string): string {
  let printed = DOC_LINES.get(line);
  if (printed === undefined) {
    if (DOC_LINES.size >= 20_000) DOC_LINES.clear();
    printed = `   * ${line}\n`;
    DOC_LINES.set(line, printed);
  }
  return printed;
}
const DOC_LINES = new Map<string, string>();

/**
 * Every enumeration of a record: a blank line, its JSDoc, the const object of its values, then the
 * union type, or for a bitmask the number type, the flag-name type and the `defineBitmask` helpers.
 */
export function enumDeclarations(enums: readonly EnumView[]): string {
  let out = '';
  for (const e of enums) {
    const t = e.typeName;
    out += '\n/**\n';
    for (const line of e.doc) out += ` * ${line}\n`;
    out += ` */\nexport const ${t} = {\n`;
    for (const v of e.values) out += memberLine(v.key, v.value);
    out += '} as const;\n';
    if (e.bitmask) {
      out +=
        `/** A combination of ${t} flags (bitwise or). */\nexport type ${t} = number;\n` +
        `/** Name of one ${t} flag. */\nexport type ${e.flagType} = keyof typeof ${t};\n` +
        `/** has / set / flags / of helpers for ${t} values. */\nexport const ${e.helpers} = defineBitmask(${t});\n`;
    } else {
      out += `export type ${t} = (typeof ${t})[keyof typeof ${t}];\n`;
    }
  }
  return out;
}
