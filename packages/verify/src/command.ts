/**
 * `specgen verify`: options from the command line, credentials from the environment only, one
 * report on stdout, exit status 0 (no error finding), 1 (an error finding), 2 (bad usage, an
 * unreachable base URL, credentials that do not sign in). The CLI passes its I/O in.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { COMPANY_NUMBER_PARAMETER, LANGUAGE_CODE_PARAMETER } from '@specgen/contract';
import { isVersion, specFromSnapshot, type Spec } from '@specgen/ir';
import { FORMATS, formatReport, type Format } from './report/index.ts';
import { DEFAULTS, verify, VerifyAborted, type VerifyOptions } from './run.ts';

/** The environment variables the command reads (credentials never come from flags). */
export const VERIFY_ENV = {
  username: 'SPECGEN_VERIFY_USERNAME',
  password: 'SPECGEN_VERIFY_PASSWORD',
  mfaUsername: 'SPECGEN_VERIFY_MFA_USERNAME',
  mfaPassword: 'SPECGEN_VERIFY_MFA_PASSWORD',
  totpSecret: 'SPECGEN_VERIFY_TOTP_SECRET',
  oidcRedirectUrl: 'SPECGEN_VERIFY_OIDC_REDIRECT_URL',
} as const;

export interface VerifyIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** The caller's folder: relative paths are resolved from here. */
  cwd: string;
  /** The spec when --spec is not given (the workspace's spec/service-api.md). */
  defaultSpec: string;
  /** The folder spec paths in the output are relative to (the repository root), and an IR snapshot's are read from. */
  root: string;
  color: boolean;
}

export interface ParsedArgs {
  baseUrl: string;
  languageCode: string;
  companyNumber: string;
  serviceVersion: string | null;
  spec: string | null;
  format: Format;
  maxRequests: number;
  concurrency: number;
}

class UsageError extends Error {}

function positiveInt(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
    throw new UsageError(`${name}: expected a whole number from 1 to ${max}, got "${text}"`);
  return Number(text);
}

function readArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        language: { type: 'string' },
        company: { type: 'string' },
        'service-version': { type: 'string' },
        spec: { type: 'string' },
        format: { type: 'string' },
        'max-requests': { type: 'string' },
        concurrency: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function parseVerifyArgs(args: string[]): ParsedArgs {
  const v = readArgs(args).values;
  const baseUrl = v['base-url'];
  if (!baseUrl) throw new UsageError('--base-url <url> is required');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url: "${baseUrl}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url: use http or https, not ${url.protocol}`);
  if (url.username || url.password)
    throw new UsageError('--base-url: no credentials in the URL; use the SPECGEN_VERIFY_* environment variables');
  const format = (v.format ?? 'text') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format: one of ${FORMATS.join(', ')}, not "${v.format}"`);
  const version = v['service-version'] ?? null;
  if (version !== null && !isVersion(version))
    throw new UsageError(`--service-version: "${version}" is not a version like 25.8`);
  const language = v.language ?? DEFAULTS.languageCode;
  // The contract's path-parameter patterns: the values the server accepts (docs/decisions/contract.md).
  if (!new RegExp(LANGUAGE_CODE_PARAMETER.pattern).test(language))
    throw new UsageError(`--language: a two-letter ISO 639-1 code like en, not "${language}"`);
  const company = v.company ?? DEFAULTS.companyNumber;
  if (!new RegExp(COMPANY_NUMBER_PARAMETER.pattern).test(company))
    throw new UsageError(`--company: a company number like 001.1, not "${company}"`);
  return {
    baseUrl: url.toString().replace(/\/+$/, ''),
    languageCode: language,
    companyNumber: company,
    serviceVersion: version,
    spec: v.spec ?? null,
    format,
    maxRequests: positiveInt('--max-requests', v['max-requests'], DEFAULTS.maxRequests, 1_000_000),
    concurrency: positiveInt('--concurrency', v.concurrency, DEFAULTS.concurrency, 64),
  };
}

/** The spec from markdown (parsed) or an IR snapshot (`.json`); errors in the spec are usage errors. */
async function loadSpec(path: string): Promise<Spec> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--spec: cannot read ${path}`);
  }
  if (path.endsWith('.json')) return specFromSnapshot(text, path);
  const { parseSpec } = await import('@specgen/parser');
  const { spec, diagnostics } = parseSpec(text, path);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new UsageError(
      `${path} has errors:\n${errors.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join('\n')}`,
    );
  return spec;
}

