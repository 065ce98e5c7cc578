/**
 * Password sign-in and logout (the credential login and logout are production's, decided in the
 * contract; the spec leaves them "not shown"): one wrong password answers the documented 403
 * and body and is followed by the successful sign-in, which gives the reading session. Logout
 * ends the session. A sign-in that cannot succeed stops the run (exit status 2).
 */
import type { RunContext, Credentials } from '../context.ts';
import { endpointSubject, pathOf, route, unknownAt } from '../context.ts';
import type { Answer } from '../http.ts';
import { documentedBodies, expectAnswer, shortBody, type Shown } from '../expect.ts';
import { loginBody, sessionFrom } from './login-response.ts';

/** The credentials do not sign in (wrong password, unknown user, a second factor needed): exit 2. */
export class SignInImpossible extends Error {}

const PASSWORD_BODY = (user: string, pass: string) =>
  `{"Username":"$${user}","Password":"$${pass}","ForceRelogin":true}`;

/** POST login with the credentials; the reproducer names the env variables, never the values. */
export async function passwordLogin(
  ctx: RunContext,
  creds: Credentials,
  env: [string, string],
): Promise<{ answer: Answer; shown: Shown } | null> {
  const login = route(ctx, 'login');
  if (!login) return null;
  const shown: Shown = { method: 'POST', path: pathOf(ctx, login), body: PASSWORD_BODY(env[0], env[1]) };
  const answer = await ctx.http.send({
    method: 'POST',
    path: shown.path,
    body: { Username: creds.username, Password: creds.password, ForceRelogin: true },
  });
  return { answer, shown };
}

/** One wrong password (documented 403), then the sign-in; returns the session. */
export async function signIn(ctx: RunContext, creds: Credentials): Promise<string> {
  const login = route(ctx, 'login');
  if (!login) throw new SignInImpossible('the contract has no credential login route');
  const at = unknownAt(ctx.spec, 'endpoints.credentialLogin');
  const env: [string, string] = ['SPECGEN_VERIFY_USERNAME', 'SPECGEN_VERIFY_PASSWORD'];
  const wrong = await ctx.http.send({
    method: 'POST',
    path: pathOf(ctx, login),
    body: { Username: creds.username, Password: `${creds.password}-not-it`, ForceRelogin: true },
  });
  expectAnswer(ctx, {
    check: 'signin.wrongPassword',
    subject: endpointSubject(login, 403),
    at,
    answer: wrong,
    status: 403,
    bodies: documentedBodies(login, 403),
    route: login,
    request: {
      method: 'POST',
      path: pathOf(ctx, login),
      body: '{"Username":"$SPECGEN_VERIFY_USERNAME","Password":"wrong","ForceRelogin":true}',
    },
  });
  const done = await passwordLogin(ctx, creds, env);
  if (!done) throw new SignInImpossible('no login route');
  const { answer, shown } = done;
  if (answer.status !== 200)
    throw new SignInImpossible(`password sign-in as $${env[0]} answered ${shortBody(answer)}: check the credentials`);
  const body = loginBody(ctx, answer, shown, 'signin.password', endpointSubject(login, 200));
  if (body && body.SessionId === null && typeof body.MfaToken === 'string') {
    throw new SignInImpossible(
      `$${env[0]} needs a second factor; give a user without MFA (the MFA user goes in SPECGEN_VERIFY_MFA_*)`,
    );
  }
  const session = body ? sessionFrom(ctx, answer, body, shown, 'signin.password') : null;
  if (!session) throw new SignInImpossible('the password sign-in gave no session');
  return session;
}

/** Logout (204) ends the session: the session route then answers 401. */
export async function logout(ctx: RunContext, session: string): Promise<void> {
  const out = route(ctx, 'logout');
  const current = route(ctx, 'getSession');
  if (!out) return;
  const at = unknownAt(ctx.spec, 'session.lifetime');
  const shown: Shown = { method: 'POST', path: pathOf(ctx, out), session: true };
  const answer = await ctx.http.send({ method: 'POST', path: shown.path, session });
  if (
    !expectAnswer(ctx, {
      check: 'signin.logout',
      subject: endpointSubject(out, 204),
      at,
      request: shown,
      answer,
      status: 204,
      route: out,
    }) ||
    !current
  )
    return;
  const after: Shown = { method: 'GET', path: pathOf(ctx, current), session: true };
  const check = await ctx.http.send({ method: 'GET', path: after.path, session });
  expectAnswer(ctx, {
    check: 'signin.logout',
    subject: endpointSubject(current, 401),
    at,
    request: after,
    answer: check,
    status: 401,
    bodies: documentedBodies(current, 401),
    route: current,
  });
}
