/**
 * Where the spec says "not shown", the document states the decision taken in an
 * `x-decision` object that points at the IR unknown (`spec.unknowns[].id`) it answers.
 * Every decision is listed here once, with the pattern that finds its unknown.
 */
import type { Spec } from '@specgen/ir';

export interface Decision {
  /** Id of the IR unknown this decides, when the spec states the gap. */
  unknown?: string;
  decision: string;
}

interface DecisionRule {
  /** Matches the text of the IR unknown; null when the spec does not name the gap. */
  find: RegExp | null;
  decision: string;
}

export const DECISIONS = {
  credentialLogin: {
    find: /credential|username and password/i,
    decision:
      'Credential login is POST /{languageCode}/{companyNumber}/login with a JSON LoginRequest ' +
      '(Username, Password, ForceRelogin), as the production service does. Failure answers 403 ' +
      'with the JSON string "User login failed".',
  },
  commands: {
    find: /both commands|payload of both/i,
    decision:
      'Commands are POST /{languageCode}/{companyNumber}/api/v1/Common/Commands/{Command} with a ' +
      'JSON body and the session, following the production pattern ' +
      '/api/v1/{Module}/{Namespace}/{Command}. Validation errors answer 400 with the JSON string ' +
      '"Validation failed for command {Command}: {message}"; an unknown command under the prefix ' +
      'answers 404 "Unknown command {Command}". GetMultiFactorDeviceSecret takes {} with a ' +
      'session, or {MfaToken} with the enrolment token a password login gave a user who must use ' +
      'MFA and has no device yet. SetMultiFactorAuthenticationDevice takes {MfaToken, Code} and ' +
      'answers 200 {DeviceRegistered: true, SessionId} (a new session after an enrolment, else ' +
      'null).',
  },
  responseShape: {
    find: /shape of the get response|single record/i,
    decision:
      'A collection is a bare JSON array of records; one record is GET .../{Resource}/{Id} and ' +
      'answers the record object, or 404 with a JSON string such as "ProductRecords 123 was not ' +
      'found" (production behaviour).',
  },
  queryOptions: {
    find: /query options/i,
    decision:
      'Query options follow the production OData style: $filter (eq, ne/Neq, lt, gt, le, ge, ' +
      'and, or, not, isnull, isnotnull, contains as an IN list, has for bitmasks, like; no ' +
      'arithmetic), $select and $expand as comma lists, $orderby as "Field [asc|desc]" comma ' +
      'list, $top and $skip as non-negative integers. A record answered with $select carries ' +
      'only the selected (and expanded) fields: the responses use the <Record>Partial schema, ' +
      'whose properties are those of the full <Record> and none required.',
  },
  readErrors: {
    find: /errors of the read resources|body of oidc error/i,
    decision:
      'Error bodies are a JSON string (or empty), as in production: 400 for a malformed query ' +
      'option, 401 without a valid session, 403 without the resource permission or for a ' +
      'suspended session, 404 for an unknown record.',
  },
  session: {
    find: /present the session|session lifetime/i,
    decision:
      'Later requests present the session with the X-Service-SessionId header (production) or ' +
      'the ServiceSessionId cookie set at login. A missing or invalid session answers 401; a ' +
      'session ended by another login of the same user answers 403 "Session suspended".',
  },
  referencedTypes: {
    find: /referenced and expandable|fields of the referenced/i,
    decision:
      'Referenced types whose fields the spec does not show are open objects with at least the ' +
      'Int64 business key Id; further properties are allowed.',
  },
  pageSize: {
    find: /page size|result-count/i,
    decision:
      'Page size limits are not public; $top and $skip are documented as non-negative integers ' +
      'and the server applies its own default and maximum.',
  },
  openStructure: {
    find: null,
    decision:
      'The spec says further fields are not shown: the schema lists the fields it shows and ' +
      'allows additional properties.',
  },
  throttling: {
    find: /thresholds behind 429|too many attempts/i,
    decision:
      'The thresholds behind 429 are not public; the sandbox limits attempts per user and per ' +
      'client address and answers 429 with a JSON string.',
  },
  fieldGap: {
    find: null,
    decision:
      'The spec does not give allowed values, meaning or unit of this field; it is written with ' +
      'its declared type and no further constraint.',
  },
  versioningPolicy: {
    find: /deprecation and removal policy|selects a version/i,
    decision:
      'Only api/v1 exists. A document describes one service version (specgen generate ' +
      '--service-version V): later fields, resources and endpoints are absent; obsolete fields ' +
      'are deprecated with x-replaced-by from the version they became obsolete.',
  },
  int64: {
    find: null,
    decision:
      'Int64 values are written by the production service as JSON strings; readers accept a JSON ' +
      'string of digits or a JSON integer and keep every digit (type [string, integer], format ' +
      'int64).',
  },
  logout: {
    find: null,
    decision:
      'Logout is not described by the spec; the sandbox ends the session on the server with POST ' +
      '/{languageCode}/{companyNumber}/logout (204).',
  },
} satisfies Record<string, DecisionRule>;

