/**
 * The catalog of diff rules. Every change record names one of these ids; its severity is fixed
 * here, judged from the side of a consumer of the read resources and the sign-in flows.
 * `Record<RuleId, RuleDoc>` makes an undocumented rule a compile error; docs/diff-rules.md is
 * rendered from this table (see docs.ts) and a test keeps the two equal.
 */
export type Severity = 'breaking' | 'warning' | 'info';

export interface RuleDoc {
  severity: Severity;
  /** True when the change adds something a consumer can now use (a minor bump in changesets). */
  addition: boolean;
  /** What the rule detects and why it has its severity. */
  summary: string;
  /** A before/after example in spec terms. */
  example: string;
}

const rule = (severity: Severity, summary: string, example: string, addition = false): RuleDoc => ({
  severity,
  addition,
  summary,
  example,
});

export const RULES = {
  'read-path-changed': rule(
    'breaking',
    'The path template of all read resources changed; every query URL moves.',
    '`/{languageCode}/{companyNumber}/api/v1` -> `.../api/v2`',
  ),
  'resource-added': rule('info', 'A read resource was added.', 'new section `### Invoices`', true),
  'resource-removed': rule(
    'breaking',
    'A read resource was removed; its queries fail.',
    'section `### Schedules` deleted',
  ),
  'resource-renamed': rule(
    'breaking',
    'A resource has a new name but the same type GUID: reported once as a rename (its fields ' +
      'are compared as usual), not as a removal and an addition.',
    '`### Schedules` -> `### WorkSchedules`, same type GUID',
  ),
  'resource-path-changed': rule(
    'breaking',
    'The path tail (area/resource) of a read resource changed.',
    '`Inventory/ProductRecords` -> `Stock/ProductRecords`',
  ),
  'resource-permission-changed': rule(
    'breaking',
    'The permission a read resource requires changed; users may lose access.',
    '`Show serial number` -> `Show inventory`',
  ),
  'resource-type-guid-changed': rule(
    'breaking',
    'The type GUID of a resource changed; consumers keyed on it lose the match.',
    '`3e3bfb7c-...` -> `4f4c...`',
  ),
  'resource-introduced-set': rule(
    'info',
    'An introduced version was stated where none was.',
    'no version -> `introduced in version 2.18`',
  ),
  'resource-introduced-cleared': rule(
    'warning',
    'The introduced version of a resource is no longer stated.',
    '`introduced in version 2.18` -> no version',
  ),
  'resource-introduced-later': rule(
    'breaking',
    'The resource is now introduced in a later version; clients of the versions in between ' + 'lose it.',
    '`2.18` -> `2.30`',
  ),
  'resource-introduced-earlier': rule(
    'info',
    'The resource is now introduced in an earlier version.',
    '`2.30` -> `2.18`',
  ),
  'resource-description-changed': rule(
    'info',
    'The description of a resource changed (it becomes the doc comment of the generated types).',
    '`Represents a supplier part link.` -> `Represents a link between a supplier and a part.`',
  ),
  'resource-no-longer-queryable': rule(
    'breaking',
    'The resource is no longer queryable.',
    '`Queryable, introduced ...` -> `Introduced ...`',
  ),
  'resource-became-queryable': rule(
    'info',
    'The resource became queryable.',
    '`Introduced ...` -> `Queryable, introduced ...`',
  ),
  'structure-added': rule('info', 'A sign-in structure was added.', 'new table `**LogoutRequest**`', true),
  'structure-removed': rule(
    'breaking',
    'A sign-in structure was removed.',
    'table `**Device secret response**` deleted',
  ),
  'field-added': rule(
    'info',
    'A field was added to a resource or response; readers may ignore it.',
    'new row `| Weight | Decimal? | Weight. | 26.9 |`',
    true,
  ),
  'request-field-added': rule(
    'warning',
    'A field was added to a request structure; clients that build the request may have to send ' + 'it.',
    'new row in `**LoginRequest**`: `| Language | String | ... |`',
    true,
  ),
  'field-removed': rule(
    'breaking',
    'A field was removed; code that reads it breaks.',
    'row `| Dock | String | ... |` deleted',
  ),
  'field-possibly-renamed': rule(
    'breaking',
    'A field was removed and a field of the same type added in the same resource: reported ' +
      'once, as a possible rename.',
    '`| Dock | String |` -> `| DockCode | String |`',
  ),
  'field-type-changed': rule(
    'breaking',
    'The base type of a field changed (scalar kind or referenced type).',
    '`Int32` -> `Int64`; `Comments` -> `Addresses`',
  ),
  'field-array-changed': rule(
    'breaking',
    'A field changed between a single value and an array.',
    '`Comments` -> `Comments[]`',
  ),
  'field-became-nullable': rule(
    'breaking',
    'A non-null field may now be null; readers that assume a value break.',
    '`Int64` -> `Int64?`',
  ),
  'field-became-non-null': rule('info', 'A nullable field is now always set; safe for readers.', '`Int64?` -> `Int64`'),
  'request-field-became-non-null': rule(
    'breaking',
    'A request field may no longer be null; clients that send null or omit it break.',
    '`**LoginRequest**`: `String?` -> `String`',
  ),
  'request-field-became-nullable': rule(
    'info',
    'A request field may now be null; safe for clients that send it.',
    '`**LoginRequest**`: `String` -> `String?`',
  ),
  'field-since-set': rule(
    'info',
    'A since version was stated for a field where there was a dash.',
    '`| - |` -> `| 2.24 |`',
  ),
  'field-since-cleared': rule('warning', 'The since version of a field is no longer stated.', '`| 2.24 |` -> `| - |`'),
  'field-since-later': rule(
    'breaking',
    'A field is now introduced in a later version; clients of the versions in between lose it.',
    '`| 2.24 |` -> `| 2.30 |`',
  ),
  'field-since-earlier': rule('info', 'A field is now introduced in an earlier version.', '`| 2.30 |` -> `| 2.24 |`'),
  'field-obsoleted': rule(
    'warning',
    'A field was made obsolete; readers should move to its replacement.',
    'notes gain `Obsolete since 24.1; replaced by PartRevisionId.`',
  ),
  'field-obsolete-replacement-changed': rule(
    'warning',
    'The replacement named for an obsolete field changed.',
    '`replaced by PartRevisionId` -> `replaced by RevisionId`',
  ),
  'field-obsolete-since-changed': rule(
    'info',
    'The version since which a field is obsolete changed.',
    '`Obsolete since 24.1` -> `Obsolete since 24.2`',
  ),
  'field-no-longer-obsolete': rule(
    'info',
    'A field is no longer marked obsolete.',
    '`Obsolete since 24.1; ...` removed from the notes',
  ),
  'field-became-expandable': rule(
    'breaking',
    'A property became expandable: it is null unless expanded, so readers that expect it ' + 'filled break.',
    '`The part.` -> `Expandable.`',
  ),
  'field-no-longer-expandable': rule(
    'warning',
    'A property is no longer expandable; `$expand` requests naming it may be refused.',
    '`Expandable.` -> `The part.`',
  ),
  'field-reference-changed': rule(
    'breaking',
    'An id field now references another resource.',
    '`References Comments.` -> `References Persons.`',
  ),
  'field-reference-set': rule(
    'info',
    'An id field now names the resource it references.',
    '`Key.` -> `References Comments.`',
  ),
  'field-reference-cleared': rule(
    'warning',
    'An id field no longer names the resource it references.',
    '`References Comments.` -> `Key.`',
  ),
  'field-notes-changed': rule(
    'info',
    "Only the wording of a field's notes changed: nothing they state (reference, values, " +
      'obsolete, expandable, length) did. Reported so reviewers see it; generated doc comments ' +
      'follow.',
    '`Batch or serial number.` -> `Batch or serial number of the record.`',
  ),
  'field-max-length-changed': rule(
    'warning',
    'The maximum length of a string field changed; storage sized for it may need to follow.',
    '`maximum length 50` -> `maximum length 80`',
  ),
  'enumeration-added': rule(
    'info',
    'A field now documents its values.',
    '`Int32` with notes `0 = Manual, 1 = Automatic.` added',
  ),
  'enumeration-removed': rule(
    'warning',
    'A field no longer documents its values; exhaustive handling loses its basis.',
    'notes `0 = Manual, 1 = Automatic.` removed',
  ),
  'enum-value-added': rule(
    'warning',
    'An enumeration value was added; readers with exhaustive handling meet an unknown value.',
    '`... 9 Historical.` -> `... 9 Historical, 10 Scrapped.`',
    true,
  ),
  'enum-value-removed': rule(
    'breaking',
    'An enumeration value was removed; code that names it breaks.',
    '`... 9 Historical.` -> `...` (9 gone)',
  ),
  'enum-value-renamed': rule(
    'breaking',
    'An enumeration value keeps its number but has a new name; code that names it breaks.',
    '`1 Registrered` -> `1 Registered`',
  ),
  'bitmask-changed': rule(
    'breaking',
    'A field changed between an enumeration and a bitmask; values combine differently.',
    '`0 = None, 1 = A` -> `Bitmask. 0 = None, 1 = A`',
  ),
  'bitmask-flag-added': rule(
    'warning',
    'A bitmask flag was added; readers that decode all flags meet an unknown bit.',
    '`... 16 = RequirementCalculation` -> `..., 32 = Shipping`',
    true,
  ),
  'bitmask-flag-removed': rule(
    'breaking',
    'A bitmask flag was removed; code that tests it breaks.',
    '`2 = Overtime` removed',
  ),
  'bitmask-flag-renamed': rule(
    'breaking',
    'A bitmask flag keeps its bit but has a new name.',
    '`2 = Overtime` -> `2 = ExtraTime`',
  ),
  'endpoint-added': rule('info', 'A sign-in endpoint was added.', 'new row `| POST | .../logout | ... |`', true),
  'endpoint-removed': rule(
    'breaking',
    'A sign-in endpoint was removed.',
    'row `| POST | .../login/totp | ... |` deleted',
  ),
  'endpoint-path-changed': rule(
    'breaking',
    'The path of a sign-in endpoint changed.',
    '`.../login/totp` -> `.../login/mfa`',
  ),
  'endpoint-method-changed': rule(
    'breaking',
    'The HTTP method of a sign-in endpoint changed.',
    '`POST .../login/oidc` -> `GET .../login/oidc`',
  ),
  'endpoint-required-param-added': rule(
    'breaking',
    'An endpoint now requires a query parameter clients do not send.',
    '`?redirectUrl=<url>` -> `?redirectUrl=<url>&nonce=<n>` (required)',
  ),
  'endpoint-optional-param-added': rule(
    'info',
    'An endpoint accepts a new optional query parameter.',
    '`?code&state` -> `?code&state&prompt` (optional)',
    true,
  ),
  'endpoint-param-removed': rule(
    'warning',
    'An endpoint no longer names a query parameter.',
    '`?code=<code>&state=<state>` -> `?code=<code>`',
  ),
  'endpoint-request-body-changed': rule(
    'breaking',
    'The request body structure of an endpoint changed.',
    'Body `LoginRequest` -> `TotpLoginRequest`',
  ),
  'endpoint-response-changed': rule(
    'breaking',
    'The success status, content type or body of an endpoint changed.',
    '`200, plain text` -> `200, JSON LoginResponse`',
  ),
  'endpoint-since-set': rule(
    'info',
    'An endpoint is now stated to exist from a version.',
    'Versioning gains `OIDC login is available from service version 25.8`',
  ),
  'endpoint-since-cleared': rule(
    'warning',
    'An endpoint no longer states the version it exists from.',
    'the `available from 25.8` sentence removed',
  ),
  'endpoint-since-later': rule(
    'breaking',
    'An endpoint now exists only from a later version.',
    '`from service version 25.8` -> `from 26.1`',
  ),
  'endpoint-since-earlier': rule(
    'info',
    'An endpoint now exists from an earlier version.',
    '`from service version 25.8` -> `from 25.2`',
  ),
  'command-added': rule('info', 'A command was added.', 'new row `| RemoveMultiFactorDevice | ... |`', true),
  'command-removed': rule('breaking', 'A command was removed.', 'row `| GetMultiFactorDeviceSecret | ... |` deleted'),
  'command-response-changed': rule(
    'breaking',
    'The response structure of a command changed.',
    '`200 JSON device secret response` -> `200 JSON string`',
  ),
  'command-response-header-added': rule(
    'info',
    'A command returns a new response header.',
    '`plus header X-Service-SessionId` added',
    true,
  ),
  'command-response-header-removed': rule(
    'breaking',
    'A command no longer returns a response header clients may read.',
    '`plus header X-Service-SessionId` removed',
  ),
  'error-status-added': rule(
    'warning',
    'An operation can answer a new error status; clients with exhaustive handling meet it.',
    'OIDC callback gains `| 409 | Conflict. |`',
  ),
  'error-status-removed': rule(
    'info',
    'An operation no longer answers an error status; handling it is now dead code.',
    'OIDC callback loses `| 429 | Too many attempts. |`',
  ),
  'error-case-added': rule(
    'info',
    'A new condition is documented for an error status that already existed.',
    'second `| 400 | ... |` row',
  ),
  'error-case-removed': rule(
    'info',
    'A condition of an error status that remains was removed.',
    'one of two `| 400 | ... |` rows deleted',
  ),
  'error-condition-changed': rule(
    'info',
    'The condition text of the only case of an error status changed.',
    '`Code wrong.` -> `Code wrong or reused.`',
  ),
  'error-body-set': rule(
    'info',
    'An error body is now stated.',
    '`| 403 | | ... |` -> `| 403 | JSON string: Denied | ... |`',
  ),
  'error-body-cleared': rule('warning', 'An error body is no longer stated.', '`JSON string: Login failed` -> empty'),
  'error-body-changed': rule(
    'breaking',
    'The body of an error changed; clients that match on it break.',
    '`JSON string: Login failed` -> `JSON string: Invalid code`',
  ),
  'limit-added': rule('info', 'A limit was added.', 'new row `| Session lifetime | 8 hours | ... |`', true),
  'limit-removed': rule(
    'warning',
    'A limit is no longer stated.',
    'row `| MfaToken validity | 1.5 minutes | ... |` deleted',
  ),
  'limit-tightened': rule(
    'breaking',
    'A limit moved against the consumer: a shorter validity, or a longer maximum length ' + 'readers must store.',
    'MfaToken validity `1.5 minutes` -> `1 minute`',
  ),
  'limit-relaxed': rule(
    'info',
    "A limit moved in the consumer's favour: a longer validity or a shorter maximum length.",
    'MfaToken validity `1.5 minutes` -> `3 minutes`',
  ),
  'limit-changed': rule(
    'warning',
    'A limit changed in a way that has no direction (text values, or a different kind of ' + 'value).',
    '`at most 50` -> `see the part settings`',
  ),
  'transition-added': rule(
    'warning',
    'A sign-in transition was added; clients may meet a new state or status.',
    'new row `| Waiting for TOTP | POST login/totp | Code reused | Unchanged | 409. |`',
    true,
  ),
  'transition-removed': rule(
    'breaking',
    'A sign-in transition was removed; clients relying on it break.',
    'row `| Waiting for TOTP | POST login/totp | Code wrong | Unchanged | 401. |` deleted',
  ),
  'transition-target-changed': rule(
    'breaking',
    'A sign-in transition leads to another state or answers another status.',
    '`Unchanged | 401.` -> `Waiting for TOTP ends | 410.`',
  ),
  'transition-condition-changed': rule(
    'warning',
    'The condition of a sign-in transition changed.',
    '`MfaToken valid (valid 1.5 minutes)` -> `MfaToken valid (valid 1 minute)`',
  ),
  'transition-effects-changed': rule(
    'info',
    'The effects ("Also" column) of a sign-in transition changed without another status.',
    '`Returns 200 with MfaToken` -> `Returns 200 with MfaToken and SessionId null`',
  ),
  'gap-filled': rule(
    'info',
    'A "not shown" statement is gone: the spec may now state what was missing; decisions taken ' +
      'for the gap need a review.',
    '`- Thresholds behind 429 Too many attempts: not shown.` removed',
  ),
  'gap-added': rule(
    'warning',
    'The spec now says something is "not shown"; what consumers relied on is no longer stated.',
    'new bullet `- Session lifetime: not shown.`',
  ),
  'new-field-since-missing': rule(
    'warning',
    'Consistency: a new field has no since version, so clients cannot tell from which version ' + 'to expect it.',
    'new row `| Weight | Decimal? | Weight. | - |`',
  ),
  'new-field-since-not-newer': rule(
    'warning',
    "Consistency: a new field's since version is not newer than the old spec's newest " + 'version.',
    'old spec newest `26.8`, new row `| Weight | Decimal? | Weight. | 26.7 |`',
  ),
  'field-since-before-resource': rule(
    'warning',
    "Consistency: a field's since version is older than its resource's introduced version.",
    '`introduced in version 22.2`, row `| Code | String | ... | 2.18 |`',
  ),
} satisfies Record<string, RuleDoc>;

export type RuleId = keyof typeof RULES;

export const RULE_IDS = Object.keys(RULES).sort() as RuleId[];

export function ruleDoc(id: RuleId): RuleDoc {
  return RULES[id];
}
