/**
 * Gives the $filter syntax tree types: resolves field names against the schema of the configured
 * version, converts literals to the field's type, and rejects what cannot be evaluated, each error
 * pointing at the position of the offending part.
 */
import type { CompareOp, FilterNode } from './ast.ts';
import type { Condition } from './condition.ts';
import { QueryError } from './errors.ts';
import { literalValue } from './literal-value.ts';
import { describeUnknownField, type QueryField, type QuerySchema } from './schema.ts';

const FLIPPED: Record<CompareOp, CompareOp> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' };

export function checkFilter(node: FilterNode, schema: QuerySchema, option = '$filter'): Condition {
  const fail = (pos: number, message: string): never => {
    throw new QueryError(option, message, pos);
  };

  function field(node: FilterNode, role: string): QueryField {
    if (node.type !== 'field') return fail(node.pos, `${role} must be a field name`);
    const f = schema.fields.get(node.name);
    if (f) return f;
    if (schema.expandable.has(node.name))
      return fail(node.pos, `"${node.name}" is an expandable property and cannot be used in a filter`);
    return fail(node.pos, describeUnknownField(schema, node.name));
  }

  function literal(f: QueryField, node: FilterNode) {
    if (node.type === 'field' && f.enumValues?.has(node.name) && !schema.fields.has(node.name)) {
      return f.enumValues.get(node.name)!;
    }
    if (node.type !== 'literal') return fail(node.pos, `expected a literal to compare ${f.name} with`);
    if (node.kind === 'null') return fail(node.pos, 'null is not allowed here');
    const v = literalValue(f, node.kind, node.text);
    return v.ok ? v.value : fail(node.pos, v.message);
  }

  function compare(node: Extract<FilterNode, { type: 'compare' }>): Condition {
    let { left, right, op } = node;
    if (left.type !== 'field' && right.type === 'field') {
      [left, right] = [right, left];
      op = FLIPPED[op];
    }
    if (left.type !== 'field') return fail(node.pos, `"${node.op}" needs a field on one side`);
    if (right.type === 'field' && schema.fields.has(right.name)) {
      return fail(right.pos, `comparing two fields is not supported; compare ${left.name} with a literal`);
    }
    const f = field(left, 'left side');
    if (right.type === 'literal' && right.kind === 'null') {
      if (op !== 'eq' && op !== 'ne') return fail(right.pos, `null can only be compared with eq or ne`);
      return { kind: 'isnull', field: f, negate: op === 'ne' };
    }
    return { kind: 'compare', field: f, op, value: literal(f, right) };
  }

  function call(node: Extract<FilterNode, { type: 'call' }>): Condition {
    const args = node.args;
    const arity = (min: number, max: number) => {
      if (args.length < min || args.length > max) {
        const want = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
        fail(node.pos, `${node.name}() takes ${want} argument${min === 1 && max === 1 ? '' : 's'}, got ${args.length}`);
      }
    };
    switch (node.name) {
      case 'isnull':
      case 'isnotnull':
        arity(1, 1);
        return {
          kind: 'isnull',
          field: field(args[0]!, `argument of ${node.name}()`),
          negate: node.name === 'isnotnull',
        };
      case 'contains': {
        arity(2, Infinity);
        const f = field(args[0]!, 'first argument of contains()');
        return { kind: 'in', field: f, values: args.slice(1).map((a) => literal(f, a)) };
      }
      case 'has': {
        arity(2, 2);
        const f = field(args[0]!, 'first argument of has()');
        if (!f.bitmask) return fail(args[0]!.pos, `has() needs a bitmask field; ${f.name} is not a bitmask`);
        const flagNode = args[1]!;
        const flag =
          flagNode.type === 'literal' && flagNode.kind === 'string' && !f.enumValues?.has(flagNode.text)
            ? fail(
                flagNode.pos,
                `"${flagNode.text}" is not a flag of ${f.name} (${[...f.enumValues!.keys()].join(', ')})`,
              )
            : literal(f, flagNode);
        return { kind: 'has', field: f, flag: flag as number };
      }
      case 'like': {
        arity(2, 2);
        const f = field(args[0]!, 'first argument of like()');
        if (f.type !== 'String') return fail(args[0]!.pos, `like() needs a String field; ${f.name} is ${f.type}`);
        return { kind: 'like', field: f, pattern: literal(f, args[1]!) as string };
      }
      default:
        return fail(node.pos, `unknown function "${node.name}"`);
    }
  }

  function condition(node: FilterNode): Condition {
    switch (node.type) {
      case 'and':
      case 'or':
        return { kind: node.type, left: condition(node.left), right: condition(node.right) };
      case 'not':
        return { kind: 'not', operand: condition(node.operand) };
      case 'compare':
        return compare(node);
      case 'call':
        return call(node);
      case 'field': {
        const f = field(node, 'condition');
        if (f.type !== 'Boolean')
          return fail(node.pos, `${f.name} is ${f.type}, not a condition; compare it with a value`);
        return { kind: 'compare', field: f, op: 'eq', value: true };
      }
      case 'literal':
        return fail(node.pos, `a literal alone is not a condition`);
    }
  }

  return condition(node);
}
