/**
 * A successful sign-in answer: 200 JSON LoginResponse (the contract's schema), a SessionId in
 * GUID format that the session header repeats, or, for a user who needs a second factor,
 * SessionId null and an MfaToken. Findings point at the LoginResponse field rows.
 */
import { SESSION_HEADER } from '@specgen/contract';
import type { Source } from '@specgen/ir';
import type { RunContext } from '../context.ts';
import { shortBody, type Shown } from '../expect.ts';
import type { Answer } from '../http.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LoginBody {
  SessionId?: unknown;
  MfaToken?: unknown;
}

/** Where a LoginResponse field is stated (its row), else the structure. */
export function loginFieldAt(ctx: RunContext, field: string): Source {
  const s = ctx.spec.structures.find((x) => x.name === 'LoginResponse');
  return s?.fields.find((f) => f.name === field)?.source ?? s?.source ?? ctx.spec.source;
}

/** The parsed body when it is a LoginResponse as the contract describes it; null after a finding. */
export function loginBody(
  ctx: RunContext,
  answer: Answer,
  shown: Shown,
  check: string,
  subject: string,
): LoginBody | null {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as LoginBody) : null;
  ctx.secrets.add(typeof record?.SessionId === 'string' ? record.SessionId : null);
  ctx.secrets.add(typeof record?.MfaToken === 'string' ? record.MfaToken : null);
  ctx.secrets.add(answer.headers.get(SESSION_HEADER));
  ctx.findings.check();
  const problems =
    record && answer.contentType === 'application/json'
      ? ctx.schemas.inline('loginResponse', ctx.schemas.signIn.loginResponse, body)
      : ['not a JSON object'];
  if (problems.length > 0) {
    const at = ctx.spec.structures.find((x) => x.name === 'LoginResponse')?.source ?? ctx.spec.source;
    ctx.findings.add({
      check,
      subject,
      at,
      request: shown,
      message: `the body is not a LoginResponse: ${problems.join('; ')}`,
      expected: 'LoginResponse (JSON)',
      actual: shortBody(answer),
    });
    return null;
  }
  return record;
}

/** A signed-in answer: SessionId a GUID, repeated in the session header. Returns the session or null. */
export function sessionFrom(
  ctx: RunContext,
  answer: Answer,
  body: LoginBody,
  shown: Shown,
  check: string,
): string | null {
  const at = loginFieldAt(ctx, 'SessionId');
  const subject = 'LoginResponse.SessionId';
  ctx.findings.check();
  const id = body.SessionId;
  if (typeof id !== 'string' || !GUID.test(id)) {
    ctx.findings.add({
      check,
      subject,
      at,
      request: shown,
      message: 'SessionId is not a GUID',
      expected: 'a GUID',
      actual: typeof id === 'string' ? '(a non-GUID string)' : JSON.stringify(id),
    });
    return typeof id === 'string' && id !== '' ? id : null;
  }
  ctx.findings.check();
  const header = answer.headers.get(SESSION_HEADER);
  if (header !== id) {
    ctx.findings.add({
      check,
      subject,
      at,
      request: shown,
      message: `the ${SESSION_HEADER} header does not carry the SessionId`,
      expected: `${SESSION_HEADER}: the SessionId`,
      actual: header === null ? 'header absent' : 'a different value',
    });
  }
  return id;
}
