/**
 * Device registration commands, invoked like the production service's commands:
 * `POST /{languageCode}/{companyNumber}/api/v1/Common/Commands/<Command>` with a JSON body.
 *
 * - GetMultiFactorDeviceSecret `{}` with a session (replace or add a device while signed in), or
 *   `{MfaToken}` with the enrolment token a password login gave an MFA user who has no device yet
 *   (so enrolment is only reachable after the password was verified). Returns
 *   `{MfaToken, Secret, QrCode, ExpiryDate}` and the caller's session id in `X-Service-SessionId`.
 * - SetMultiFactorAuthenticationDevice `{MfaToken, Code}`: registers the device when the code is
 *   right before ExpiryDate; after an enrolment it also signs the user in (new session).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  keyUri,
  newMfaToken,
  newTotpDevice,
  openDevice,
  qrCodeDataUrl,
  sealDevice,
  storageKey,
  verifyTotp,
} from '@specgen/runtime-auth';
import {
  consumeMfaToken,
  createMfaToken,
  findMfaToken,
  findUserById,
  recordMfaFailure,
  redeemMfaToken,
  saveDevice,
} from '@specgen/runtime-store';
import type { AuthRouteContext } from '../auth-context.ts';
import { MESSAGES, sendMessage, sendObject } from '../replies.ts';
import { COMMANDS_PREFIX, SESSION_HEADER } from '@specgen/contract';

export const COMMAND_PREFIX = COMMANDS_PREFIX;
const GET = 'GetMultiFactorDeviceSecret';
const SET = 'SetMultiFactorAuthenticationDevice';

/** Any other command name under the prefix: 404 `"Unknown command <name>"`. */
export async function unknownCommandHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendMessage(reply, 404, `Unknown command ${(request.params as { command: string }).command}`);
}

/** The default `getMultiFactorDeviceSecret` handler (skeleton/defaults.ts). */
export function getDeviceSecretHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest<{ Body: { MfaToken?: string } }>, reply: FastifyReply) => {
    const now = ctx.now();
    let userId: string;
    let purpose: 'device' | 'enrol-device';
    let forceRelogin = false;
    let sessionId: string | null = null;
    if (request.body.MfaToken !== undefined) {
      const key = storageKey(request.body.MfaToken);
      const token = await findMfaToken(ctx.store, key);
      if (!token || token.purpose !== 'enrol' || token.consumedAt !== null || token.expiresAt <= now)
        return sendMessage(reply, 400, MESSAGES.invalidMfaToken(GET));
      const consumed = await consumeMfaToken(ctx.store, key, now);
      if (!consumed) return sendMessage(reply, 400, MESSAGES.invalidMfaToken(GET));
      [userId, purpose, forceRelogin] = [consumed.userId, 'enrol-device', consumed.forceRelogin];
    } else {
      const session = await ctx.sessions.check(request);
      if (!session.ok) return sendMessage(reply, session.status, session.message);
      [userId, purpose, sessionId] = [session.session.userId, 'device', session.session.sessionId];
    }
    const user = await findUserById(ctx.store, userId);
    if (!user) return sendMessage(reply, 400, MESSAGES.invalidMfaToken(GET));
    const device = newTotpDevice();
    const token = newMfaToken();
    const expiresAt = now + ctx.settings.deviceSecretSeconds * 1000;
    await createMfaToken(ctx.store, {
      key: storageKey(token),
      userId,
      purpose,
      expiresAt,
      forceRelogin,
      now,
      pendingSecret: sealDevice(ctx.config.secretsKey, device, userId),
    });
    const qrCode = await qrCodeDataUrl(keyUri(device, ctx.settings.totpIssuer, user.username));
    if (sessionId) reply.header(SESSION_HEADER, sessionId);
    reply.header('Cache-Control', 'no-store');
    return sendObject(reply, 200, {
      MfaToken: token,
      Secret: device.secret,
      QrCode: qrCode,
      ExpiryDate: new Date(expiresAt).toISOString(),
    });
  };
}

/** The default `setMultiFactorAuthenticationDevice` handler (skeleton/defaults.ts). */
export function setDeviceHandler(ctx: AuthRouteContext) {
  return async (request: FastifyRequest<{ Body: { MfaToken: string; Code: number } }>, reply: FastifyReply) => {
    const now = ctx.now();
    const key = storageKey(request.body.MfaToken);
    const token = await findMfaToken(ctx.store, key);
    const usable =
      token &&
      (token.purpose === 'device' || token.purpose === 'enrol-device') &&
      token.consumedAt === null &&
      token.expiresAt > now &&
      token.pendingSecret;
    if (!token || !usable || !token.pendingSecret) return sendMessage(reply, 400, MESSAGES.invalidMfaToken(SET));
    const step = verifyTotp(
      openDevice(ctx.config.secretsKey, token.pendingSecret, token.userId),
      request.body.Code,
      now,
    );
    const redeemed = step === null ? null : await redeemMfaToken(ctx.store, key, token.userId, step, now);
    if (redeemed && !redeemed.ok && redeemed.reason === 'tokenGone')
      return sendMessage(reply, 400, MESSAGES.invalidMfaToken(SET));
    if (!redeemed?.ok) {
      const failures = await recordMfaFailure(ctx.store, key, ctx.settings.maxCodeFailures, now);
      if (failures === null) return sendMessage(reply, 400, MESSAGES.invalidMfaToken(SET));
      if (failures >= ctx.settings.maxCodeFailures) return sendMessage(reply, 429, MESSAGES.tooManyAttempts);
      return sendMessage(reply, 400, MESSAGES.invalidCode(SET));
    }
    await saveDevice(ctx.store, token.userId, token.pendingSecret, now);
    const sessionId =
      token.purpose === 'enrol-device'
        ? await ctx.sessions.start(token.userId, request, reply, { forceRelogin: token.forceRelogin })
        : null;
    return sendObject(reply, 200, { DeviceRegistered: true, SessionId: sessionId, MfaToken: null });
  };
}
