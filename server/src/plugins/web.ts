import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isServerPath } from './auth';
import { type ShellVideo, fillWatchShell } from './watch-shell';

/**
 * Pages the web build writes their own copy of index.html for, which also preloads the page's chunks
 * (web/build-tools/page-preloads.ts): the watch page, opened cold from a shared link (issue 14). Routes
 * match case-insensitively in the web app, so here too.
 */
const PAGE_HTML: { prefix: string; file: string }[] = [{ prefix: '/video/', file: 'watch.html' }];

/** A watch URL's video id: /video/{id} and /video/{id}/{answerId}, any case. */
const WATCH_URL = /^\/video\/([^/?]+)/i;

/**
 * Serves the built SPA when there is one; every other GET that is not the server's answers index.html
 * (client-side routing). Unknown API paths get a JSON 404. `shellVideo` gives the video a watch page's
 * shell shows (watch-shell.ts), if anyone may watch it.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDistDir: string,
  shellVideo: (videoId: string) => Promise<ShellVideo | null>,
): Promise<void> {
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
  const watchFile = path.join(webDistDir, 'watch.html');
  const watchPage = pageHtml.some((p) => p.file === 'watch.html') ? fs.readFileSync(watchFile, 'utf8') : null;
  /** The watch page with its shell showing the video, when anyone may watch it. */
  const filledWatchPage = async (req: FastifyRequest) => {
    const videoId = WATCH_URL.exec(req.url)?.[1];
    if (!watchPage || !videoId) return null;
    try {
      const video = await shellVideo(decodeURIComponent(videoId));
      return video && fillWatchShell(watchPage, video);
    } catch (error) {
      // The page still works without: the browser's own reads fill the shell.
      req.log.warn({ err: error }, 'the watch page shell could not be filled');
      return null;
    }
  };

  app.setNotFoundHandler(async (req, reply) => {
    const isPage = req.method === 'GET' && !isServerPath(req.url) && !req.url.split('?')[0]!.endsWith('.map');
    if (hasSpa && isPage) {
      const filled = await filledWatchPage(req);
      // It holds a media grant, which expires: never kept.
      if (filled)
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(filled);
      return reply.header('cache-control', 'no-cache').sendFile(htmlFor(req.url), { cacheControl: false });
    }
    return reply
      .code(404)
      .send({ error: `No route ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
