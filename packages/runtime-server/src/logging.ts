/**
 * pino with request ids, and nothing secret in the output: requests are logged as method, path
 * (query values replaced), client address and request id; headers and bodies are not logged;
 * redaction catches secrets in any object a handler logs.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { SESSION_HEADER } from '@specgen/contract';

const SESSION = SESSION_HEADER.toLowerCase();

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  `req.headers["${SESSION}"]`,
  'res.headers["set-cookie"]',
  `res.headers["${SESSION}"]`,
  '*.Password',
  '*.password',
  '*.Code',
  '*.code',
  '*.MfaToken',
  '*.SessionId',
  '*.sessionId',
  '*.Secret',
  '*.secret',
  '*.token',
  '*.state',
  '*.nonce',
  '*.code_verifier',
];

/** `/en/001.1/login/oidc/callback?code=abc&state=xyz` -> `...?code=[Redacted]&state=[Redacted]`. */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=[Redacted]`);
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export function createLogger(level: string, stream?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactQuery(req.url), remoteAddress: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
  return stream ? pino(options, stream) : pino(options);
}

export function requestId(): string {
  return randomUUID();
}
