/**
 * Password + TOTP sign-in of the MFA user (spec: sign-in flow rows, TOTP error rows):
 *   1. password login: 200, SessionId null, an MfaToken;
 *   2. one wrong code: 401 "Login failed" (the MfaToken stays usable);
 *   3. an unknown MfaToken: 410 "Login failed";
 *   4. the right code: a session (this success resets the failure counter of step 2), logged out;
 *      when that step was used already by another sign-in of the user, once more at the next step;
 *   5. a second password login, then the code of step 4 again: refused (401);
 *   6. wait for the next time step, and its code gives a session (resetting step 5's failure).
 * Both sessions are logged out. No code is ever sent twice except the deliberate replay of step 5.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorCase, Source } from '@specgen/ir';
import { endpointSubject, pathOf, route, type MfaCredentials, type RunContext } from '../context.ts';
import { expectAnswer, type Shown } from '../expect.ts';
import type { Answer } from '../http.ts';
import { TotpDevice } from '../totp.ts';
import { loginBody, loginFieldAt, sessionFrom } from './login-response.ts';
import { logout, passwordLogin } from './signin.ts';

const ENV: [string, string] = ['SPECGEN_VERIFY_MFA_USERNAME', 'SPECGEN_VERIFY_MFA_PASSWORD'];
const TOTP_BODY = '{"MfaToken":"$MFA_TOKEN","Code":$TOTP_CODE}';

function errorRow(ctx: RunContext, endpointId: string, status: number): ErrorCase | undefined {
  return ctx.spec.errorTables
    .filter((t) => t.appliesTo.includes(endpointId))
    .flatMap((t) => t.cases)
    .find((c) => c.status === status);
}

function transitionAt(ctx: RunContext, test: (trigger: string, condition: string) => boolean): Source | undefined {
  return ctx.spec.transitions.find((t) => test(t.trigger.toLowerCase(), (t.condition ?? '').toLowerCase()))?.source;
}

/** Password login of the MFA user: the MfaToken, or null after a finding. */
async function mfaToken(ctx: RunContext, creds: MfaCredentials): Promise<string | null> {
  const login = route(ctx, 'login');
  const done = await passwordLogin(ctx, creds, ENV);
  if (!login || !done) return null;
  const at =
    transitionAt(ctx, (t, c) => t.includes('credential login') && c.includes('multi-factor')) ??
    loginFieldAt(ctx, 'MfaToken');
  const subject = endpointSubject(login, 200);
  if (
    !expectAnswer(ctx, {
      check: 'mfa.password',
      subject,
      at,
      request: done.shown,
      answer: done.answer,
      status: 200,
      route: login,
    })
  )
    return null;
  const body = loginBody(ctx, done.answer, done.shown, 'mfa.password', subject);
  if (!body) return null;
  ctx.findings.check();
  if (body.SessionId !== null || typeof body.MfaToken !== 'string' || body.MfaToken === '') {
    ctx.findings.add({
      check: 'mfa.password',
      subject: 'LoginResponse.MfaToken',
      at: loginFieldAt(ctx, 'MfaToken'),
      request: done.shown,
      message: 'a user who needs a second factor must get SessionId null and an MfaToken',
      expected: 'SessionId null, MfaToken set',
      actual: `SessionId ${body.SessionId === null ? 'null' : 'set'}, MfaToken ${typeof body.MfaToken === 'string' ? 'set' : JSON.stringify(body.MfaToken ?? null)}`,
    });
    if (typeof body.SessionId === 'string') await logout(ctx, body.SessionId);
    return null;
  }
  return body.MfaToken;
}

async function sendCode(
  ctx: RunContext,
  token: string,
  code: string,
): Promise<{ answer: Answer; shown: Shown } | null> {
  const totp = route(ctx, 'totpLogin');
  if (!totp) return null;
  const shown: Shown = { method: 'POST', path: pathOf(ctx, totp), body: TOTP_BODY };
  const answer = await ctx.http.send({
    method: 'POST',
    path: shown.path,
    body: { MfaToken: token, Code: Number(code) },
  });
  return { answer, shown };
}

/** Sleeps into the time step after the one holding `at`; returns the new now. */
async function nextStep(ctx: RunContext, device: TotpDevice, at: number): Promise<number> {
  const next = (device.step(at) + 1) * device.periodMs;
  await ctx.clock.sleep(Math.max(0, next - ctx.clock.now()) + 50);
  return ctx.clock.now();
}

