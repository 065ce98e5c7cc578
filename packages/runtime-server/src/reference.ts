/**
 * `/reference`: the reference site (`specgen docs`, docs/reference-site.md) as static files from a
 * folder, beside the Swagger UI of one version at `/docs`. The server never builds the site (that
 * would load a generator): it serves the folder `specgen docs` wrote, e.g. the generated server's
 * `reference/` (`pnpm start` writes it). Without the folder, `/reference` answers 404 with a JSON
 * message naming the command that writes it.
 */
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendMessage } from './replies.ts';

export const REFERENCE_PATH = '/reference';

export interface ReferenceOptions {
  /** The folder `specgen docs --out` wrote. */
  dir: string;
}

export async function referencePlugin(app: FastifyInstance, options: ReferenceOptions): Promise<void> {
  if (!existsSync(options.dir)) {
    const missing = `The reference site is not built: run \`specgen docs --out ${options.dir}\``;
    app.get(REFERENCE_PATH, async (_request, reply) => sendMessage(reply, 404, missing));
    app.get(`${REFERENCE_PATH}/*`, async (_request, reply) => sendMessage(reply, 404, missing));
    return;
  }
  // `/reference` -> `/reference/`, so the site's relative links resolve inside it
  app.get(REFERENCE_PATH, async (_request, reply) => reply.redirect(`${REFERENCE_PATH}/`, 301));
  await app.register(fastifyStatic, {
    root: options.dir,
    prefix: `${REFERENCE_PATH}/`,
    index: ['index.html'],
    // a folder without its trailing slash -> with it (`/reference/26.8` -> `/reference/26.8/`)
    redirect: true,
    // the pages are regenerated with the spec: revalidate rather than cache for long
    maxAge: 0,
    cacheControl: true,
    dotfiles: 'deny',
  });
}
