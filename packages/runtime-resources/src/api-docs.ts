/**
 * `/openapi.json` (the OpenAPI 3.1 document of the configured service version, built in-process
 * from the IR by @specgen/contract, the same builder @service-api/openapi is written from, without
 * loading a generator) and an interactive reference at `/docs` (Swagger UI from the installed
 * swagger-ui-dist: no CDN, no network). The server core registers this plugin at the root
 * (`createServer`); the spec and version come as plugin options.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildDocument } from '@specgen/contract';
import type { Spec } from '@specgen/ir';
import type { FastifyPluginAsync } from 'fastify';

/** What the docs need of the server context: the IR and the configured version and address. */
export interface ApiDocsOptions {
  spec: Spec;
  config: { serviceVersion: string; publicUrl: string };
}

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Service API reference</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-ui-standalone-preset.js"></script>
  <script src="docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  validatorUrl: null,
});
`;

function assetDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** The document's text, as `/openapi.json` answers it. */
function documentText(ctx: ApiDocsOptions): string {
  const document = buildDocument(ctx.spec, { serviceVersion: ctx.config.serviceVersion || null });
  if (ctx.config.publicUrl)
    document['servers'] = [{ url: ctx.config.publicUrl.replace(/\/$/, ''), description: 'This server.' }];
  return JSON.stringify(document);
}

/**
 * Serves the document and the reference page; register it at the root (paths are `/openapi.json`,
 * `/docs`). The document is built on its first request, not at start-up (most servers never
 * answer it; building it allocated a few MB that stayed in the young generation).
 */
export const apiDocsPlugin: FastifyPluginAsync<ApiDocsOptions> = async (app, ctx) => {
  let body: string | undefined;
  let dir: string | undefined;
  const cache = new Map<string, Buffer>();
  app.get('/openapi.json', async (_request, reply) => {
    body ??= documentText(ctx);
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/docs/init.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
  app.get('/docs/:asset', async (request, reply) => {
    const name = (request.params as { asset: string }).asset;
    const type = ASSETS[name];
    if (type === undefined)
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(`${name} was not found`));
    let content = cache.get(name);
    if (!content) {
      dir ??= assetDir();
      content = readFileSync(join(dir, name));
      cache.set(name, content);
    }
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(content);
  });
};
