/**
 * `createServer`: the Fastify server core. Every service route lives under
 * `/:languageCode/:companyNumber` and comes from one route table: the generated server's route
 * modules (`routes`), or the contract's table built at run time with the default handlers
 * (skeleton/contract-routes.ts; tests and SPEC_IR). The skeleton registers it (skeleton/setup.ts):
 * version gating, session and permission checks, input checks and error mapping happen there, once.
 * The web page is at `/`, the API reference at `/docs`, liveness at `/livez`.
 */
import fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { DestinationStream } from 'pino';
import { COMPANY_NUMBER_PARAMETER, FASTIFY_PREFIX, LANGUAGE_CODE_PARAMETER, REQUEST_MESSAGES } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import { verifyPassword, warmUpPasswords } from '@specgen/runtime-auth';
import type { PageCache } from '@specgen/runtime-resources';
import { openStore, type Store } from '@specgen/runtime-store';
import type { ServerConfig, ServerContext } from './server-context.ts';
import { createAttemptGuard } from './attempts.ts';
import { mfaTokenValidityMs, type AuthRouteContext, type PasswordVerifier } from './auth-context.ts';
import { installErrorHandlers } from './errors.ts';
import { startHousekeeping } from './housekeeping.ts';
import { createLogger, requestId } from './logging.ts';
import { explorerResources } from './page/explorer.ts';
import { pageRoute } from './page/page.ts';
import { pagePaths } from './page/page-paths.ts';
import { MESSAGES, sendMessage } from './replies.ts';
import { createSessionService } from './sessions.ts';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from './settings.ts';
import { strictValidator } from './validation.ts';
import { contractRoutes } from './skeleton/contract-routes.ts';
import { installSkeleton, type RouteFactory } from './skeleton/setup.ts';

export interface CreateServerOptions {
  spec: Spec;
  config: ServerConfig & { auth?: Partial<AuthSettings> };
  /** Opened from `config.databaseUrl` when absent (and closed with the server). */
  store?: Store;
  /** Serve `/openapi.json` and `/docs` at the root (default true). */
  apiDocs?: boolean;
  /** Serve the reference site (`specgen docs --out <dir>`) from this folder at `/reference` (reference.ts). */
  referenceDir?: string;
  /** Log destination (tests capture it); `false` silences logging. */
  log?: DestinationStream | false;
  /** Clock in ms (tests); defaults to Date.now. */
  now?: () => number;
  /** Password check (tests count calls); defaults to scrypt. */
  passwords?: PasswordVerifier;
  /**
   * The route table: given the default handlers, every route with its handler. The generated
   * server (`@service-api/server`) passes its route modules; when absent, the contract's routes at
   * the served version with the default handlers (`contractRoutes(spec, config.serviceVersion)`).
   */
  routes?: RouteFactory;
  /**
   * Bound in bytes of the list pages the default handlers keep (default `config.pageCacheBytes`,
   * from `PAGE_CACHE_MB`, else 64 MiB; 0 turns the cache off).
   */
  pageCacheBytes?: number;
  /** A page cache made by the caller (tests look at its size, or share one between servers); over `pageCacheBytes`. */
  pageCache?: PageCache | null;
}

/** A route as Fastify registered it (HEAD routes Fastify adds for GET included). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const registeredRoutes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route `createServer` registered on `app`, in registration order (tests compare them with the contract). */
export function serverRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registeredRoutes.get(app) ?? [];
}

/** The path parameters' patterns, as the contract (and so the document) states them. */
const LANGUAGE_CODE = new RegExp(LANGUAGE_CODE_PARAMETER.pattern);
const COMPANY_NUMBER = new RegExp(COMPANY_NUMBER_PARAMETER.pattern);

/** Outside the API prefix, like the web page and /docs. */
export const LIVENESS_PATH = '/livez';

export async function createServer(options: CreateServerOptions): Promise<FastifyInstance> {
  const { spec, config } = options;
  const settings: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, ...(options.config.auth ?? {}) };
  const now = options.now ?? Date.now;
  const ownStore = options.store === undefined;
  const store = options.store ?? (await openStore(config.databaseUrl));
  const app = fastify({
    loggerInstance: options.log === false ? undefined : createLogger(settings.logLevel, options.log),
    logger: options.log === false ? false : undefined,
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: settings.bodyLimitBytes,
    trustProxy: settings.trustProxy,
    routerOptions: { maxParamLength: 200 },
  } as Parameters<typeof fastify>[0]) as unknown as FastifyInstance;
  if (ownStore) app.addHook('onClose', async () => store.close());
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  installErrorHandlers(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
    return payload;
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyAttempts }),
  });

  const sessions = createSessionService(store, config, now, settings.sessionCacheMs);
  const routeCtx: AuthRouteContext = {
    spec,
    config,
    settings,
    store,
    sessions,
    now,
    attempts: createAttemptGuard(store, settings, now),
    passwords: options.passwords ?? { verify: verifyPassword },
    mfaTokenValidityMs: mfaTokenValidityMs(spec),
  };
  const serverCtx: ServerContext = {
    config,
    store,
    spec,
    authenticate: async (request) => {
      const result = await sessions.check(request);
      return result.ok ? result.session : null;
    },
    startSession: (userId, request, reply, opts) => sessions.start(userId, request, reply, opts),
    requireSession: async (request, reply) => {
      const result = await sessions.check(request);
      if (result.ok) return result.session;
      sendMessage(reply, result.status, result.message);
      return null;
    },
  };

  await app.register(
    async (scope) => {
      scope.setValidatorCompiler(strictValidator);
      scope.addHook('onRequest', async (request, reply) => {
        const params = request.params as { languageCode?: string; companyNumber?: string };
        if (!LANGUAGE_CODE.test(params.languageCode ?? ''))
          return sendMessage(reply, 400, REQUEST_MESSAGES.languageCode);
        if (!COMPANY_NUMBER.test(params.companyNumber ?? ''))
          return sendMessage(reply, 400, REQUEST_MESSAGES.companyNumber);
      });
      const table = options.routes ?? contractRoutes(spec, config.serviceVersion || null);
      const cache =
        options.pageCache === undefined ? (options.pageCacheBytes ?? config.pageCacheBytes) : options.pageCache;
      await installSkeleton(scope, routeCtx, serverCtx, table, cache);
    },
    { prefix: FASTIFY_PREFIX },
  );
  if (options.apiDocs !== false)
    await app.register((await import('@specgen/runtime-resources/api-docs')).apiDocsPlugin, serverCtx);
  if (options.referenceDir)
    await app.register((await import('./reference.ts')).referencePlugin, { dir: options.referenceDir });
  const served = config.serviceVersion || null;
  const page = { paths: pagePaths(spec, served), resources: explorerResources(spec, served) };
  await pageRoute(app, config.publicUrl, config.oidc.redirectUrl, page);
  // Liveness for container HEALTHCHECKs and load balancers: answers while the process serves
  // requests, without touching the store (a database outage must not restart every instance).
  app.get(LIVENESS_PATH, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  const stopHousekeeping = startHousekeeping(store, config, now, app.log);
  app.addHook('onClose', async () => stopHousekeeping());
  await warmUpPasswords();
  return app;
}