export type DecisionName = keyof typeof DECISIONS;

/** The `x-decision` value for a named decision, pointing at the unknown of `spec` it answers (or at `unknownId`). */
/**
 * Decisions by spec, name and unknown, one frozen object each: every read operation of a large spec
 * carries the same few (1,212 copies of `read.responseShape` in a 600-resource spec).
 */
const decisionsBySpec = new WeakMap<Spec, Map<string, Decision>>();

export function decision(spec: Spec, name: DecisionName, unknownId?: string): Decision {
  let bySpec = decisionsBySpec.get(spec);
  if (bySpec === undefined) {
    bySpec = new Map();
    decisionsBySpec.set(spec, bySpec);
  }
  const key = unknownId === undefined ? name : `${name}\n${unknownId}`;
  let made = bySpec.get(key);
  if (made === undefined) {
    made = Object.freeze(newDecision(spec, name, unknownId));
    bySpec.set(key, made);
  }
  return made;
}

function newDecision(spec: Spec, name: DecisionName, unknownId?: string): Decision {
  const rule: DecisionRule = DECISIONS[name];
  const find = rule.find;
  const unknown =
    unknownId !== undefined
      ? spec.unknowns.find((u) => u.id === unknownId)
      : find
        ? spec.unknowns.find((u) => find.test(u.text))
        : undefined;
  return unknown ? { unknown: unknown.id, decision: rule.decision } : { decision: rule.decision };
}

interface FieldGap {
  id: string;
  /** Words of the unknown's text. */
  words: Set<string>;
  /** Resources the text names; empty = any resource. */
  resources: Set<string>;
}

const gapCache = new WeakMap<Spec, FieldGap[]>();

/** The unknowns about field values or units, read once per spec. */
function fieldGaps(spec: Spec): FieldGap[] {
  let gaps = gapCache.get(spec);
  if (!gaps) {
    const resourceNames = new Set(spec.resources.map((r) => r.name));
    gaps = spec.unknowns
      .filter((u) => /allowed values|meaning and unit/i.test(u.text))
      .map((u) => {
        const words = new Set(u.text.split(/[^A-Za-z0-9]+/).filter(Boolean));
        return { id: u.id, words, resources: new Set([...words].filter((w) => resourceNames.has(w))) };
      });
    gapCache.set(spec, gaps);
  }
  return gaps;
}

/**
 * Everything of `spec` that {@link decision} and {@link fieldGapUnknown} read, as one string: the
 * unknowns' ids and texts, and the resources each field gap names. Two specs with the same
 * context give every decision the same answer (a memo of the document builder keys by it).
 */
export function decisionContext(spec: Spec): string {
  return JSON.stringify([
    spec.unknowns.map((u) => [u.id, u.text]),
    fieldGaps(spec).map((g) => [g.id, [...g.resources].sort()]),
  ]);
}

/**
 * The unknown that names a field of a resource ("Allowed values of PurchaseCommentShowInForms
 * (SupplierPartLinks) ...: not shown"): it names the field, and this resource if it names any.
 */
export function fieldGapUnknown(spec: Spec, resourceName: string, fieldName: string): string | undefined {
  return fieldGaps(spec).find(
    (g) => g.words.has(fieldName) && (g.resources.size === 0 || g.resources.has(resourceName)),
  )?.id;
}
