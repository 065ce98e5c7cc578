/**
 * How a handler answers an error: `throw new HttpError(404, 'ProductRecords 7 was not found')`.
 * The skeleton sends the message as a JSON string (the service's error style) when the contract
 * lists the status for the route; any other status is a bug in the handler and answers 500.
 */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
