import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const YOUTUBE_SCRIPTS = ['https://www.youtube.com', 'https://s.ytimg.com'];
const YOUTUBE_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];
/** Pages whose URL carries a secret (reset and verification tokens): it never leaves in a Referer. */
const SECRET_PAGE = /^\/(?:reset-password|verify-email)\//;

/** The origins that may frame Lectern's pages: the registered learning platforms' (issue 23). */
export interface Framing {
  /** Replaces the list; an empty one frames nowhere (`frame-ancestors 'none'`, X-Frame-Options DENY). */
  allow(origins: string[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    framing: Framing;
  }
}

function headersFor(inlineScripts: string[], frameOrigins: string[]) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...YOUTUBE_SCRIPTS],
        frameSrc: YOUTUBE_FRAMES,
        // react-toastify injects its stylesheet at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: frameOrigins.length ? ["'self'", ...frameOrigins] : ["'none'"],
        // The launch form and login initiations post to us; a page of ours posts to ourselves, and the
        // deep-linking picker its answer to the platform, on the origin of the LMS pages (issue 23).
        formAction: ["'self'", ...frameOrigins],
      },
    },
    // The same rule as `frame-ancestors 'none'` for browsers that only read X-Frame-Options. It cannot name
    // a list of origins, so with platforms registered it is left out rather than contradict the CSP.
    xFrameOptions: frameOrigins.length ? false : { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Either makes Chromium drop the renderer it readied for the page and start another once the answer
    // arrives: about 40 ms before a cold watch page can ask for its video, COOP in a new tab and
    // Origin-Agent-Cluster from another site's link (issue 14; decisions.md, "No COOP or
    // Origin-Agent-Cluster header").
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
}

/**
 * Security headers of DESIGN §5.10 and SECURITY HDR-1/HDR-2. Helmet's middleware is built once per list of
 * framing origins, not per request: @fastify/helmet built it for every request, parsing the whole CSP each
 * time (issue 14: about 4 % of the CPU of a poll). `inlineScripts`: the hash sources of the web build's own
 * inline scripts (inline-script-hashes.ts), the only inline scripts allowed.
 */
export function registerSecurityHeaders(app: FastifyInstance, inlineScripts: string[]): void {
  let setHeaders = headersFor(inlineScripts, []);
  let allowed = '';
  app.decorate('framing', {
    allow(origins: string[]) {
      const list = [...new Set(origins)].sort();
      if (list.join(' ') === allowed) return;
      allowed = list.join(' ');
      setHeaders = headersFor(inlineScripts, list);
    },
  } satisfies Framing);
  // Helmet's middleware only sets headers; since 8.1 it never calls back with an error.
  app.addHook('onRequest', (req, reply, done) => setHeaders(req.raw, reply.raw, () => done()));

  // Authenticated API answers must never be cached by the browser or a proxy.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (SECRET_PAGE.test(req.url)) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}
