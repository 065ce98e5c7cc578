/**
 * The two path parameters every service route starts with, once: the server refuses a request
 * whose parameter does not match (400 with the message of messages.ts), and the OpenAPI document
 * states the same pattern. Decisions (case of languageCode, form of companyNumber):
 * docs/decisions/contract.md.
 */

export interface PathParameter {
  name: 'languageCode' | 'companyNumber';
  /** JSON Schema `pattern` (ECMA-262, no flags). */
  pattern: string;
  description: string;
  example: string;
}

/** A two-letter ISO 639-1 code in lower case, as the production service documents it (`en`). */
export const LANGUAGE_CODE_PARAMETER: PathParameter = {
  name: 'languageCode',
  pattern: '^[a-z]{2}$',
  description: 'Two-letter ISO 639-1 language code, in lower case.',
  example: 'en',
};

/** Digits, optionally a dot and more digits (`001.1`), at most 10 on each side. */
export const COMPANY_NUMBER_PARAMETER: PathParameter = {
  name: 'companyNumber',
  pattern: '^[0-9]{1,10}(\\.[0-9]{1,10})?$',
  description: 'Company number: digits, optionally a dot and more digits (at most 10 each), e.g. 001.1.',
  example: '001.1',
};

export const PATH_PARAMETERS: readonly PathParameter[] = [LANGUAGE_CODE_PARAMETER, COMPANY_NUMBER_PARAMETER];
