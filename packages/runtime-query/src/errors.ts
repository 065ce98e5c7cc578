/**
 * A malformed or invalid query option. `position` is 1-based and counts characters of the
 * option's value after URL decoding, so `$filter=Foo eq 1` reports `unknown field "Foo" at position 1`.
 */
export type QueryOptionName = '$filter' | '$select' | '$expand' | '$orderby' | '$top' | '$skip' | string;

export class QueryError extends Error {
  readonly option: QueryOptionName;
  readonly position: number | null;
  readonly detail: string;

  constructor(option: QueryOptionName, detail: string, position: number | null) {
    super(position === null ? `${option}: ${detail}` : `${option}: ${detail} at position ${position}`);
    this.name = 'QueryError';
    this.option = option;
    this.detail = detail;
    this.position = position;
  }
}

export function isQueryError(e: unknown): e is QueryError {
  return e instanceof QueryError;
}
