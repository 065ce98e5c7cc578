/**
 * A clock the sandbox and verify share in a test: `sleep` moves it on instead of waiting, so the
 * wait for the next TOTP step costs no real time while both sides agree on which step it is.
 */
export interface TestClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Moves the clock on (e.g. one TOTP step between runs that happen at different times). */
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
