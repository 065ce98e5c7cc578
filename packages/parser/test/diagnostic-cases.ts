/** Inputs for the per-code diagnostic tests: the markdown and the exact position expected. */
import type { DiagnosticCode } from '@specgen/diagnostics';
import { miniSpec } from './helpers.ts';

export interface Case {
  code: DiagnosticCode;
  markdown: string;
  line: number;
  column: number;
  /** Text the message must contain (e.g. its suggestion). */
  says?: string;
}

const section = (title: string, body: string[]) => ['', title, '', ...body].join('\n');
/** Mini spec with a `### Sign-in structures` section (lines 5-11) before `### Things` (line 13). */
const withStructure = (row: string, after = '') =>
  miniSpec([], after).replace(
    '\n### Things',
    `${section('### Sign-in structures', ['**Secret response** (JSON)', '', '| Field | Type | Notes |', '|---|---|---|', row])}\n\n### Things`,
  );

export const CASES: Case[] = [
  // unknown-type, one case per kind of field table: resource, sign-in structure (typo of a scalar, undefined name).
  {
    code: 'unknown-type',
    markdown: miniSpec(['| Count | int | Number. | - |']),
    line: 12,
    column: 11,
    says: 'did you mean Int32?',
  },
  {
    code: 'unknown-type',
    markdown: miniSpec(['| Flag | Bolean | Yes or no. | - |']),
    line: 12,
    column: 10,
    says: 'did you mean Boolean?',
  },
  // A name of Object's prototype is neither a scalar alias nor a hint.
  {
    code: 'unknown-type',
    markdown: miniSpec(['| Count | toString | Number. | - |']),
    line: 12,
    column: 11,
    says: 'type "toString" is not one of',
  },
  {
    code: 'unknown-type',
    markdown: withStructure('| ForceRelogin | Bolean | Force. |'),
    line: 11,
    column: 18,
    says: 'did you mean Boolean?',
  },
  {
    code: 'unknown-type',
    markdown: withStructure('| Owner | Thingz | Owner. |'),
    line: 11,
    column: 11,
    says: 'type "Thingz" of SecretResponse.Owner is not a scalar, a sign-in structure or a resource of the spec; did you mean Things?',
  },
  // unknown-payload-type: a command's Returns cell and an error table's Body cell.
  {
    code: 'unknown-payload-type',
    markdown: withStructure(
      '| Secret | String | Base32. |',
      section('## Endpoints', [
        '### Commands',
        '',
        '| Command | Returns |',
        '|---|---|',
        '| GetSecret | 200 JSON secrt response. |',
      ]),
    ),
    line: 36,
    column: 24,
    says: 'command GetSecret says "JSON secrt response", which is neither a JSON string nor a sign-in structure; did you mean "JSON Secret response"?',
  },
  {
    code: 'unknown-payload-type',
    markdown: miniSpec(
      [],
      section('## Errors', [
        '### Things read',
        '',
        '| Status | Body | Condition |',
        '|---|---|---|',
        '| 401 | JSON strng: Login failed | Wrong. |',
      ]),
    ),
    line: 28,
    column: 14,
    says: 'did you mean "JSON string"?',
  },
  { code: 'malformed-version', markdown: miniSpec(['| Count | Int32 | Number. | 2.x |']), line: 12, column: 29 },
  { code: 'duplicate-field', markdown: miniSpec(['| Id | Int64 | Again. | - |']), line: 12, column: 3 },
  { code: 'duplicate-enum-value', markdown: miniSpec(['| Kind | Int32 | 0 = A, 0 = B. | - |']), line: 12, column: 25 },
  {
    code: 'enum-value-not-integer',
    markdown: miniSpec(['| Kind | Int32 | 0 = A, x = B. | - |']),
    line: 12,
    column: 25,
  },
  { code: 'table-missing-cell', markdown: miniSpec(['| Count | Int32 |']), line: 12, column: 16 },
  {
    code: 'duplicate-resource',
    markdown: miniSpec([], section('### Things', ['| Name | Type |', '|---|---|', '| Id | Int64 |'])).replace(
      '\n## Endpoints',
      `${section('### Things', ['| Name | Type |', '|---|---|', '| Id | Int64 |'])}\n\n## Endpoints`,
    ),
    line: 13,
    column: 5,
  },
  {
    code: 'enum-unknown-field',
    markdown: miniSpec(
      [],
      section('## States and transitions', ['### Enumerated statuses', '', 'Things.Nope: 0 None, 1 Some.']),
    ),
    line: 26,
    column: 1,
  },
  {
    code: 'undefined-resource',
    markdown: miniSpec().replace(
      '| Inventory/Things | Show things |',
      '| Inventory/Things | Show things |\n| Inventory/Ghosts | Show ghosts |',
    ),
    line: 20,
    column: 3,
  },
  {
    code: 'table-missing-column',
    markdown: miniSpec().replace(
      '| Name | Type | Notes | Since |\n|---|---|---|---|\n| Id | Int64 | Business key. | - |',
      '| Name | Notes |\n|---|---|\n| Id | Business key. |',
    ),
    line: 9,
    column: 1,
  },
  {
    code: 'resource-without-table',
    markdown: miniSpec().replace('\n## Endpoints', `${section('### Empty', ['Represents nothing.'])}\n\n## Endpoints`),
    line: 13,
    column: 5,
  },
  {
    code: 'resource-without-path',
    markdown: miniSpec().replace('| Inventory/Things | Show things |', ''),
    line: 5,
    column: 5,
  },
  {
    code: 'malformed-type-guid',
    markdown: miniSpec().replace('Type GUID: 3E3BFB7C-BB0C-495B-B88D-E1EFA1F50368.', 'Type GUID: not-a-guid.'),
    line: 7,
    column: 71,
  },
  {
    code: 'malformed-status',
    markdown: miniSpec(
      [],
      section('## Errors', ['### Things read', '', '| Status | Condition |', '|---|---|', '| 4xx | Broken. |']),
    ),
    line: 28,
    column: 3,
  },
  {
    code: 'malformed-statuses-line',
    markdown: miniSpec([], section('## States and transitions', ['### Enumerated statuses', '', 'Some prose here.'])),
    line: 26,
    column: 1,
  },
  {
    code: 'unknown-structure',
    markdown: miniSpec().replace(
      '\n### Things',
      `${section('### Sign-in structures', ['**LoginRequest** (body)', '', '| Field | Type | Notes |', '|---|---|---|', '| Username | String | Name. |', '', 'Other fields of Ghost: not shown.'])}\n\n### Things`,
    ),
    line: 13,
    column: 1,
  },
  {
    code: 'unknown-http-method',
    markdown: miniSpec().replace(
      '### Read resources',
      '### Sign-in\n\n| Method | Path | Request | Success response |\n|---|---|---|---|\n| FETCH | /a/login | - | 200, JSON. |\n\n### Read resources',
    ),
    line: 19,
    column: 3,
  },
];

/** The same kinds of table, written as the spec writes them: no diagnostic. */
export function withStructureClean(): string {
  return withStructure(
    '| Secret | String | Base32. |',
    [
      section('## Endpoints', [
        '### Commands',
        '',
        '| Command | Returns |',
        '|---|---|',
        '| GetSecret | 200 JSON secret response, plus header X-Id. |',
      ]),
      section('## Errors', [
        '### Secret',
        '',
        '| Status | Body | Condition |',
        '|---|---|---|',
        '| 401 | JSON string: Login failed | Wrong. |',
        '| 400 | JSON string stating that GetSecret failed | Bad. |',
      ]),
    ].join('\n'),
  ).replace(
    '| Id | Int64 | Business key. | - |',
    '| Id | Int64 | Business key. | - |\n| Comment | Comments | Expandable. | - |\n| Parts | Parts[] | Expandable. | - |',
  );
}
