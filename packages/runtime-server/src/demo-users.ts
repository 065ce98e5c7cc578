/**
 * Demo users `pnpm start` creates (docs/operating.md): `demo`/`demo` (no MFA), `mfa`/`mfa` (MFA
 * with a device on the documented demo secret), `enrol`/`enrol` (MFA, no device yet: registers one
 * on the web page). The OIDC demo users come from the development identity provider.
 * Existing users are left alone, so changes made with `pnpm service users` stick.
 */
import { hashPassword, sealDevice, type TotpDevice } from '@specgen/runtime-auth';
import { createUser, findDevice, findUserByUsername, saveDevice, type Store } from '@specgen/runtime-store';

/** Publicly documented, for the sandbox only: add it to an authenticator app to sign in as `mfa`. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_DEVICE: TotpDevice = { secret: DEMO_TOTP_SECRET, algorithm: 'SHA1', digits: 6, period: 30 };

export interface DemoUser {
  username: string;
  password: string;
  mfaRequired: boolean;
  device: TotpDevice | null;
}

export const PASSWORD_DEMO_USERS: readonly DemoUser[] = [
  { username: 'demo', password: 'demo', mfaRequired: false, device: null },
  { username: 'mfa', password: 'mfa', mfaRequired: true, device: DEMO_DEVICE },
  { username: 'enrol', password: 'enrol', mfaRequired: true, device: null },
];

/** Creates the missing demo users; returns the names created. */
export async function ensurePasswordDemoUsers(
  store: Store,
  secretsKey: Buffer,
  permissions: string[],
): Promise<string[]> {
  const created: string[] = [];
  for (const demo of PASSWORD_DEMO_USERS) {
    if (await findUserByUsername(store, demo.username)) continue;
    const user = await createUser(store, {
      username: demo.username,
      passwordHash: await hashPassword(demo.password),
      mfaRequired: demo.mfaRequired,
      permissions,
    });
    if (demo.device && !(await findDevice(store, user.id)))
      await saveDevice(store, user.id, sealDevice(secretsKey, demo.device, user.id), Date.now());
    created.push(demo.username);
  }
  return created;
}
