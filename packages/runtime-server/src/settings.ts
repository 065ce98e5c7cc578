/**
 * Settings of the server core beyond the shared `ServerConfig` contract: brute-force thresholds,
 * device-secret lifetime, body limit, TOTP issuer. Each has an environment variable (docs/operating.md).
 */
export interface AuthSettings {
  /** Issuer shown by authenticator apps (`otpauth://totp/<issuer>:<user>`). */
  totpIssuer: string;
  /** Wrong codes per MfaToken before it ends (429). */
  maxCodeFailures: number;
  /** Sign-in requests (login, login/totp, MFA commands) per client address per minute. */
  requestsPerAddressPerMinute: number;
  /** Failed password logins or TOTP codes per username within the window before 429. */
  failuresPerUser: number;
  failureWindowSeconds: number;
  /** How long a secret from GetMultiFactorDeviceSecret can be registered (ExpiryDate). */
  deviceSecretSeconds: number;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimitBytes: number;
  logLevel: string;
  /** Take the client address from X-Forwarded-For (behind a trusted load balancer only). */
  trustProxy: boolean;
  /**
   * How long an instance may reuse a session it read from the store (0 = read every request).
   * Ends made on this instance apply at once; ends made on another instance within this time.
   */
  sessionCacheMs: number;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  totpIssuer: 'Service API',
  maxCodeFailures: 5,
  requestsPerAddressPerMinute: 60,
  failuresPerUser: 10,
  failureWindowSeconds: 900,
  deviceSecretSeconds: 300,
  bodyLimitBytes: 64 * 1024,
  logLevel: 'info',
  trustProxy: false,
  sessionCacheMs: 1000,
};
