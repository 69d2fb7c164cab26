import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isServerPath } from './auth';

/**
 * Pages the web build writes their own copy of index.html for, which also preloads the page's chunks
 * (web/build-tools/page-preloads.ts): the watch page, opened cold from a shared link (issue 14). Routes
 * match case-insensitively in the web app, so here too.
 */
const PAGE_HTML: { prefix: string; file: string }[] = [{ prefix: '/video/', file: 'watch.html' }];

/**
 * Serves the built SPA when there is one; every other GET that is not the server's answers index.html
 * (client-side routing). Unknown API paths get a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasSpa = fs.existsSync(path.join(webDistDir, 'index.html'));
  const pageHtml = PAGE_HTML.filter((p) => fs.existsSync(path.join(webDistDir, p.file)));
  const htmlFor = (url: string) =>
    pageHtml.find((p) => url.toLowerCase().startsWith(p.prefix))?.file ?? 'index.html';
  if (hasSpa) {
    // The web app's own files are public; every other route must declare its policy (auth.ts).
    app.addHook('onRoute', (route) => {
      const file = path.join(webDistDir, decodeURIComponent(route.url));
      if (route.config?.auth === undefined && file.startsWith(webDistDir) && fs.existsSync(file))
        route.config = { ...route.config, auth: 'public' };
    });
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside its text assets (web/build-tools/precompress.ts).
      preCompressed: true,
      // Source maps are the app's source: never served, even from a build that made them (issue 12).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in asset names: they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !isServerPath(req.url) && !req.url.split('?')[0]!.endsWith('.map');
    if (hasSpa && isPage)
      return reply.header('cache-control', 'no-cache').sendFile(htmlFor(req.url), { cacheControl: false });
    return reply
      .code(404)
      .send({ error: `No route ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
