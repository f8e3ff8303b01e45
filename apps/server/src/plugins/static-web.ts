import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../http/error-status';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const MISSING_BUILD = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Prospector</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Prospector</h1>
<p>The API is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code>, then restart the server.</p>
</body></html>
`;

/**
 * Serves the built SPA: hashed files under /assets/ cached for a year, everything else revalidated, and
 * index.html for every other GET outside /api (the SPA's router shows its own 404 page). Unknown /api
 * routes, other methods and missing asset files get a JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        const immutable = path.startsWith(join(webDistDir, 'assets'));
        res.setHeader('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiOrFile(path);
    if (!isPage) return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
    reply.header('cache-control', 'no-cache');
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(MISSING_BUILD);
    return reply.sendFile('index.html');
  });
}

const FILE_PATH = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|json|webmanifest)$/i;

/** /api/*, and paths that name a file (an extension, or under /assets/), never fall back to the page. */
function isApiOrFile(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/') || FILE_PATH.test(path);
}
