/**
 * Every handler runs inside `guard`: an exception is logged and the request gets an empty answer;
 * the server lives on.
 */
export type Log = (message: string) => void;

export function guard<A extends unknown[], R>(
  log: Log,
  name: string,
  fallback: R,
  handler: (...args: A) => R | Promise<R>,
) {
  return async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      log(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return fallback;
    }
  };
}
