/** A $filter literal converted to the type of the field it is compared with. */
import type { LiteralKind } from './ast.ts';
import {
  parseDateTimeOffset,
  parseDecimal,
  parseInt32,
  parseInt64,
  parseString,
  parseTimeSpan,
  type Parsed,
} from './scalars.ts';
import type { QueryField, ScalarValue } from './schema.ts';

export function literalValue(f: QueryField, kind: Exclude<LiteralKind, 'null'>, text: string): Parsed<ScalarValue> {
  const mismatch = (): Parsed<never> => ({
    ok: false,
    message: `type mismatch: ${f.name} is ${f.type}${f.nullable ? '?' : ''}, got ${kind} ${kind === 'string' ? `'${text}'` : text}`,
  });
  switch (f.type) {
    case 'Int64':
      return kind === 'number' || kind === 'string' ? parseInt64(text) : mismatch();
    case 'Int32': {
      if (kind === 'string' && f.enumValues?.has(text)) return { ok: true, value: f.enumValues.get(text)! };
      if (kind === 'string' && f.enumValues && !/^-?\d+$/.test(text)) {
        return { ok: false, message: `'${text}' is not a value of ${f.name} (${[...f.enumValues.keys()].join(', ')})` };
      }
      return kind === 'number' || kind === 'string' ? parseInt32(text) : mismatch();
    }
    case 'Decimal':
      return kind === 'number' || kind === 'string' ? parseDecimal(text) : mismatch();
    case 'Boolean':
      return kind === 'boolean' ? { ok: true, value: text === 'true' } : mismatch();
    case 'String':
      return kind === 'string' ? parseString(text) : mismatch();
    case 'DateTimeOffset':
      return kind === 'datetime' || kind === 'string' ? parseDateTimeOffset(text, true) : mismatch();
    case 'TimeSpan':
      return kind === 'string' ? parseTimeSpan(text) : mismatch();
  }
}
