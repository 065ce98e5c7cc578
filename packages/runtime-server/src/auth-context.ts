/** What the sign-in handlers share: store, settings, clock, sessions, attempt guard. */
import type { Spec } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';
import type { ServerConfig } from './server-context.ts';
import type { AttemptGuard } from './attempts.ts';
import type { SessionService } from './sessions.ts';
import type { AuthSettings } from './settings.ts';

export interface PasswordVerifier {
  verify(storedHash: string | null, password: string): Promise<boolean>;
}

export interface AuthRouteContext {
  spec: Spec;
  config: ServerConfig;
  settings: AuthSettings;
  store: Store;
  sessions: SessionService;
  attempts: AttemptGuard;
  passwords: PasswordVerifier;
  /** MfaToken validity from the IR limit `mfaTokenValidity` (1.5 minutes in the spec). */
  mfaTokenValidityMs: number;
  now: () => number;
}

export function mfaTokenValidityMs(spec: Spec): number {
  const limit = spec.limits.find((l) => l.id === 'mfaTokenValidity');
  return limit?.value.kind === 'duration' ? limit.value.milliseconds : 90_000;
}
