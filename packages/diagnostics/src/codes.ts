/**
 * The catalog of diagnostic codes. `DIAGNOSTIC_CODES` is typed `Record<DiagnosticCode, DiagnosticDoc>`,
 * so a code without severity, summary and documentation does not compile. docs/diagnostics.md
 * documents each code with an example; a test checks that every code appears there.
 */
import type { Severity } from './diagnostic.ts';

export type DiagnosticCode =
  | 'unknown-type'
  | 'malformed-version'
  | 'duplicate-field'
  | 'duplicate-resource'
  | 'duplicate-enum-value'
  | 'enum-value-not-integer'
  | 'enum-unknown-field'
  | 'undefined-resource'
  | 'table-missing-column'
  | 'table-missing-cell'
  | 'resource-without-table'
  | 'resource-without-path'
  | 'malformed-type-guid'
  | 'malformed-status'
  | 'malformed-statuses-line'
  | 'unknown-structure'
  | 'unknown-http-method'
  | 'unknown-payload-type';

/**
 * A fix an editor can apply for a code, as data (the language server's quick fixes read it):
 * `delete-row` removes the reported table row, `fill-missing-cells` appends a dash for every cell
 * a short row lacks, `replace-with-dash` writes a dash (none) over the reported value. Any message
 * with "did you mean X?" gets the replacement fix besides, whatever its code.
 */
export interface DiagnosticFix {
  kind: 'delete-row' | 'fill-missing-cells' | 'replace-with-dash';
  /** The quick fix's title in the editor. */
  title: string;
}

export interface DiagnosticDoc {
  severity: Severity;
  /** An edit that resolves the diagnostic, when one can be described without knowing the intent. */
  fix?: DiagnosticFix;
  /** One line, shown in lists. */
  summary: string;
  /** Why it matters and how to fix it. */
  doc: string;
}

export const DIAGNOSTIC_CODES: Record<DiagnosticCode, DiagnosticDoc> = {
  'unknown-type': {
    severity: 'error',
    summary: 'A field type is neither a scalar nor a well-formed reference to a resource or structure.',
    doc: 'Use one of Int64, Int32, Decimal, Boolean, String, DateTimeOffset, TimeSpan (or Integer), a PascalCase resource or structure name, optionally followed by [] and/or ?. Checked in every field table: a name one or two edits from a scalar (`Bolean`) is a typo in any table; in a sign-in structure a name must also be a scalar, a structure or a resource of the spec, since structures are whole JSON bodies. The message suggests the nearest valid name.',
  },
  'malformed-version': {
    severity: 'error',
    summary: 'A version (Since column, "introduced in version", "obsolete since") is not dotted numbers.',
    doc: 'Versions are numbers separated by dots, e.g. 2.18 or 26.7; a dash means no version. The value is recorded as null.',
    fix: { kind: 'replace-with-dash', title: 'Write a dash (no version)' },
  },
  'duplicate-field': {
    severity: 'error',
    summary: 'A field name appears twice in one table.',
    doc: 'Field names are unique per resource or structure. The first row is kept, the repeated one is dropped.',
    fix: { kind: 'delete-row', title: 'Remove the repeated row' },
  },
  'duplicate-resource': {
    severity: 'error',
    summary: 'Two resource sections (or structures) have the same name.',
    doc: 'Each resource has one `### Name` section. The first one is kept.',
  },
  'duplicate-enum-value': {
    severity: 'error',
    summary: 'An enumeration lists the same integer value twice.',
    doc: 'Each value of an enumeration appears once. The first entry is kept.',
  },
  'enum-value-not-integer': {
    severity: 'error',
    summary: 'An enumeration entry has a value that is not an integer.',
    doc: 'Enumerations are written `0 = Name, 1 = Other` in notes or `0 Name, 1 Other` in the Enumerated statuses section. The entry is dropped.',
  },
  'enum-unknown-field': {
    severity: 'error',
    summary: 'The Enumerated statuses section names a resource or field that does not exist.',
    doc: 'Write `Resource.Field: 0 Name, ...` with a resource that has a section and a field in its table. The enumeration is dropped.',
  },
  'undefined-resource': {
    severity: 'error',
    summary: 'An endpoint path (read-resources table) names a resource without a section.',
    doc: 'Every `Area/Resource` path tail needs a `### Resource` section with a field table under "Resources and their fields".',
  },
  'table-missing-column': {
    severity: 'error',
    summary: 'A table lacks a column the parser needs (e.g. Name or Type of a field table).',
    doc: 'The table is skipped. Add the column with its header, e.g. `| Name | Type | Notes | Since |`.',
  },
  'table-missing-cell': {
    severity: 'error',
    summary: 'A table row has fewer cells than the header, or an empty required cell.',
    doc: 'Fill every required cell; write a dash for "none". The row is skipped when a required cell is missing.',
    fix: { kind: 'fill-missing-cells', title: 'Add the missing cells (a dash each)' },
  },
  'resource-without-table': {
    severity: 'error',
    summary: 'A resource section has no field table.',
    doc: 'Each `### Resource` section under "Resources and their fields" needs a table of its fields. The resource is kept without fields.',
  },
  'resource-without-path': {
    severity: 'warning',
    summary: 'A resource has no row in the read-resources table, so it has no area, path or permission.',
    doc: 'Add a row `| Area/Resource | Permission |` to the table under "Read resources".',
  },
  'malformed-type-guid': {
    severity: 'warning',
    summary: 'A "Type GUID:" value is not a GUID.',
    doc: 'Write the GUID as 8-4-4-4-12 hexadecimal digits; the case does not matter (it is lower-cased). The value is recorded as null.',
  },
  'malformed-status': {
    severity: 'error',
    summary: 'A status column (errors, success response) does not hold an HTTP status code.',
    doc: 'Write a three-digit HTTP status such as 400. The row is skipped.',
  },
  'malformed-statuses-line': {
    severity: 'warning',
    summary: 'A paragraph in "Enumerated statuses" is not of the form `Resource.Field: 0 Name, 1 Name`.',
    doc: 'Prose in that section is ignored unless it is a "not shown" statement.',
  },
  'unknown-structure': {
    severity: 'warning',
    summary:
      '"Other fields of X: not shown." or an endpoint body or success response names a structure the spec does not define.',
    doc: 'Check the spelling against the bold labels under "Sign-in structures"; the endpoint keeps the name, the structure is not marked open-ended.',
  },
  'unknown-http-method': {
    severity: 'error',
    summary: 'The Method column of the sign-in table holds something other than GET, POST, PUT, PATCH or DELETE.',
    doc: 'The row is skipped.',
  },
  'unknown-payload-type': {
    severity: 'error',
    summary:
      "A command's Returns cell or an error table's Body cell says `JSON <type>` with a type that is neither `string` nor a sign-in structure.",
    doc: 'Write `JSON string: <text>` for a JSON string body, or name a structure by its bold label or PascalCase name (`JSON device secret response`, `JSON LoginResponse`). The message suggests the nearest valid name.',
  },
};

export const ALL_DIAGNOSTIC_CODES = Object.keys(DIAGNOSTIC_CODES).sort() as DiagnosticCode[];

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.hasOwn(DIAGNOSTIC_CODES, code);
}
