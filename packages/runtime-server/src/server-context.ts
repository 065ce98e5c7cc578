/**
 * The server's configuration and the context its handlers get: `createServer` builds a
 * `ServerContext` (store, IR, sessions) and hands it to every handler (the `tools` of the
 * skeleton's handlers, skeleton/types.ts) and to a `ServicePlugin` such as the API reference.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Spec } from '@specgen/ir';
import type { Store } from '@specgen/runtime-store';

export interface SessionInfo {
  sessionId: string;
  userId: string;
  username: string;
  /** Permission names of the read-resources table, e.g. `Show serial number`. */
  permissions: string[];
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The service version this server plays; fields, resources and endpoints introduced later are absent. */
  serviceVersion: string;
  databaseUrl: string;
  /** 32-byte key (base64 or hex) for AES-256-GCM encryption of secrets at rest. */
  secretsKey: Buffer;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  cookieSecure: boolean;
  /** Public base URL of this server, e.g. `http://127.0.0.1:8001`. */
  publicUrl: string;
  /** Bound in bytes of the read routes' page cache (`PAGE_CACHE_MB`); 64 MiB when absent, 0 turns it off. */
  pageCacheBytes?: number;
  oidc: {
    issuer: string | null;
    clientId: string | null;
    clientSecret: string | null;
    redirectUrl: string | null;
    scopes: string[];
    flowLifetimeSeconds: number;
    /** Tests only: allow an http issuer on loopback. */
    allowInsecureIssuer: boolean;
    /** Failed OIDC callbacks per client address within the window before 429 (default 10). */
    maxFailedAttempts?: number;
    /** Window of that count in seconds (default 300). */
    attemptWindowSeconds?: number;
  };
}

export interface ServerContext {
  config: ServerConfig;
  store: Store;
  /** The IR the generated server was built from. */
  spec: Spec;
  /** Session of a request (header `X-Service-SessionId` or the session cookie); null when missing or invalid. */
  authenticate(request: FastifyRequest): Promise<SessionInfo | null>;
  /** Creates a session for the user (new id at every login), sets the header and cookie on the reply, returns the id. */
  startSession(
    userId: string,
    request: FastifyRequest,
    reply: FastifyReply,
    opts?: { forceRelogin?: boolean },
  ): Promise<string>;
  /**
   * The session, or null after answering 401 (missing, invalid, expired) or 403 "Session
   * suspended" (ended by a ForceRelogin elsewhere) with a JSON string body. Set by the server core.
   */
  requireSession?(request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | null>;
}

/** A Fastify plugin given the server context as its options (e.g. the API reference at the root). */
export type ServicePlugin = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;
