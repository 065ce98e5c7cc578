/**
 * The per-field and per-enumeration text of a resource module (`templates/types/resource.ts.hbs` prints
 * it as `enumDeclarations` and `interfaceBody`), made in code rather than in template loops: see
 * generate-core's records/record-text.ts for why. Each piece is pushed as it is and joined once.
 */
import type { EnumView, FieldView } from '@specgen/generate-core';

/** The interface's body, `{` to `}`: each field's JSDoc and its declaration (`Key?: Type;`). */
export function interfaceBody(fields: readonly FieldView[]): string {
  const out = ['{\n'];
  for (const f of fields) {
    out.push('  /**\n');
    for (const line of f.doc) out.push('   * ', line, '\n');
    out.push('   */\n  ', f.key, f.optional ? '?: ' : ': ', f.type, ';\n');
  }
  out.push('}');
  return out.join('');
}

/**
 * Every enumeration of a record: a blank line, its JSDoc, the const object of its values, then the
 * union type, or for a bitmask the number type, the flag-name type and the `defineBitmask` helpers.
 */
export function enumDeclarations(enums: readonly EnumView[]): string {
  const out: string[] = [];
  for (const e of enums) {
    const t = e.typeName;
    out.push('\n/**\n');
    for (const line of e.doc) out.push(' * ', line, '\n');
    out.push(' */\nexport const ', t, ' = {\n');
    for (const v of e.values) out.push('  ', v.key, ': ', String(v.value), ',\n');
    out.push('} as const;\n');
    if (e.bitmask) {
      out.push(
        `/** A combination of ${t} flags (bitwise or). */\nexport type ${t} = number;\n`,
        `/** Name of one ${t} flag. */\nexport type ${e.flagType} = keyof typeof ${t};\n`,
        `/** has / set / flags / of helpers for ${t} values. */\nexport const ${e.helpers} = defineBitmask(${t});\n`,
      );
    } else {
      out.push(`export type ${t} = (typeof ${t})[keyof typeof ${t}];\n`);
    }
  }
  return out.join('');
}
