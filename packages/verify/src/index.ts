/**
 * `@specgen/verify`: checks a live deployment against the spec as of one service version, reading
 * what to expect from the IR and the contract, and names the spec line each finding breaks.
 * The `specgen verify` command (packages/cli) only parses options and calls `runVerifyCommand`.
 */
export { verify, VerifyAborted, DEFAULTS, type VerifyOptions, type VerifyReport, type VerifyResult } from './run.ts';
export type { Finding, Severity } from './findings.ts';
export { curl } from './findings.ts';
export { formatReport, FORMATS, type Format } from './report/index.ts';
export { runVerifyCommand, parseVerifyArgs, VERIFY_ENV, type VerifyIo } from './command.ts';
export { TotpDevice } from './totp.ts';
