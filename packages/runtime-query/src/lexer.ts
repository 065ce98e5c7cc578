/** Tokens of a $filter expression, each with its 1-based position in the option text. */
import { QueryError } from './errors.ts';

export type TokenType = 'lparen' | 'rparen' | 'comma' | 'ident' | 'string' | 'number' | 'datetime' | 'end';

export interface Token {
  type: TokenType;
  /** Source text; for strings the unquoted, unescaped value. */
  text: string;
  pos: number;
}

const IDENT = /[A-Za-z_$][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const DATETIME = /\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?/y;

export function tokenize(input: string, option = '$filter'): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const match = (re: RegExp): string | null => {
    re.lastIndex = i;
    const m = re.exec(input);
    return m ? m[0] : null;
  };
  while (i < input.length) {
    const c = input[i]!;
    const pos = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: c === '(' ? 'lparen' : c === ')' ? 'rparen' : 'comma', text: c, pos });
      i++;
    } else if (c === "'" || c === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= input.length) throw new QueryError(option, 'unterminated string', pos);
        if (input[j] === c) {
          if (input[j + 1] === c) {
            value += c;
            j += 2;
            continue;
          }
          break;
        }
        value += input[j];
        j++;
      }
      tokens.push({ type: 'string', text: value, pos });
      i = j + 1;
    } else if (/[0-9-]/.test(c)) {
      const dt = match(DATETIME);
      const num = dt === null ? match(NUMBER) : null;
      if (dt !== null) {
        tokens.push({ type: 'datetime', text: dt, pos });
        i += dt.length;
      } else if (num !== null) {
        tokens.push({ type: 'number', text: num, pos });
        i += num.length;
      } else throw new QueryError(option, `unexpected character "${c}"`, pos);
      if (i < input.length && /[A-Za-z0-9_.]/.test(input[i]!))
        throw new QueryError(option, `malformed literal "${input.slice(pos - 1, i + 1)}"`, pos);
    } else {
      const id = match(IDENT);
      if (id === null) throw new QueryError(option, `unexpected character "${c}"`, pos);
      tokens.push({ type: 'ident', text: id, pos });
      i += id.length;
    }
  }
  tokens.push({ type: 'end', text: '', pos: input.length + 1 });
  return tokens;
}