/** A code that must give a session; the session (to log out) or null after a finding. */
async function acceptedCode(ctx: RunContext, token: string, code: string, check: string): Promise<string | null> {
  const sent = await sendCode(ctx, token, code);
  return sent ? judgeAccepted(ctx, sent, check) : null;
}

async function judgeAccepted(
  ctx: RunContext,
  sent: { answer: Answer; shown: Shown },
  check: string,
): Promise<string | null> {
  const totp = route(ctx, 'totpLogin');
  if (!totp) return null;
  const endpoint = ctx.spec.endpoints.find((e) => e.id === 'totpLogin');
  const at =
    transitionAt(ctx, (t, c) => t.includes('login/totp') && c.includes('correct')) ??
    endpoint?.source ??
    ctx.spec.source;
  const subject = endpointSubject(totp, 200);
  if (!expectAnswer(ctx, { check, subject, at, request: sent.shown, answer: sent.answer, status: 200, route: totp }))
    return null;
  const body = loginBody(ctx, sent.answer, sent.shown, check, subject);
  return body ? sessionFrom(ctx, sent.answer, body, sent.shown, check) : null;
}

/** A code that must be refused with the error row's status and body. */
async function refusedCode(
  ctx: RunContext,
  token: string,
  code: string,
  status: number,
  check: string,
): Promise<string | null> {
  const totp = route(ctx, 'totpLogin');
  const sent = await sendCode(ctx, token, code);
  if (!totp || !sent) return null;
  const row = errorRow(ctx, 'totpLogin', status);
  const at = row?.source ?? ctx.spec.source;
  expectAnswer(ctx, {
    check,
    subject: endpointSubject(totp, status),
    at,
    request: sent.shown,
    answer: sent.answer,
    status,
    bodies: row?.body ? [row.body] : [],
    route: totp,
  });
  // A code that was wrongly accepted gave a session: end it.
  if (sent.answer.status === 200) {
    const session = loginBody(ctx, sent.answer, sent.shown, check, endpointSubject(totp, 200))?.SessionId;
    return typeof session === 'string' ? session : null;
  }
  return null;
}

export async function checkMfa(ctx: RunContext, creds: MfaCredentials): Promise<void> {
  ctx.secrets.add(creds.totpSecret);
  const device = new TotpDevice(creds.totpSecret);
  const sessions: string[] = [];
  try {
    const token = await mfaToken(ctx, creds);
    if (!token) return;
    const now = ctx.clock.now();
    const wrong = await refusedCode(ctx, token, device.wrongCode(now), 401, 'mfa.wrongCode');
    if (wrong) sessions.push(wrong);
    const unknown = await refusedCode(ctx, randomUUID(), device.wrongCode(now), 410, 'mfa.unknownToken');
    if (unknown) sessions.push(unknown);
    let usedAt = ctx.clock.now();
    let sent = await sendCode(ctx, token, device.code(usedAt));
    if (sent?.answer.status === 401) {
      // Another sign-in of this user used this time step already (an earlier run, a person): the
      // code is refused as a replay. Wait for the next step once; the MfaToken stays usable.
      usedAt = await nextStep(ctx, device, usedAt);
      sent = null;
    }
    const used = device.code(usedAt);
    const first = sent ? await judgeAccepted(ctx, sent, 'mfa.code') : await acceptedCode(ctx, token, used, 'mfa.code');
    // Ended before the next password login, whose ForceRelogin would suspend it.
    if (first) await logout(ctx, first);
    const second = await mfaToken(ctx, creds);
    if (!second) return;
    const replay = await refusedCode(ctx, second, used, 401, 'mfa.replay');
    if (replay) {
      sessions.push(replay);
      // Other checks run meanwhile, so the replay's finding is found by its check, not its place.
      const found = ctx.findings.list.find((f) => f.check === 'mfa.replay');
      if (found) found.message = 'a code that was already accepted signed in again (replay not refused)';
    }
    // The next time step: a fresh code, never the used one again.
    const fresh = await acceptedCode(ctx, second, device.code(await nextStep(ctx, device, usedAt)), 'mfa.code');
    if (fresh) sessions.push(fresh);
  } finally {
    for (const s of sessions) await logout(ctx, s);
  }
}
