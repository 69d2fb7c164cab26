import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const YOUTUBE_SCRIPTS = ['https://www.youtube.com', 'https://s.ytimg.com'];
const YOUTUBE_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/** Security headers of DESIGN §5.10 and SECURITY HDR-1/HDR-2. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...YOUTUBE_SCRIPTS],
        frameSrc: YOUTUBE_FRAMES,
        // react-toastify injects its stylesheet at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // Authenticated API answers must never be cached by the browser or a proxy.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (req.url.startsWith('/reset-password')) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });
}
