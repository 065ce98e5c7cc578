/**
 * OIDC by version (spec: Sign-in table rows, OIDC error rows, the versioning line):
 * - from the version the versioning rule names, an initiate without redirectUrl answers 400; one
 *   with the registered redirect address answers 200 text/plain with an authorization URL that
 *   carries client_id, state and an S256 code_challenge (or the documented 503 when the deployment
 *   has no provider configured); a callback without code and state answers 400, one with a state
 *   no flow knows answers 400;
 * - before it, both paths answer 404.
 * Nothing here signs anybody in: no code is exchanged.
 */
import { OIDC_MESSAGES, routes, type RouteContract } from '@specgen/contract';
import type { Source } from '@specgen/ir';
import { endpointSubject, pathOf, query, type RunContext } from '../context.ts';
import { documentedBodies, expectAnswer, messageOf, shortBody, type Shown } from '../expect.ts';

function endpointAt(ctx: RunContext, id: string): Source {
  return ctx.spec.endpoints.find((e) => e.id === id)?.source ?? ctx.spec.source;
}

function errorRowAt(ctx: RunContext, id: string, test: RegExp): Source {
  const rows = ctx.spec.errorTables.filter((t) => t.appliesTo.includes(id)).flatMap((t) => t.cases);
  return (rows.find((c) => test.test(c.condition)) ?? rows[0])?.source ?? endpointAt(ctx, id);
}

export async function checkOidc(ctx: RunContext): Promise<void> {
  const at = (id: string) => routes(ctx.spec, ctx.version).find((r) => r.endpoint === id);
  const initiate = at('oidcInitiate');
  const callback = at('oidcCallback');
  if (initiate && callback) {
    await checkInitiate(ctx, initiate);
    await checkCallback(ctx, callback);
    return;
  }
  const all = routes(ctx.spec, null).filter((r) => r.endpoint === 'oidcInitiate' || r.endpoint === 'oidcCallback');
  const rule = ctx.spec.versioning.find((v) => v.rule === 'endpointsFrom');
  for (const r of all) {
    const shown: Shown = { method: r.method, path: pathOf(ctx, r), ...(r.method === 'POST' ? { body: '{}' } : {}) };
    const answer = await ctx.http.send({
      method: r.method,
      path: shown.path,
      ...(r.method === 'POST' ? { body: {} } : {}),
    });
    expectAnswer(ctx, {
      check: 'oidc.version',
      subject: endpointSubject(r, 404),
      at: rule?.source ?? endpointAt(ctx, r.endpoint ?? ''),
      request: shown,
      answer,
      status: 404,
    });
  }
}

async function checkInitiate(ctx: RunContext, r: RouteContract): Promise<void> {
  const bare: Shown = { method: 'POST', path: pathOf(ctx, r), body: '{}' };
  const missing = await ctx.http.send({ method: 'POST', path: bare.path, body: {} });
  expectAnswer(ctx, {
    check: 'oidc.initiate',
    subject: endpointSubject(r, 400),
    at: errorRowAt(ctx, 'oidcInitiate', /redirectUrl missing/i),
    request: bare,
    answer: missing,
    status: 400,
    bodies: [OIDC_MESSAGES.redirectUrlMissing],
    route: r,
  });
  const shown: Shown = {
    method: 'POST',
    path: `${pathOf(ctx, r)}${query({ redirectUrl: ctx.oidcRedirectUrl })}`,
    body: '{"ForceRelogin":false}',
  };
  const answer = await ctx.http.send({ method: 'POST', path: shown.path, body: { ForceRelogin: false } });
  const at = endpointAt(ctx, 'oidcInitiate');
  ctx.findings.check();
  const message = messageOf(answer);
  if (answer.status === 503 && message !== null && documentedBodies(r, 503).includes(message)) return;
  if (answer.status === 400 && message === OIDC_MESSAGES.redirectUrlMismatch) {
    ctx.findings.add({
      check: 'oidc.initiate',
      severity: 'warning',
      subject: endpointSubject(r, 200),
      at,
      request: shown,
      message: `${ctx.oidcRedirectUrl} is not the deployment's registered redirect address; set SPECGEN_VERIFY_OIDC_REDIRECT_URL to judge the authorization URL`,
      expected: '200 text/plain',
      actual: shortBody(answer),
    });
    return;
  }
  const add = (msg: string, expected: string, actual: string) =>
    ctx.findings.add({
      check: 'oidc.initiate',
      subject: endpointSubject(r, 200),
      at,
      request: shown,
      message: msg,
      expected,
      actual,
    });
  if (answer.status !== 200 || answer.contentType !== 'text/plain') {
    add(
      `answered ${answer.status} ${answer.contentType} instead of 200 text/plain (or the documented 503)`,
      '200 text/plain',
      shortBody(answer),
    );
    return;
  }
  let url: URL;
  try {
    url = new URL(answer.text.trim());
  } catch {
    add('the body is not an authorization URL', 'an absolute URL', shortBody(answer));
    return;
  }
  for (const name of ['state', 'nonce', 'code_challenge']) ctx.secrets.add(url.searchParams.get(name));
  const lacking = ['client_id', 'state', 'code_challenge'].filter((p) => !url.searchParams.get(p));
  const method = url.searchParams.get('code_challenge_method');
  if (lacking.length > 0)
    add(
      `the authorization URL lacks ${lacking.join(', ')}`,
      'client_id, state, code_challenge',
      `parameters: ${[...url.searchParams.keys()].join(', ')}`,
    );
  else if (method !== 'S256')
    add(
      `the authorization URL's code_challenge_method is ${method ?? 'absent'}, not S256 (PKCE)`,
      'code_challenge_method=S256',
      `code_challenge_method=${method ?? '(absent)'}`,
    );
}

async function checkCallback(ctx: RunContext, r: RouteContract): Promise<void> {
  const bare: Shown = { method: 'GET', path: pathOf(ctx, r) };
  const missing = await ctx.http.send({ method: 'GET', path: bare.path });
  expectAnswer(ctx, {
    check: 'oidc.callback',
    subject: endpointSubject(r, 400),
    at: errorRowAt(ctx, 'oidcCallback', /code or state missing/i),
    request: bare,
    answer: missing,
    status: 400,
    bodies: [OIDC_MESSAGES.codeOrStateMissing],
    route: r,
  });
  const stale: Shown = {
    method: 'GET',
    path: `${pathOf(ctx, r)}${query({ code: 'specgen-verify', state: 'specgen-verify-unknown-state' })}`,
  };
  const unknown = await ctx.http.send({ method: 'GET', path: stale.path });
  expectAnswer(ctx, {
    check: 'oidc.callback',
    subject: endpointSubject(r, 400),
    at: errorRowAt(ctx, 'oidcCallback', /state invalid/i),
    request: stale,
    answer: unknown,
    status: 400,
    bodies: [OIDC_MESSAGES.invalidState],
    route: r,
  });
}
