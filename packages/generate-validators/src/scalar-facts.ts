/**
 * The scalar ranges and the TimeSpan pattern of the contract (@specgen/contract wire-facts), as
 * the TypeScript literals `scalars.ts.hbs` prints: the generated validators hold the same limits
 * as the OpenAPI document and the server, without depending on the contract at run time.
 */
import {
  INT32_MAX,
  INT32_MIN,
  INT64_MAX,
  INT64_MIN,
  SCALAR_RANGES,
  TIMESPAN_PATTERN,
  TIMESPAN_SHAPE,
} from '@specgen/contract';

/** A pattern string as a regular-expression literal. */
const regexLiteral = (pattern: string): string => `/${pattern.replace(/\//g, '\\/')}/`;

export interface ScalarFacts {
  int32Min: string;
  int32Max: string;
  int64Min: string;
  int64Max: string;
  timeSpanPattern: string;
  timeSpanShape: string;
  timeSpanRange: string;
}

export const SCALAR_FACTS: ScalarFacts = {
  int32Min: String(INT32_MIN),
  int32Max: String(INT32_MAX),
  int64Min: `${INT64_MIN}n`,
  int64Max: `${INT64_MAX}n`,
  timeSpanPattern: regexLiteral(TIMESPAN_PATTERN),
  timeSpanShape: regexLiteral(TIMESPAN_SHAPE),
  timeSpanRange: SCALAR_RANGES.TimeSpan,
};
