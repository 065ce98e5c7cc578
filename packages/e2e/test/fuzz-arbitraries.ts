/**
 * fast-check arbitraries of hostile request parts for fuzz-endpoints.test.ts: literals of every
 * scalar type in and far out of range, $filter expressions (nested, mutated, raw), option lists,
 * ids, path segments, session headers and bodies (JSON of any shape, deep nesting, broken JSON).
 */
import fc from 'fast-check';

/** Any text: full unicode (lone surrogates become U+FFFD on the wire), NUL and quotes included. */
export const anyText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({
      unit: fc.constantFrom('\u0000', "'", '"', '(', ')', ',', ' ', '%', '\\', '\u2028', '\uFEFF', 'é', '𝔘', 'a', '1'),
      maxLength,
    }),
  );

const digits = (n: number) => '9'.repeat(n);

export const integerText = () =>
  fc.oneof(
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
    fc.constantFrom(
      '2147483647',
      '2147483648',
      '-2147483649',
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775809',
      '-0',
      '007',
    ),
    fc.integer({ min: 20, max: 3000 }).map(digits),
  );

export const decimalText = () =>
  fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
    fc
      .tuple(fc.bigInt({ min: -(10n ** 35n), max: 10n ** 35n }), fc.integer({ min: -99999, max: 99999 }))
      .map(([m, e]) => `${m}e${e}`),
    fc.constantFrom(
      '79228162514264337593543950335',
      '79228162514264337593543950336',
      '1e29',
      '-1e400',
      '1e-400',
      `1${'0'.repeat(500)}`,
      '0.1e999999999999',
    ),
  );

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export const dateTimeText = () =>
  fc
    .record({
      year: fc.integer({ min: 0, max: 99999 }),
      month: fc.integer({ min: 0, max: 99 }),
      day: fc.integer({ min: 0, max: 99 }),
      hour: fc.integer({ min: 0, max: 99 }),
      minute: fc.integer({ min: 0, max: 99 }),
      fraction: fc.option(fc.integer({ min: 0, max: 99999999 }).map(String)),
      zone: fc.constantFrom('Z', '+00:00', '+14:00', '-14:01', '+99:99', ''),
      dateOnly: fc.boolean(),
    })
    .map((d) => {
      const date = `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
      return d.dateOnly
        ? date
        : `${date}T${pad(d.hour, 2)}:${pad(d.minute, 2)}:00${d.fraction ? `.${d.fraction}` : ''}${d.zone}`;
    });

export const timeSpanText = () =>
  fc
    .record({
      negative: fc.boolean(),
      days: fc.option(fc.bigInt({ min: 0n, max: 10n ** 14n })),
      hours: fc.integer({ min: 0, max: 99 }),
      minutes: fc.integer({ min: 0, max: 99 }),
      seconds: fc.integer({ min: 0, max: 99 }),
      fraction: fc.option(fc.integer({ min: 0, max: 99999999 }).map(String)),
    })
    .map(
      (t) =>
        `${t.negative ? '-' : ''}${t.days === null ? '' : `${t.days}.`}${pad(t.hours, 2)}:${pad(t.minutes, 2)}:${pad(t.seconds, 2)}${t.fraction ? `.${t.fraction}` : ''}`,
    )
    .chain((text) =>
      fc.constantFrom(text, '99999999.23:59:59.9999999', '10675199.02:48:05.4775808', '-10675199.02:48:05.4775809'),
    );

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** A literal as written in a $filter: bare or quoted, of any type, or garbage. */
export const literal = () =>
  fc.oneof(
    integerText(),
    decimalText(),
    dateTimeText(),
    dateTimeText().map(quote),
    timeSpanText().map(quote),
    integerText().map(quote),
    anyText(30).map(quote),
    fc.constantFrom('null', 'true', 'false', 'NaN', 'INF', "'", "''", '-', '1.', '.5', '1e', '0x10'),
  );

/** A field of the resource: its name and scalar type (null for references and lists). */
export interface FuzzField {
  name: string;
  scalar: string | null;
}

const field = (fields: FuzzField[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fields.map((f) => f.name)) },
    { weight: 1, arbitrary: fc.constantFrom('Nope', 'id', 'Comment', '$it', 'A'.repeat(300)) },
  );

/** A literal of the field's own type (so the request gets past the type check), in or far out of range. */
function typedLiteral(f: FuzzField): fc.Arbitrary<string> {
  switch (f.scalar) {
    case 'Int32':
    case 'Int64':
      return fc.oneof(integerText(), integerText().map(quote));
    case 'Decimal':
      return decimalText();
    case 'DateTimeOffset':
      return fc.oneof(dateTimeText(), dateTimeText().map(quote));
    case 'TimeSpan':
      return timeSpanText().map(quote);
    case 'Boolean':
      return fc.constantFrom('true', 'false');
    default:
      return anyText(30).map(quote);
  }
}

/** A comparison of a field with a literal of its type; the type is picked first, so rare types (TimeSpan) come up as often as Int64. */
const typedCompare = (fields: FuzzField[]) => {
  const scalars = fields.filter((f) => f.scalar !== null);
  const byType = new Map<string, FuzzField[]>();
  for (const f of scalars.length > 0 ? scalars : [{ name: 'Id', scalar: 'Int64' }])
    byType.set(f.scalar!, [...(byType.get(f.scalar!) ?? []), f]);
  return fc
    .constantFrom(...byType.keys())
    .chain((type) => fc.constantFrom(...byType.get(type)!))
    .chain((f) =>
      fc.oneof(
        fc
          .tuple(fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), typedLiteral(f))
          .map(([o, l]) => `${f.name} ${o} ${l}`),
        fc.array(typedLiteral(f), { minLength: 1, maxLength: 4 }).map((ls) => `contains(${f.name}, ${ls.join(', ')})`),
      ),
    );
};

/** $filter expressions over `fields`: typed and untyped comparisons, logic, functions, parentheses, then mutated or raw. */
export function filterText(fields: FuzzField[]): fc.Arbitrary<string> {
  const op = fc.constantFrom('eq', 'ne', 'Neq', 'gt', 'ge', 'lt', 'le', 'EQ', 'add', 'has', '=', '');
  const untyped = fc
    .tuple(field(fields), op, literal())
    .chain(([f, o, l]) => fc.constantFrom(`${f} ${o} ${l}`, `${l} ${o} ${f}`, f));
  const tree = fc.letrec<{ expr: string; compare: string; logic: string; not: string; paren: string; call: string }>(
    (tie) => ({
      compare: fc.oneof({ weight: 5, arbitrary: typedCompare(fields) }, { weight: 1, arbitrary: untyped }),
      expr: fc.oneof(
        { maxDepth: 4, depthSize: 'small' },
        { weight: 5, arbitrary: tie('compare') },
        { weight: 2, arbitrary: tie('logic') },
        { weight: 1, arbitrary: tie('not') },
        { weight: 1, arbitrary: tie('paren') },
        { weight: 1, arbitrary: tie('call') },
      ),
      logic: fc
        .tuple(tie('expr'), fc.constantFrom('and', 'or', 'AND', 'Or', 'xor'), tie('expr'))
        .map(([a, o, b]) => `${a} ${o} ${b}`),
      not: tie('expr').map((e) => `not ${e}`),
      paren: tie('expr').map((e) => `(${e})`),
      call: fc
        .tuple(
          fc.constantFrom('contains', 'has', 'like', 'isnull', 'isnotnull', 'not', 'substringof', 'Contains', ''),
          field(fields),
          fc.array(literal(), { maxLength: 4 }),
        )
        .map(([fn, f, args]) => `${fn}(${[f, ...args].join(', ')})`),
    }),
  );
  const mutated = fc
    .tuple(tree.expr, fc.nat(), anyText(3))
    .map(([e, at, s]) => e.slice(0, at % (e.length + 1)) + s + e.slice(at % (e.length + 1)));
  const deep = fc
    .tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom('(', 'not ', 'not(', 'contains(Id,'), tree.compare)
    .map(([n, open, inner]) => `${open.repeat(n)}${inner}${open.includes('(') ? ')'.repeat(n) : ''}`);
  const wide = fc
    .tuple(fc.integer({ min: 1, max: 800 }), tree.compare)
    .map(([n, c]) => Array.from({ length: n }, () => c).join(' or '));
  // Well-formed and well-typed (only the values are hostile): these reach the SQL of the store.
  const typed = fc.letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { maxDepth: 3, depthSize: 'small' },
      { weight: 4, arbitrary: typedCompare(fields) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(tie('expr'), fc.constantFrom('and', 'or'), tie('expr'))
          .map(([x, o, y]) => `(${x}) ${o} (${y})`),
      },
      { weight: 1, arbitrary: tie('expr').map((x) => `not (${x})`) },
    ),
  })).expr;
  return fc.oneof(
    { weight: 20, arbitrary: typed },
    { weight: 8, arbitrary: tree.expr },
    { weight: 2, arbitrary: mutated },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: wide },
    { weight: 1, arbitrary: anyText(200) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(9000)) },
  );
}

const mostly = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile });
const names = (fields: FuzzField[]) => fields.map((f) => f.name);

/** $select / $expand lists: mostly known names, else unknown names, empty items, spaces, duplicates, raw text. */
export const listText = (fields: FuzzField[]) =>
  mostly(
    fc.subarray(names(fields), { minLength: 1 }).map((xs) => xs.join(',')),
    fc.oneof(
      fc
        .array(fc.oneof(field(fields), fc.constantFrom('', ' ', '*', 'Id/Name')), { maxLength: 8 })
        .map((xs) => xs.join(',')),
      anyText(60),
    ),
  );

const sortable = (fields: FuzzField[]) => {
  const scalars = fields.filter((f) => f.scalar !== null).map((f) => f.name);
  return scalars.length > 0 ? scalars : ['Id'];
};

export const orderbyText = (fields: FuzzField[]) =>
  mostly(
    fc
      .subarray(sortable(fields), { minLength: 1, maxLength: Math.min(3, sortable(fields).length) })
      .chain((xs) =>
        fc.tuple(...xs.map((x) => fc.constantFrom(x, `${x} asc`, `${x} desc`))).map((ys) => ys.join(', ')),
      ),
    fc.oneof(
      fc
        .array(fc.tuple(field(fields), fc.constantFrom('', ' asc', ' desc', ' DESC', ' sideways', '  desc  x')), {
          maxLength: 6,
        })
        .map((xs) => xs.map(([f, d]) => `${f}${d}`).join(',')),
      anyText(60),
    ),
  );

export const topText = () =>
  mostly(
    fc.integer({ min: 0, max: 1000 }).map(String),
    fc.oneof(integerText(), anyText(10), fc.constantFrom('1001', ' 5', '1e3', '-1')),
  );

export const idText = () => fc.oneof(integerText(), anyText(20), fc.constantFrom('100001', '9007199254740996', ''));

export const pathSegment = () =>
  fc.oneof(anyText(12), fc.constantFrom('EN', 'e', '001', '1.2.3', '99999999999.1', '..', '%00'));

/** Broken percent-encoding and stray separators appended to the query string. */
export const rawQueryJunk = () =>
  fc.constantFrom('&%', '&%zz=1', '&$filter=%C0%80', '&=', '&&&', '&$top', '&%00=%00', '&$filter=%E2%28%A1', '&a[b]=1');

/** 'valid' (a live session of demo), none, or a made-up id. */
export const sessionChoice = () =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant<'valid' | null | string>('valid') },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: anyText(40) },
    { weight: 1, arbitrary: fc.uuid() },
  );

const jsonValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    anyText(30),
    fc.constant('x'.repeat(5000)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyText(10), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const NAMES = ['Username', 'Password', 'ForceRelogin', 'MfaToken', 'Code', 'redirectUrl', 'state', 'code'];

/** Request bodies: sign-in shaped objects with any values, any JSON, deep nesting, broken JSON. */
export const bodyText = () =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .dictionary(
          fc.constantFrom(...NAMES),
          fc.oneof(fc.constantFrom('demo', 'mfa', '000000', '', 'http://127.0.0.1:8001/'), anyText(40), jsonValue),
          { maxKeys: 5 },
        )
        .map((o) => JSON.stringify(o)),
    },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 20000 })
        .chain((n) =>
          fc.constantFrom('['.repeat(n) + ']'.repeat(n), `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, '['.repeat(n)),
        ),
    },
    { weight: 1, arbitrary: anyText(100) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"Username":"demo","Password":"demo"',
        '{"Username":"\u0000","Password":"\u0000"}',
        '{"__proto__":{"x":1},"Username":"a","Password":"b"}',
        '{"Username":1e999,"Password":-0}',
      ),
    },
  );
