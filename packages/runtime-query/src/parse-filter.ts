/**
 * Recursive-descent parser of $filter (the production service's OData-style syntax):
 *   or  := and ('or' and)*          and := unary ('and' unary)*
 *   unary := 'not' unary | comparison
 *   comparison := primary (op primary)?   op: eq ne neq gt ge lt le (any case)
 *   primary := '(' or ')' | name '(' args ')' | name | literal
 */
import { COMPARE_OPS, FUNCTIONS, type FilterNode } from './ast.ts';
import { QueryError } from './errors.ts';
import { tokenize, type Token } from './lexer.ts';

const KEYWORDS = new Set(['and', 'or', 'not', ...Object.keys(COMPARE_OPS)]);

/** Limits that keep a hostile filter from exhausting the stack or the SQL parameter budget. */
export const MAX_FILTER_LENGTH = 8000;
export const MAX_FILTER_DEPTH = 50;
export const MAX_FILTER_TERMS = 500;

export function parseFilter(input: string, option = '$filter'): FilterNode {
  if (input.length > MAX_FILTER_LENGTH)
    throw new QueryError(option, `longer than ${MAX_FILTER_LENGTH} characters`, MAX_FILTER_LENGTH + 1);
  const tokens = tokenize(input, option);
  if (tokens.length > MAX_FILTER_TERMS * 4)
    throw new QueryError(option, `more than ${MAX_FILTER_TERMS * 4} tokens`, tokens[MAX_FILTER_TERMS * 4]!.pos);
  let index = 0;
  let depth = 0;
  const enter = (t: Token) => {
    if (++depth > MAX_FILTER_DEPTH) fail(t, `nested more than ${MAX_FILTER_DEPTH} levels deep`);
  };
  const peek = (): Token => tokens[index]!;
  const next = (): Token => tokens[index++]!;
  const isWord = (t: Token, word: string) => t.type === 'ident' && t.text.toLowerCase() === word;
  const fail = (t: Token, message: string): never => {
    throw new QueryError(option, message, t.pos);
  };
  const describe = (t: Token) =>
    t.type === 'end' ? 'end of input' : `"${t.type === 'string' ? `'${t.text}'` : t.text}"`;

  function parseOr(): FilterNode {
    let left = parseAnd();
    while (isWord(peek(), 'or')) {
      const op = next();
      left = { type: 'or', left, right: parseAnd(), pos: op.pos };
    }
    return left;
  }

  function parseAnd(): FilterNode {
    let left = parseUnary();
    while (isWord(peek(), 'and')) {
      const op = next();
      left = { type: 'and', left, right: parseUnary(), pos: op.pos };
    }
    return left;
  }

  function parseUnary(): FilterNode {
    const t = peek();
    if (isWord(t, 'not') && tokens[index + 1]?.type !== 'lparen') {
      next();
      enter(t);
      const operand = parseUnary();
      depth--;
      return { type: 'not', operand, pos: t.pos };
    }
    return parseComparison();
  }

  function parseComparison(): FilterNode {
    const left = parsePrimary();
    const t = peek();
    const op = t.type === 'ident' ? COMPARE_OPS[t.text.toLowerCase()] : undefined;
    if (op === undefined) return left;
    next();
    const right = parsePrimary();
    return { type: 'compare', op, left, right, pos: t.pos };
  }

  function parsePrimary(): FilterNode {
    const t = next();
    switch (t.type) {
      case 'lparen': {
        enter(t);
        const inner = parseOr();
        depth--;
        if (peek().type !== 'rparen') fail(peek(), `expected ")" but found ${describe(peek())}`);
        next();
        return inner;
      }
      case 'string':
        return { type: 'literal', kind: 'string', text: t.text, pos: t.pos };
      case 'number':
        return { type: 'literal', kind: 'number', text: t.text, pos: t.pos };
      case 'datetime':
        return { type: 'literal', kind: 'datetime', text: t.text, pos: t.pos };
      case 'ident':
        return parseName(t);
      default:
        return fail(t, `expected a field, literal or "(" but found ${describe(t)}`);
    }
  }

  function parseName(t: Token): FilterNode {
    const lower = t.text.toLowerCase();
    if (peek().type === 'lparen') {
      if (!(FUNCTIONS as readonly string[]).includes(lower)) fail(t, `unknown function "${t.text}"`);
      next();
      enter(t);
      const args: FilterNode[] = [];
      if (peek().type !== 'rparen') {
        args.push(parseOr());
        while (peek().type === 'comma') {
          next();
          args.push(parseOr());
        }
      }
      depth--;
      if (peek().type !== 'rparen') fail(peek(), `expected "," or ")" but found ${describe(peek())}`);
      next();
      return lower === 'not' ? notCall(t, args) : { type: 'call', name: lower, args, pos: t.pos };
    }
    if (lower === 'null') return { type: 'literal', kind: 'null', text: 'null', pos: t.pos };
    if (lower === 'true' || lower === 'false') return { type: 'literal', kind: 'boolean', text: lower, pos: t.pos };
    if (KEYWORDS.has(lower)) fail(t, `unexpected operator "${t.text}"`);
    return { type: 'field', name: t.text, pos: t.pos };
  }

  function notCall(t: Token, args: FilterNode[]): FilterNode {
    if (args.length !== 1) fail(t, `not() takes one condition, got ${args.length}`);
    return { type: 'not', operand: args[0]!, pos: t.pos };
  }

  if (peek().type === 'end') fail(peek(), 'empty filter');
  const tree = parseOr();
  if (peek().type !== 'end') fail(peek(), `unexpected ${describe(peek())}`);
  return tree;
}