function credentials(env: VerifyIo['env']): Pick<VerifyOptions, 'credentials' | 'mfa'> {
  const username = env[VERIFY_ENV.username];
  const password = env[VERIFY_ENV.password];
  if (!username || password === undefined)
    throw new UsageError(`set ${VERIFY_ENV.username} and ${VERIFY_ENV.password} (a user with the read permissions)`);
  const mfaUser = env[VERIFY_ENV.mfaUsername];
  const mfaPassword = env[VERIFY_ENV.mfaPassword];
  const secret = env[VERIFY_ENV.totpSecret];
  const given = [mfaUser, mfaPassword, secret].filter((x) => x !== undefined && x !== '').length;
  if (given > 0 && given < 3)
    throw new UsageError(
      `the MFA check needs all three of ${VERIFY_ENV.mfaUsername}, ${VERIFY_ENV.mfaPassword} and ${VERIFY_ENV.totpSecret}`,
    );
  if (secret && !secret.startsWith('otpauth://') && !/^[A-Z2-7=\s]+$/i.test(secret))
    throw new UsageError(`${VERIFY_ENV.totpSecret}: expected base32 text (or an otpauth:// URI)`);
  return {
    credentials: { username, password },
    mfa: mfaUser && mfaPassword && secret ? { username: mfaUser, password: mfaPassword, totpSecret: secret } : null,
  };
}

export async function runVerifyCommand(args: string[], io: VerifyIo): Promise<number> {
  let options: VerifyOptions;
  let parsed: ParsedArgs;
  let specPath: string;
  try {
    parsed = parseVerifyArgs(args);
    specPath = parsed.spec ? resolve(io.cwd, parsed.spec) : io.defaultSpec;
    const spec = await loadSpec(specPath);
    options = {
      baseUrl: parsed.baseUrl,
      spec,
      serviceVersion: parsed.serviceVersion,
      languageCode: parsed.languageCode,
      companyNumber: parsed.companyNumber,
      maxRequests: parsed.maxRequests,
      concurrency: parsed.concurrency,
      ...credentials(io.env),
      ...(io.env[VERIFY_ENV.oidcRedirectUrl] ? { oidcRedirectUrl: io.env[VERIFY_ENV.oidcRedirectUrl] } : {}),
    };
  } catch (err) {
    if (!(err instanceof UsageError) && !(err instanceof Error && err.name === 'ZodError')) throw err;
    io.stderr(`specgen verify: ${err.message}\nRun specgen verify --help for the options.\n`);
    return 2;
  }
  const sources = new Map<string, string | undefined>();
  const source = (file: string) => {
    if (!sources.has(file)) {
      try {
        sources.set(file, readFileSync(resolve(io.root, file), 'utf8'));
      } catch {
        sources.set(file, undefined);
      }
    }
    return sources.get(file);
  };
  try {
    const { report, redact } = await verify(options);
    const text = formatReport(report, parsed.format, {
      source,
      color: io.color && parsed.format === 'text',
      relativeFile: (file) => relative(io.root, resolve(io.root, file)).split('\\').join('/'),
    });
    io.stdout(redact(text));
    return report.findings.some((f) => f.severity === 'error') ? 1 : 0;
  } catch (err) {
    if (!(err instanceof VerifyAborted)) throw err;
    io.stderr(`specgen verify: ${err.message}\n`);
    return 2;
  }
}
