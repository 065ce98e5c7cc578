/**
 * Configuration from environment variables (all listed in docs/operating.md). Bad values stop
 * the start with a message that names the variable.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION_PATTERN, type Spec } from '@specgen/ir';
import { parseSecretsKey } from '@specgen/runtime-auth';
import type { ServerConfig } from './server-context.ts';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './settings.ts';

export type ServiceConfig = ServerConfig & { auth: AuthSettings };

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export interface LoadConfigOptions {
  /** Where a generated secrets key is kept when SECRETS_KEY is unset (default `.data`). */
  dataDir?: string;
  /** Receives notices such as "generated a secrets key". */
  notice?: (message: string) => void;
}

function text(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = text(env, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got "${v}"`);
  return Number(v);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = text(env, name)?.toLowerCase();
  if (v === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `expected true or false, got "${v}"`);
}

function url(env: Env, name: string, fallback: string | null): string | null {
  const v = text(env, name);
  if (v === undefined) return fallback;
  try {
    return new URL(v).toString().replace(/\/$/, v.endsWith('/') ? '/' : '');
  } catch {
    throw new ConfigError(name, `not a URL: "${v}"`);
  }
}

function secretsKey(env: Env, options: LoadConfigOptions): Buffer {
  const v = text(env, 'SECRETS_KEY');
  if (v !== undefined) {
    try {
      return parseSecretsKey(v);
    } catch (err) {
      throw new ConfigError('SECRETS_KEY', (err as Error).message);
    }
  }
  const dir = options.dataDir ?? '.data';
  const file = join(dir, 'secrets.key');
  if (existsSync(file)) return parseSecretsKey(readFileSync(file, 'utf8'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  options.notice?.(
    `SECRETS_KEY is not set: generated a new key into ${file} (mode 0600). Keep it: TOTP devices cannot be read without it.`,
  );
  return parseSecretsKey(readFileSync(file, 'utf8'));
}

export function loadConfig(env: Env, spec: Spec, options: LoadConfigOptions = {}): ServiceConfig {
  const port = integer(env, 'PORT', 8001, 0, 65535);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const serviceVersion = text(env, 'SERVICE_VERSION') ?? spec.newestVersion;
  if (!serviceVersion) throw new ConfigError('SERVICE_VERSION', 'not set and the spec names no version');
  if (!VERSION_PATTERN.test(serviceVersion))
    throw new ConfigError('SERVICE_VERSION', `malformed version "${serviceVersion}" (expected e.g. 25.8)`);
  const publicUrl = (
    url(env, 'PUBLIC_URL', null) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  ).replace(/\/+$/, '');
  const sessionIdleSeconds = integer(env, 'SESSION_IDLE_SECONDS', 1800, 1, 31_536_000);
  const sessionAbsoluteSeconds = integer(env, 'SESSION_ABSOLUTE_SECONDS', 43_200, 1, 31_536_000);
  const scopes = (text(env, 'OIDC_SCOPES') ?? 'openid email profile').split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) throw new ConfigError('OIDC_SCOPES', 'must include openid');
  return {
    port,
    host,
    serviceVersion,
    databaseUrl: text(env, 'DATABASE_URL') ?? `sqlite:${join(options.dataDir ?? '.data', 'service.db')}`,
    secretsKey: secretsKey(env, options),
    sessionIdleSeconds,
    sessionAbsoluteSeconds,
    cookieSecure: flag(env, 'COOKIE_SECURE', publicUrl.startsWith('https:')),
    publicUrl,
    pageCacheBytes: integer(env, 'PAGE_CACHE_MB', 64, 0, 65_536) * 1024 * 1024,
    oidc: {
      issuer: url(env, 'OIDC_ISSUER', null),
      clientId: text(env, 'OIDC_CLIENT_ID') ?? null,
      clientSecret: text(env, 'OIDC_CLIENT_SECRET') ?? null,
      redirectUrl: url(env, 'OIDC_REDIRECT_URL', null),
      scopes,
      flowLifetimeSeconds: integer(env, 'OIDC_FLOW_SECONDS', 600, 10, 86_400),
      allowInsecureIssuer: flag(env, 'OIDC_ALLOW_INSECURE_ISSUER', false),
      maxFailedAttempts: integer(env, 'OIDC_MAX_FAILED_ATTEMPTS', 10, 1, 1_000_000),
      attemptWindowSeconds: integer(env, 'OIDC_ATTEMPT_WINDOW_SECONDS', 300, 1, 86_400),
    },
    auth: {
      totpIssuer: text(env, 'TOTP_ISSUER') ?? DEFAULT_AUTH_SETTINGS.totpIssuer,
      maxCodeFailures: integer(env, 'MFA_MAX_CODE_FAILURES', DEFAULT_AUTH_SETTINGS.maxCodeFailures, 1, 100),
      requestsPerAddressPerMinute: integer(
        env,
        'LOGIN_RATE_PER_MINUTE',
        DEFAULT_AUTH_SETTINGS.requestsPerAddressPerMinute,
        1,
        10_000_000,
      ),
      failuresPerUser: integer(env, 'LOGIN_FAILURES_PER_USER', DEFAULT_AUTH_SETTINGS.failuresPerUser, 1, 1_000_000),
      failureWindowSeconds: integer(
        env,
        'LOGIN_FAILURE_WINDOW_SECONDS',
        DEFAULT_AUTH_SETTINGS.failureWindowSeconds,
        1,
        86_400,
      ),
      deviceSecretSeconds: integer(env, 'DEVICE_SECRET_SECONDS', DEFAULT_AUTH_SETTINGS.deviceSecretSeconds, 30, 86_400),
      bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', DEFAULT_AUTH_SETTINGS.bodyLimitBytes, 1024, 100 * 1024 * 1024),
      logLevel: text(env, 'LOG_LEVEL') ?? DEFAULT_AUTH_SETTINGS.logLevel,
      trustProxy: flag(env, 'TRUST_PROXY', false),
      sessionCacheMs: integer(env, 'SESSION_CACHE_MS', DEFAULT_AUTH_SETTINGS.sessionCacheMs, 0, 60_000),
    },
  };
}
